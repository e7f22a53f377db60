import OpenAI from "openai";
import { agentsScenarios } from "./agents.scenarios.js";
import { strictServer } from "./server.js";

const server = strictServer();

agentsScenarios({
  name: "fake.handlers (MSW)",
  connect: async (fake) => {
    server.use(...fake.handlers);
    return new OpenAI({ apiKey: "test-key" });
  },
});
