// The recipes docs/serve.md shows and examples/serve holds agree: the Dockerfile the page prints is
// the file, and the compose file, the workflow and the image serve the same command on one port.
// (Docker is not run here: no engine on these machines.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { root } from "../build.js";

const read = (...path: string[]) => readFileSync(join(root, ...path), "utf8");
const dockerfile = read("examples", "serve", "Dockerfile");

test("the page prints the Dockerfile as it is", () => {
  const page = read("docs", "serve.md");
  const shown = /```text\n(FROM node:24-slim[\s\S]*?)```/.exec(page)?.[1];
  expect(shown).toBe(dockerfile);
});

test("the image serves on 0.0.0.0:8080, as the compose file and the workflow reach it", () => {
  expect(dockerfile).toContain('CMD ["agent-testkit", "serve", "--host", "0.0.0.0", "--port", "8080"]');
  expect(dockerfile).toContain("http://127.0.0.1:8080/_testkit/health");
  const compose = read("examples", "serve", "docker-compose.yml");
  expect(compose).toContain('"8080:8080"');
  expect(compose).toContain("OPENAI_BASE_URL: http://fakes:8080/v1");
  expect(compose).toContain("condition: service_healthy");
  const workflow = read("examples", "serve", "github-actions.yml");
  expect(workflow).toContain("npx agent-testkit serve --host 127.0.0.1 --port 8080");
  expect(workflow.match(/AGENT_TESTKIT_URL: http:\/\/127\.0\.0\.1:8080/g)).toHaveLength(2);
});

test("the pytest recipe's conftest reads the variables the page names", () => {
  const conftest = read("examples", "serve", "python", "conftest.py");
  for (const name of ["AGENT_TESTKIT_URL", "AGENT_TESTKIT_SERVE", "OPENAI_BASE_URL", "OPENAI_API_KEY"])
    expect(conftest).toContain(name);
  expect(conftest).toContain("npx agent-testkit serve --port 0");
});
