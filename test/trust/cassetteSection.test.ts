// Issue 36 (11): two fakes recording one cassette section in one run (record or new mode, no
// owner): the second replaced what the first recorded, silently. Now the second is refused,
// naming the section, and the first's recording stays. Driven by the official client; the
// provider is a stand-in fetch on the fake's upstream (never the network).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses } from "../../fixtures/msw/index.js";

const KEY = "sk-test-recording-KEY-0123456789abcdef";
let n = 0;
/** A stand-in provider: answers every create with a message naming the question. */
const provider: typeof fetch = async (_input, init) => {
  const body = JSON.parse(String(init?.body)) as { input: string };
  n++;
  return Response.json({
    id: `resp_${n}`,
    object: "response",
    created_at: 1,
    status: "completed",
    model: "gpt-5",
    output: [
      {
        type: "message",
        id: `msg_${n}`,
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: `About ${body.input}.`, annotations: [] }],
      },
    ],
  });
};

describe.each(["record", "new"] as const)("two fakes on one section in %s mode, no owner", (mode) => {
  test("the second is refused naming the section; the first's recording stays", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "agent-testkit-sections-")), "shared.jsonl");
    const cassette = { path, section: "checkout", mode, apiKey: KEY, fetch: provider };
    const first = fakeResponses({ cassette });
    const second = fakeResponses({ cassette });
    const ask = (fake: typeof first, input: string) =>
      new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).responses.create({ model: "gpt-5", input });
    expect((await ask(first, "Oslo")).output_text).toBe("About Oslo.");
    const refused = await ask(second, "Bergen").catch((error: unknown) => error);
    // a recording that cannot be kept is the test's error, at once
    expect(refused).toMatchObject({
      status: 400,
      code: "cassette_unsaved",
      message: expect.stringContaining(
        `did not save it in ${path} [section "checkout"]: another fake recorded this section earlier in this run`,
      ),
    });
    const lines = readFileSync(path, "utf8").trim().split("\n").slice(1);
    expect(lines.map((line) => JSON.parse(line).request.body.input)).toEqual(["Oslo"]);
  });
});
