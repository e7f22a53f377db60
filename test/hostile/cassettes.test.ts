// Hostile cassettes and hostile recordings: a malformed line is an error naming the file, the line
// and the field when the cassette is read; a recording that cannot be saved is reported (never an
// unhandled rejection); a lock held elsewhere never blocks the event loop; the recorder's own key
// never reaches the disk, whatever its shape.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { CassetteFileError, type CassetteOptions, fakeResponses } from "../../fixtures/msw/index.js";

const dir = mkdtempSync(join(tmpdir(), "agent-testkit-hostile-cassettes-"));
const request = { method: "POST", path: "/responses", body: { model: "gpt-5", input: "Hi" } };
const line = (response: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ section: "", request, response, ...extra });
const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("a malformed cassette line is a CassetteFileError naming the file, the line and the field", () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      "status 99",
      line({ status: 99, headers: {}, body: {} }),
      /response\.status must be an HTTP status from 200 to 599, got 99/,
    ],
    [
      "status 700",
      line({ status: 700, headers: {}, body: {} }),
      /response\.status must be an HTTP status from 200 to 599, got 700/,
    ],
    [
      "a 204 with a body",
      line({ status: 204, headers: {}, body: { id: "x" } }),
      /response\.body: a 204 response has no body/,
    ],
    [
      "a header that is not a string",
      line({ status: 200, headers: { "x-n": 5 }, body: {} }),
      /response\.headers\["x-n"\] must be a string, got 5/,
    ],
    [
      "a header no response can carry",
      line({ status: 200, headers: { "bad name": "v" }, body: {} }),
      /response\.headers\["bad name"\] is not a header/,
    ],
    [
      "events that is not an array",
      line({ status: 200, headers: {}, events: "response.completed" }),
      /response\.events must be an array of events/,
    ],
    [
      "events: [null]",
      line({ status: 200, headers: {}, events: [null] }),
      /response\.events\[0\] must be an event object, got null/,
    ],
    [
      "an event without a type",
      line({ status: 200, headers: {}, events: [{ type: "response.created" }, { data: 1 }] }),
      /response\.events\[1\]\.type must be a string/,
    ],
    [
      "a body 5,000 levels deep",
      `{"section":"","request":{"method":"POST","path":"/responses"},"response":{"status":200,"headers":{},"body":${deep(5000)}}}`,
      /response\.body nests deeper than 128 levels/,
    ],
    [
      "a request body 5,000 levels deep",
      `{"section":"","request":{"method":"POST","path":"/responses","body":${deep(5000)}},"response":{"status":200,"headers":{}}}`,
      /request\.body nests deeper than 128 levels/,
    ],
    [
      "a method that is not one",
      line({ status: 200, headers: {} }).replace('"POST"', '"po st"'),
      /request\.method must be an HTTP method/,
    ],
  ];
  for (const [name, text, message] of cases) {
    test(name, () => {
      const path = join(dir, `${name.replace(/\W+/g, "-")}.jsonl`);
      writeFileSync(path, `${line({ status: 200, headers: {}, body: { id: "resp_ok" } })}\n${text}\n`);
      let error: unknown;
      try {
        fakeResponses({ cassette: { path, mode: "replay" } });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CassetteFileError);
      expect((error as Error).message).toContain(`${path}:2: `);
      expect((error as Error).message).toMatch(message);
    });
  }
});

/** A stand-in provider as a `fetch`: answers with `respond(request)`; nothing leaves the process. */
function upstream(respond: (request: Request) => Response): typeof fetch {
  return async (input, init) => respond(new Request(input, init));
}

const sse = (events: object[], headers: Record<string, string> = {}) =>
  new Response(events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join(""), {
    headers: { "content-type": "text/event-stream", ...headers },
  });
const completed = (text: string) => ({
  type: "response.completed",
  response: {
    id: "resp_0a1b2c3d4e5f",
    object: "response",
    status: "completed",
    output: [
      {
        type: "message",
        id: "msg_0a1b2c3d4e5f",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text, annotations: [] }],
      },
    ],
  },
});

