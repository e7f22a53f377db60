// A cassette is read once per process while it is unchanged on disk, and each fake parses only
// its own section; every file starts with a provenance line that says where its recordings came from.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, test, vi } from "vitest";
import { CassetteFileError, readCassetteFile } from "../../../fixtures/msw/cassette/file.js";
import { loadSection, unusedSections } from "../../../fixtures/msw/cassette/store.js";
import { fakeResponses, turn } from "../../../fixtures/msw/index.js";
import { VERSION } from "../../../src/version.js";

// what the store reads from disk, counted by path
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return { ...fs, readFileSync: vi.fn(fs.readFileSync) };
});
const { readFileSync: counted } = await import("node:fs");
const loadsOf = (path: string) =>
  vi.mocked(counted).mock.calls.filter(([file]) => String(file) === path && !String(file).endsWith(".lock")).length;

const KEY = "sk-test-recording-key-0123456789";
const dir = mkdtempSync(join(tmpdir(), "agent-testkit-cassette-store-"));

const line = (section: string, input: string, text = "Paris.") =>
  JSON.stringify({
    request: { body: { input, model: "gpt-5" }, method: "POST", path: "/responses" },
    response: {
      body: {
        id: `resp_${input.length}abcdef12`,
        object: "response",
        output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }],
      },
      headers: {},
      status: 200,
    },
    section,
  });

const ask = (fake: ReturnType<typeof fakeResponses>, input: string) =>
  new OpenAI({ apiKey: KEY, fetch: fake.fetch, maxRetries: 0 }).responses.create({ model: "gpt-5", input });

/** Records `inputs` into `section` of `path` from a fake provider that answers `answer`. */
/** One owner for every recording of this file: each stands for a new run of the same test. */
const RERUNS = { label: "the runs this file stands for" };

async function record(path: string, section: string, inputs: string[], answer = "Paris.") {
  const provider = fakeResponses().respond(() => turn.message(answer));
  const fake = fakeResponses({
    cassette: { path, section, mode: "record", apiKey: KEY, fetch: provider.fetch, owner: RERUNS },
  });
  for (const input of inputs) await ask(fake, input);
  await fake.cassette?.saved();
}

describe("read once per process", () => {
  test("fakes of an unchanged cassette share one read; a rewritten file is read again", async () => {
    const path = join(dir, "once.jsonl");
    writeFileSync(path, `${line("a", "one")}\n${line("b", "two")}\n`);
    const before = loadsOf(path);
    for (let i = 0; i < 20; i++) {
      const fake = fakeResponses({ cassette: { path, section: i % 2 === 0 ? "a" : "b", mode: "replay" } });
      expect((await ask(fake, i % 2 === 0 ? "one" : "two")).id).toMatch(/^resp_/);
    }
    expect(loadsOf(path) - before).toBe(1);
    writeFileSync(path, `${line("a", "one", "Lyon.")}\n`);
    const fake = fakeResponses({ cassette: { path, section: "a", mode: "replay" } });
    expect((await ask(fake, "one")).output_text).toBe("Lyon.");
    expect(loadsOf(path) - before).toBe(2);
  });

  test("a section's lines are parsed when a fake asks for it: a broken line of another section does not stop it", async () => {
    const path = join(dir, "lazy.jsonl");
    const broken = `{"request":{"method":"POST","path":"/responses"},"response":{"status":999},"section":"b"}`;
    writeFileSync(path, `${line("a", "one")}\n${broken}\n`);
    const fake = fakeResponses({ cassette: { path, section: "a", mode: "replay" } });
    expect((await ask(fake, "one")).output_text).toBe("Paris.");
    expect(() => fakeResponses({ cassette: { path, section: "b", mode: "replay" } })).toThrow(
      /lazy\.jsonl:2: response\.status must be an HTTP status from 200 to 599, got 999/,
    );
    // a line whose section cannot be read fails every fake of the file, naming the line
    writeFileSync(path, `${line("a", "one")}\n{"section":"a",\n`);
    expect(() => fakeResponses({ cassette: { path, section: "a", mode: "replay" } })).toThrow(CassetteFileError);
    expect(() => fakeResponses({ cassette: { path, section: "a", mode: "replay" } })).toThrow(
      /lazy\.jsonl:2: not valid JSON/,
    );
  });

  test("a line written by hand, its keys in any order, is read whole", async () => {
    const path = join(dir, "by-hand.jsonl");
    const value = JSON.parse(line("a", "one")) as Record<string, unknown>;
    const { section, ...rest } = value;
    // a nested "section" key last on the line must not be taken for the line's own
    const tricky = { section, ...rest, response: { ...(rest.response as object), headers: { section: "b" } } };
    writeFileSync(path, ` ${JSON.stringify(tricky)}\r\n\n`);
    expect(loadSection(path, "a").interactions).toHaveLength(1);
    expect(loadSection(path, "b").interactions).toHaveLength(0);
    expect(loadSection(path, "a").sections).toEqual(["a"]);
  });

  test("recordings shared by the fakes of a process cannot be changed through one of them", async () => {
    const path = join(dir, "frozen.jsonl");
    writeFileSync(path, `${line("a", "one")}\n`);
    const [interaction] = loadSection(path, "a").interactions;
    expect(Object.isFrozen(interaction?.response.body)).toBe(true);
    const fake = fakeResponses({ cassette: { path, section: "a", mode: "replay" } });
    const answer = await ask(fake, "one");
    answer.output_text = "changed";
    const [stored] = fake.responses.values();
    expect(() => Object.assign(stored ?? {}, { status: "failed" })).not.toThrow(); // the fake's own copy
    expect((await ask(fakeResponses({ cassette: { path, section: "a", mode: "replay" } }), "one")).output_text).toBe(
      "Paris.",
    );
  });
});

