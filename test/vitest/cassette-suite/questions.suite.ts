// Run by agentTest.cassette.test.ts with AGENT_TESTKIT_RECORD=record, then =replay (no provider).
import OpenAI from "openai";
import { describe, expect } from "vitest";
import { createAgentTest } from "../../../matchers/agentTest.js";

const env = (name: string) => process.env[name] ?? "";
const agentTest = createAgentTest({
  cassette: {
    dir: env("CASSETTE_DIR"),
    upstream: env("UPSTREAM"),
    apiKey: env("RECORDING_KEY"),
    ...(env("UNUSED") === "fail" ? { unused: "fail" as const } : {}),
  },
});
const replaying = env("AGENT_TESTKIT_RECORD") === "replay";
const ask = (question: string) =>
  new OpenAI({ apiKey: "sk-agent-testkit-placeholder", maxRetries: 0 }).responses.create({
    model: "gpt-5",
    input: question,
  });

describe("recorded", () => {
  agentTest("first question", async ({ responses }) => {
    expect((await ask("one")).output_text).toBe("You said 5 characters.");
    expect(responses.cassette).toMatchObject({
      mode: env("AGENT_TESTKIT_RECORD"),
      section: "recorded > first question [responses]",
    });
  });
  // A test asks for the fake it uses: fixtures are created only when asked for.
  agentTest("second question", async ({ responses }) => {
    void responses;
    expect((await ask("two two")).output_text).toBe("You said 9 characters.");
    if (replaying)
      await expect(ask("something else")).rejects.toThrow(
        /no recording in .* \[section "recorded > second question \[responses\]"\] \(recorded [^)]+ by OpenAI\/JS [^)]+\(agent-testkit [^)]+\)\) matches POST \/responses/,
      );
  });
});

// The same name twice (test.each without %s): each test its own section, recorded and replayed.
agentTest.for(["three", "four four"])("the same name", async (question, { responses }) => {
  expect((await ask(question)).output_text).toBe(`You said ${question.length + 2} characters.`);
  expect(responses.cassette!.section).toBe(
    question === "three" ? "the same name [responses]" : "the same name (2) [responses]",
  );
});