/** A folder a recording cannot be written to, even as root: a path under a regular file. */
function unwritable(): string {
  const file = join(mkdtempSync(join(tmpdir(), "agent-testkit-unwritable-")), "a-file");
  writeFileSync(file, "not a folder");
  return join(file, "cassettes", "c.jsonl");
}

describe("a recording that cannot be saved is reported, never an unhandled rejection", () => {
  const recording = (path: string, extra: Partial<CassetteOptions> = {}) =>
    fakeResponses({
      cassette: {
        path,
        mode: "record",
        apiKey: "sk-recording-key-0123456789",
        fetch: upstream(() => sse([{ type: "response.created" }, completed("streamed")])),
        ...extra,
      },
    });

  test("a streamed answer: the client's stream ends with the error; fake.cassette, the log and saved() say what was lost", async () => {
    const path = unwritable();
    const fake = recording(path);
    const stream = await new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "Hi",
      stream: true,
    });
    const types: string[] = [];
    const error = await (async () => {
      for await (const event of stream) types.push(event.type);
    })().catch((e: unknown) => e);
    expect(types).toEqual(["response.created", "response.completed"]); // the client got its answer
    expect((error as Error).message).toMatch(
      new RegExp(`could not save ${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: ENOTDIR`),
    );
    expect(fake.cassette!.unsaved).toHaveLength(1);
    expect(fake.requests[0]!.unsaved).toBe(fake.cassette!.unsaved[0]);
    await expect(fake.cassette!.saved()).rejects.toMatchObject({
      name: "CassetteSaveError",
      message: expect.stringContaining(path),
    });
  });

  test("a client that stops reading early: saved() still reports it", async () => {
    const fake = recording(unwritable());
    const response = await fake.fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", input: "Hi", stream: true }),
    });
    await response.body!.cancel();
    await expect(fake.cassette!.saved()).rejects.toThrow(/could not save/);
  });

  test("a plain answer: a 400 cassette_unsaved naming the path and the reason", async () => {
    const path = unwritable();
    const fake = fakeResponses({
      cassette: {
        path,
        mode: "record",
        apiKey: "sk-recording-key-0123456789",
        fetch: upstream(() => Response.json(completed("plain").response)),
      },
    });
    await expect(
      new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({ model: "gpt-5", input: "Hi" }),
    ).rejects.toMatchObject({
      status: 400,
      code: "cassette_unsaved",
      message: expect.stringContaining(`could not save ${path}`),
    });
    expect(fake.cassette!.unsaved).toHaveLength(1);
  });

  test("a lock held elsewhere: the event loop keeps running while the recorder waits, and the timeout is reported", async () => {
    const path = join(dir, "locked.jsonl");
    writeFileSync(`${path}.lock`, ""); // another worker holds it
    const fake = recording(path, { lockTimeoutMs: 300 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const text = await (
      await fake.fetch("https://api.openai.com/v1/responses", {
        method: "POST",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-5", input: "Hi", stream: true }),
      })
    )
      .text()
      .catch((e: unknown) => String(e));
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(10); // Atomics.wait would have frozen the loop for the whole wait
    expect(text).toMatch(/could not take .*locked\.jsonl\.lock within 0\.3 s/);
    expect(fake.cassette!.unsaved[0]).toMatch(/locked\.jsonl\.lock/);
  });

  test("a lock released while the recorder waits: the recording is saved", async () => {
    const path = join(dir, "released.jsonl");
    writeFileSync(`${path}.lock`, "");
    const fake = recording(path);
    const reading = fake
      .fetch("https://api.openai.com/v1/responses", {
        method: "POST",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-5", input: "Hi", stream: true }),
      })
      .then((r) => r.text());
    setTimeout(
      () => (writeFileSync(`${path}.lock`, ""), void import("node:fs").then((fs) => fs.rmSync(`${path}.lock`))),
      100,
    );
    expect(await reading).toContain("response.completed");
    await fake.cassette!.saved();
    expect(readFileSync(path, "utf8")).toContain("streamed");
  });
});

