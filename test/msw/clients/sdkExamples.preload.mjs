// Loaded before an SDK's example (node --import): the SDK's fetch reaches fakeAnthropic and
// fakeChatCompletions, each answering what the request asks for (sdkExamples.answer.mjs). Loopback
// stays open (an example's own server); anything else is refused.
import { fakeAnthropic, fakeChatCompletions } from "../../../dist/msw.js";
import { answer } from "./sdkExamples.answer.mjs";

const anthropic = fakeAnthropic({ strict: false }).respond(answer);
const chat = fakeChatCompletions({ strict: false }).respond(answer);
const network = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === "string" ? input : (input.url ?? String(input));
  if (url.startsWith("https://api.anthropic.com/")) return anthropic.fetch(input, init);
  if (url.startsWith("https://api.openai.com/")) return chat.fetch(input, init);
  if (/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url)) return network(input, init);
  return Promise.reject(new Error(`agent-testkit: the examples reach no network (${url})`));
};
process.env.OPENAI_API_KEY = "sk-test";
process.env.ANTHROPIC_API_KEY = "sk-ant-test";
// the streaming examples redraw a terminal; under a test stdout is a pipe
for (const name of ["cursorTo", "clearLine", "moveCursor", "clearScreenDown"])
  process.stdout[name] ??= (...args) => {
    args.find((arg) => typeof arg === "function")?.();
    return true;
  };