describe("the provenance line", () => {
  test("says when, by which client and toolkit, with which models; the fake and a miss show it", async () => {
    const path = join(dir, "provenance.jsonl");
    await record(path, "a", ["one", "two"]);
    const first = readFileSync(path, "utf8").split("\n")[0] ?? "";
    expect(first).toMatch(/^\{"provenance":\{"clients":\["OpenAI\/JS \d+\.\d+\.\d+"\],"models":\["gpt-5"\]/);
    const { provenance, interactions } = readCassetteFile(path);
    expect(interactions).toHaveLength(2);
    expect(provenance).toMatchObject({
      toolkit: `agent-testkit ${VERSION}`,
      models: ["gpt-5"],
      sections: { a: { client: expect.stringMatching(/^OpenAI\/JS /) } },
    });
    expect(Date.now() - Date.parse(provenance?.recorded ?? "")).toBeLessThan(60_000);
    const fake = fakeResponses({ cassette: { path, section: "a", mode: "replay" } });
    expect(fake.cassette?.provenance).toEqual(provenance);
    await expect(ask(fake, "three")).rejects.toThrow(
      /provenance\.jsonl \[section "a"\] \(recorded \S+Z by OpenAI\/JS [\d.]+ \(agent-testkit [\d.]+; gpt-5\)\) matches POST/,
    );
  });

  test("a section recorded anew moves its own time; one re-recorded unchanged leaves the file as it was", async () => {
    const path = join(dir, "times.jsonl");
    await record(path, "a", ["one"]);
    await record(path, "b", ["two"]);
    const before = readCassetteFile(path).provenance;
    const text = readFileSync(path, "utf8");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await record(path, "a", ["one"]); // the provider answers the same: the old recording is kept
    expect(readFileSync(path, "utf8").split("\n")).toEqual(text.split("\n"));
    await record(path, "b", ["two"], "Rome.");
    const after = readCassetteFile(path).provenance;
    expect(after?.sections.a).toEqual(before?.sections.a);
    expect(after?.sections.b?.recorded).not.toBe(before?.sections.b?.recorded);
    expect(after?.recorded).toBe(after?.sections.b?.recorded);
  });

  test("a provenance line anywhere but first, or of the wrong shape, is a CassetteFileError naming the line", () => {
    const path = join(dir, "bad-provenance.jsonl");
    const good = {
      recorded: "2026-12-01T00:00:00.000Z",
      toolkit: "agent-testkit 0.1.0",
      clients: [],
      models: [],
      sections: {},
    };
    writeFileSync(path, `${line("a", "one")}\n${JSON.stringify({ provenance: good })}\n`);
    expect(() => readCassetteFile(path)).toThrow(
      /bad-provenance\.jsonl:2: a provenance line belongs on the file's first line/,
    );
    expect(() => fakeResponses({ cassette: { path, section: "a", mode: "replay" } })).toThrow(
      /bad-provenance\.jsonl:2: a provenance line belongs/,
    );
    writeFileSync(path, `${JSON.stringify({ provenance: { ...good, models: "gpt-5" } })}\n${line("a", "one")}\n`);
    expect(() => readCassetteFile(path)).toThrow(
      /bad-provenance\.jsonl:1: provenance\.models must be an array of strings/,
    );
    writeFileSync(path, `${JSON.stringify({ provenance: good })}\n${line("a", "one")}\n`);
    expect(readCassetteFile(path).provenance).toEqual(good);
  });
});

describe("unused sections", () => {
  test("a section no fake served or recorded is listed, with its first line and its count, until one does", async () => {
    const path = join(dir, "unused.jsonl");
    writeFileSync(path, `${line("a", "one")}\n${line("b", "two")}\n${line("b", "three")}\n${line("c", "four")}\n`);
    expect(unusedSections(path).map((u) => u.section)).toEqual(["a", "b", "c"]);
    const fake = fakeResponses({ cassette: { path, section: "b", mode: "replay" } });
    expect(fake.cassette?.unusedSections.map((u) => u.section)).toEqual(["a", "b", "c"]); // made, not used yet
    await ask(fake, "two");
    expect(fake.cassette?.unusedSections).toEqual([
      { path, section: "a", line: 1, recordings: 1 },
      { path, section: "c", line: 4, recordings: 1 },
    ]);
    await record(path, "d", ["five"]); // a section recorded in this run is in use
    expect(unusedSections(path).map((u) => u.section)).toEqual(["a", "c"]);
    expect(unusedSections(join(dir, "no-such.jsonl"))).toEqual([]);
  });
});

test("the provenance line names the client by its User-Agent, redacted like everything stored", async () => {
  const path = join(dir, "agent.jsonl");
  const provider = fakeResponses().respond(() => turn.message("ok"));
  const fake = fakeResponses({ cassette: { path, mode: "record", apiKey: KEY, fetch: provider.fetch } });
  await fake.fetch("https://api.openai.com/v1/responses", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": `my-agent/2.1 (key ${KEY})`,
      authorization: `Bearer ${KEY}`,
    },
    body: JSON.stringify({ model: "gpt-5", input: "hi" }),
  });
  await fake.cassette?.saved();
  const client = readCassetteFile(path).provenance?.sections[""]?.client ?? "";
  expect(client).toMatch(/^my-agent\/2\.1 \(key /);
  expect(client).not.toContain(KEY);
  expect(readFileSync(path, "utf8")).not.toContain(KEY);
});
