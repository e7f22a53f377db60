import OpenAI from "openai";
import { expect, test } from "vitest";
import { responsesScenarios } from "./responses.scenarios.js";
import { surfaceScenarios } from "./responses.surfaces.scenarios.js";
import { strictServer } from "./server.js";
import { storageScenarios } from "./storage.scenarios.js";
import { viaHandlers } from "./transports.js";

const server = strictServer();

const transport = viaHandlers(server);
responsesScenarios(transport);
surfaceScenarios(transport);
storageScenarios(transport);

test("a request no fake handles is an error, never a call to the real provider", async () => {
  const client = new OpenAI({ apiKey: "test-key", maxRetries: 0 });
  await expect(client.responses.create({ model: "gpt-5", input: "x" })).rejects.toThrow();
});
