import OpenAI from "openai";
import { responsesScenarios } from "./responses.scenarios.js";

responsesScenarios({
  name: "fake.fetch",
  connect: async (fake) => new OpenAI({ apiKey: "test-key", fetch: fake.fetch }),
});
