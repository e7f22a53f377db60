// boto3's `bedrock-runtime` client against `serve`, unchanged: its `endpoint_url` a session's
// (`{url}/s/{id}`: the client adds `/model/{modelId}/converse`), SigV4-signed with any credentials.
// A tool call answered from Python with `converse`, the answer streamed with `converse_stream` (AWS's
// binary event stream, its CRCs checked by botocore), a mid-stream exception raised as botocore's
// error, and the conversation asserted over `/expect`. Skipped, saying why, where Python or boto3
// cannot be had.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { pythonEnvironment } from "../python.js";
import { useServer } from "./testServer.js";

const harness = useServer();

const SCRIPT = `
import json, sys
import boto3
from botocore.exceptions import EventStreamError

client = boto3.client(
    "bedrock-runtime", region_name="us-east-1", endpoint_url=sys.argv[1],
    aws_access_key_id="AKIDEXAMPLE", aws_secret_access_key="secret",
)
model = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
tools = {"tools": [{"toolSpec": {"name": "get_weather", "inputSchema": {"json": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}}]}
messages = [{"role": "user", "content": [{"text": "Weather in Paris?"}]}]
first = client.converse(modelId=model, messages=messages, toolConfig=tools)
assert first["stopReason"] == "tool_use", first
use = first["output"]["message"]["content"][0]["toolUse"]
assert use["name"] == "get_weather" and use["input"] == {"city": "Paris"}, use
messages.append(first["output"]["message"])
messages.append({"role": "user", "content": [{"toolResult": {"toolUseId": use["toolUseId"], "content": [{"json": {"celsius": 21}}]}}]})
streamed = client.converse_stream(modelId=model, messages=messages, toolConfig=tools)
text = "".join(e["contentBlockDelta"]["delta"].get("text", "") for e in streamed["stream"] if "contentBlockDelta" in e)
print(text)
try:
    for event in client.converse_stream(modelId=model, messages=[{"role": "user", "content": [{"text": "Again"}]}])["stream"]:
        pass
    print("no error")
except EventStreamError as error:
    print(error.response["Error"]["Code"])
`;

test("boto3's bedrock-runtime client on a serve session: converse, converse_stream, a mid-stream exception", async (context) => {
  const env = pythonEnvironment("python-bedrock", ["boto3"]);
  if ("missing" in env) {
    console.warn(`skipped: ${env.missing}`);
    return context.skip();
  }
  const session = await harness.call("POST", "/sessions", {});
  expect(session.status).toBe(201);
  const id = session.json.id as string;
  const queued = await harness.call("POST", `/sessions/${id}/reply`, {
    fake: "bedrock",
    turns: [
      { functionCall: ["get_weather", { city: "Paris" }] },
      { message: "Sunny in Paris." },
      { streamError: [{ code: "throttlingException", message: "Slow down." }] },
    ],
  });
  expect(queued).toMatchObject({ status: 200, json: { pending: 3 } });
  // the server runs in this process: the client runs beside it, never blocking it (no spawnSync)
  const run = await promisify(execFile)(
    env.python,
    ["-c", SCRIPT, `${harness.server.url}/s/${encodeURIComponent(id)}`],
    { encoding: "utf8", timeout: 60_000 },
  );
  expect(run.stderr, run.stderr).not.toMatch(/Traceback/);
  expect(run.stdout.trim().split("\n")).toEqual(["Sunny in Paris.", "throttlingException"]);
  const expectation = await harness.call("POST", `/sessions/${id}/expect`, {
    matcher: "toHaveCalledTool",
    fake: "bedrock",
    args: ["get_weather", { city: "Paris" }],
  });
  expect(expectation.json).toMatchObject({ pass: true });
  const requests = await harness.call("GET", `/sessions/${id}/requests?fake=bedrock`);
  expect(requests.json.map((r: { route: string }) => r.route)).toEqual([
    "converse",
    "converseStream",
    "converseStream",
  ]);
}, 420_000);

test("rules answer the Bedrock fake by what its request says", async () => {
  const session = await harness.call("POST", "/sessions", {});
  const id = session.json.id as string;
  const ruled = await harness.call("POST", `/sessions/${id}/rules`, {
    fake: "bedrock",
    rules: [{ input: "hello", turns: [{ message: "Hi there." }] }],
  });
  expect(ruled.status).toBe(200);
  const refused = await harness.call("POST", `/sessions/${id}/rules`, {
    fake: "bedrock",
    rules: [{ input: "x", turns: [{ webSearch: ["news"] }] }],
  });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.json)).toMatch(/Bedrock Converse/);
  const answer = await fetch(`${harness.server.url}/s/${id}/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse`, {
    method: "POST",
    headers: { authorization: "Bearer key", "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ role: "user", content: [{ text: "hello" }] }] }),
  });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { output: { message: unknown } }).output.message).toEqual({
    role: "assistant",
    content: [{ text: "Hi there." }],
  });
});
