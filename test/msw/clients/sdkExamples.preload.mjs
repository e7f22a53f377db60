// Loaded before an SDK's example (node --import): the SDK's fetch reaches fakeAnthropic and
// fakeChatCompletions, each answering what the request asks for: the first offered tool called
// (the one tool_choice forces), arguments generated from its schema, until a tool's result comes
// back; JSON of the response schema; otherwise a message. Loopback stays open (an example's own
// server); anything else is refused.
import { createFactories } from "../../../dist/factories.js";
import { fakeAnthropic, fakeChatCompletions, turn } from "../../../dist/msw.js";

const factories = createFactories({ seed: 1 });
const schemaOf = (tool) => tool.input_schema ?? tool.function?.parameters ?? tool.parameters;
const nameOf = (tool) => tool.function?.name ?? tool.name;

function userSpeaksLast(messages) {
  const last = messages.at(-1);
  if (!last) return true;
  if (last.role === "tool" || last.role === "function") return false;
  if (Array.isArray(last.content) && last.content.some((block) => block.type === "tool_result")) return false;
  return last.role === "user";
}

function answer({ body }) {
  const tools = body.tools ?? body.functions ?? [];
  const forced = body.tool_choice?.function?.name ?? body.tool_choice?.name ?? body.function_call?.name;
  if (tools.length > 0 && body.tool_choice !== "none" && userSpeaksLast(body.messages ?? [])) {
    const tool = tools.find((t) => nameOf(t) === forced) ?? tools[0];
    // Anthropic's memory tool is typed (no input_schema): a call of its own shape
    if (tool.type?.startsWith("memory_"))
      return turn.functionCall(nameOf(tool), { command: "view", path: "/memories" });
    const schema = schemaOf(tool);
    return turn.functionCall(nameOf(tool), schema ? factories.argumentsFor(schema) : {});
  }
  const schema = body.response_format?.json_schema?.schema ?? body.output_config?.format?.schema;
  if (schema) return turn.json(factories.argumentsFor(schema));
  return turn.message("This is the fake's answer.");
}

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
