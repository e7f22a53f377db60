// agentTest never lets a request reach the network: the guard is installed before every test,
// whether or not the test names a fixture, and first in the file or not.
import { expect } from "vitest";
import { turn } from "../../fixtures/msw/index.js";
import { agentTest } from "../../matchers/vitest.js";

async function errorOf(response: Response) {
  return {
    status: response.status,
    retry: response.headers.get("x-should-retry"),
    error: ((await response.json()) as { error: { code: string; message: string } }).error,
  };
}

// First in the file, and naming no fixture: nothing has installed a server before it.
agentTest("a test that names no fixture, first in its file, is blocked by the guard", async () => {
  const { status, retry, error } = await errorOf(
    await fetch("https://api.openai.com/v1/chat/completions", {
      method: "POST",
      headers: { authorization: "Bearer sk-real-looking-0123456789" },
      body: "{}",
    }),
  );
  expect(status).toBe(400);
  expect(retry).toBe("false");
  expect(error.code).toBe("unhandled_request");
  expect(error.message).toContain("POST https://api.openai.com/v1/chat/completions");
});

agentTest("a test with a fixture is served by its fake", async ({ responses }) => {
  responses.reply(turn.message("hi"));
  const response = await fetch("https://api.openai.com/v1/responses", {
    method: "POST",
    headers: { authorization: "Bearer k", "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-5", input: "x" }),
  });
  expect(response.status).toBe(200);
});

agentTest(
  "a later test without the fixture gets the guard's answer naming the URL, not 'sent outside the test'",
  async () => {
    for (const url of ["https://api.openai.com/v1/responses", "https://api.openai.com/v1/agents/sessions"]) {
      const { status, error } = await errorOf(
        await fetch(url, { method: "POST", headers: { authorization: "Bearer k" }, body: "{}" }),
      );
      expect(status).toBe(400);
      expect(error.code).toBe("unhandled_request");
      expect(error.message).toContain(`POST ${url} has no fake handler`);
      expect(error.message).not.toContain("outside the test");
    }
  },
);

agentTest("a test with only the agents fixture is blocked on the Responses routes", async ({ agents }) => {
  const { error } = await errorOf(
    await fetch("https://api.openai.com/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer k" },
      body: "{}",
    }),
  );
  expect(error.code).toBe("unhandled_request");
  expect(error.message).toContain("this test asked for no responses fake (name the `responses` fixture");
  expect(agents.requests).toHaveLength(0);
});