describe("the recorder's own key never reaches the disk, whatever its shape", () => {
  const KEY = "azure-0f1e2d3c4b5a69788796a5b4c3d2e1f0"; // a gateway key: nothing like sk-…

  test("echoed in a 401 body, the answer text, SSE events, an openai-* header and an ?api-key= query string", async () => {
    const path = join(dir, "echo.jsonl");
    const echo = upstream((request) => {
      const key = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
      if (request.url.includes("/responses/"))
        return Response.json(
          {
            error: {
              message: `Incorrect API key provided: ${key}`,
              type: "invalid_request_error",
              code: "invalid_api_key",
            },
          },
          { status: 401, headers: { "openai-echo": key } },
        );
      return sse(
        [{ type: "response.created", note: `key ${key}` }, completed(`you sent ${key} and ${encodeURIComponent(key)}`)],
        { "openai-processing-key": key },
      );
    });
    const fake = fakeResponses({ cassette: { path, mode: "record", apiKey: KEY, fetch: echo } });
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    for await (const _ of await client.responses.create({ model: "gpt-5", input: "Hi", stream: true })) void _;
    await fake.fetch(`https://api.openai.com/v1/responses/resp_x?api-key=${KEY}`, {
      headers: { authorization: "Bearer k" },
    });
    await fake.cassette!.saved();
    const text = readFileSync(path, "utf8");
    expect(text).toContain("[REDACTED]");
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
  });

  test("credentials in the upstream URL are redacted in error messages too", async () => {
    const fake = fakeResponses({
      cassette: {
        path: join(dir, "creds.jsonl"),
        mode: "record",
        apiKey: KEY,
        upstream: "https://user:pa55w0rd-gateway@gateway.invalid/v1?key=gw-secret-123456",
        fetch: async () =>
          Promise.reject(
            new TypeError(
              `fetch failed for https://user:pa55w0rd-gateway@gateway.invalid/v1?key=gw-secret-123456 with ${KEY}`,
            ),
          ),
      },
    });
    const error = await new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses
      .create({ model: "gpt-5", input: "Hi" })
      .then(
        () => new Error("no error"),
        (e: unknown) => e as Error,
      );
    expect(error.message).toContain("could not reach");
    for (const secret of ["pa55w0rd-gateway", "gw-secret-123456", KEY]) expect(error.message).not.toContain(secret);
    expect(readdirSync(dir)).not.toContain("creds.jsonl");
  });

  test("the built-in patterns: a lowercase bearer, and an sk- key glued to a letter, a digit, an underscore or an escape", async () => {
    const path = join(dir, "patterns.jsonl");
    const secrets = [
      "bearer abcdefgh12345678",
      "BEARER zyxwvuts98765432",
      "x\\nsk-live-0123456789abcdefghij",
      "Bearer%20sk-live-0123456789abcdefghij",
      "req_sk-live-0123456789abcdefghij",
      "9sk-proj-0123456789abcdefghij",
    ];
    const fake = fakeResponses({
      cassette: {
        path,
        mode: "record",
        apiKey: "sk-recording-key-0123456789",
        fetch: upstream(() => Response.json(completed(secrets.join(" | ")).response)),
      },
    });
    await new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "Hi",
    });
    const text = readFileSync(path, "utf8");
    for (const token of [
      "abcdefgh12345678",
      "zyxwvuts98765432",
      "sk-live-0123456789abcdefghij",
      "sk-proj-0123456789abcdefghij",
    ])
      expect(text).not.toContain(token);
    expect(text).toContain("req_[REDACTED]");
    // ordinary words with "sk-" inside are left alone
    const words = fakeResponses({
      cassette: {
        path: join(dir, "words.jsonl"),
        mode: "record",
        apiKey: "sk-recording-key-0123456789",
        fetch: upstream(() => Response.json(completed("task-management and risk-assessment").response)),
      },
    });
    await new OpenAI({ apiKey: "k", fetch: words.fetch, maxRetries: 0 }).responses.create({
      model: "gpt-5",
      input: "Hi",
    });
    expect(readFileSync(join(dir, "words.jsonl"), "utf8")).toContain("task-management and risk-assessment");
  });
});
