import OpenAI from "openai";
import { afterEach } from "vitest";
import type { Listening } from "../../fixtures/msw/index.js";
import { agentsScenarios } from "./agents.scenarios.js";

const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

agentsScenarios({
  name: "fake.listen() (loopback HTTP)",
  connect: async (fake) => {
    const server = await fake.listen();
    servers.push(server);
    return new OpenAI({ apiKey: "test-key", baseURL: server.url });
  },
});
