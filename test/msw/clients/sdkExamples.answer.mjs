// What an SDK example's request asks for, answered as a model would: the first offered tool called
// (the one tool_choice forces), arguments generated from its schema, until a tool's result comes
// back; JSON of the response schema; otherwise a message. Shared by the TypeScript examples'
// preload and the Python examples' loopback fake.
import { createFactories } from "../../../dist/factories.js";
import { turn } from "../../../dist/msw.js";

export const FAKE_ANSWER = "This is the fake's answer.";
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

export function answer({ body }) {
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
  return turn.message(FAKE_ANSWER);
}
