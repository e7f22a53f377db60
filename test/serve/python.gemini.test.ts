// The Python `google-genai` client against `serve`, unchanged: its base URL a session's
// (`{url}/s/{id}`: the client adds `/v1beta`), the turns queued over the control API for the
// Gemini fake, a function call answered from Python (the model's signed content sent back), and the
// conversation asserted over `/expect`. Skipped, saying why, where Python or the package cannot be had.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { pythonEnvironment } from "../python.js";
import { useServer } from "./testServer.js";

const harness = useServer();

const SCRIPT = `
import sys
from google import genai
from google.genai import types

client = genai.Client(api_key="test", http_options=types.HttpOptions(base_url=sys.argv[1]))
weather = types.Tool(function_declarations=[types.FunctionDeclaration(
    name="get_weather",
    parameters_json_schema={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)])
config = types.GenerateContentConfig(tools=[weather], automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True))
contents = [types.Content(role="user", parts=[types.Part(text="Weather in Paris?")])]
first = client.models.generate_content(model="gemini-3-pro-preview", contents=contents, config=config)
call = first.function_calls[0]
assert call.name == "get_weather" and call.args == {"city": "Paris"}, call
contents.append(first.candidates[0].content)
contents.append(types.Content(role="user", parts=[types.Part.from_function_response(name="get_weather", response={"celsius": 21})]))
second = client.models.generate_content(model="gemini-3-pro-preview", contents=contents, config=config)
print(second.text)
`;

test("the Python google-genai client on a serve session: a call answered, its signature sent back", async (context) => {
  const env = pythonEnvironment("python-gemini", ["google-genai"], ["google.genai"]);
  if ("missing" in env) {
    console.warn(`skipped: ${env.missing}`);
    return context.skip();
  }
  const session = await harness.call("POST", "/sessions", {});
  expect(session.status).toBe(201);
  const id = session.json.id as string;
  const queued = await harness.call("POST", `/sessions/${id}/reply`, {
    fake: "gemini",
    turns: [{ functionCall: ["get_weather", { city: "Paris" }] }, { message: "Sunny in Paris." }],
  });
  expect(queued).toMatchObject({ status: 200, json: { pending: 2 } });
  // the server runs in this process: the client runs beside it, never blocking it (no spawnSync)
  const run = await promisify(execFile)(
    env.python,
    ["-c", SCRIPT, `${harness.server.url}/s/${encodeURIComponent(id)}`],
    { encoding: "utf8", timeout: 60_000 },
  );
  expect(run.stderr, run.stderr).not.toMatch(/Traceback/);
  expect(run.stdout.trim()).toBe("Sunny in Paris.");
  const expectation = await harness.call("POST", `/sessions/${id}/expect`, {
    matcher: "toHaveCalledTool",
    fake: "gemini",
    args: ["get_weather", { city: "Paris" }],
  });
  expect(expectation.json).toMatchObject({ pass: true });
  const requests = await harness.call("GET", `/sessions/${id}/requests?fake=gemini`);
  expect(requests.json.map((r: { path: string }) => r.path)).toEqual([
    "/v1beta/models/gemini-3-pro-preview:generateContent",
    "/v1beta/models/gemini-3-pro-preview:generateContent",
  ]);
}, 420_000);
