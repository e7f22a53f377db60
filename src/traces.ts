import { isArray, isRecord, readField, readInherited } from "./internal/read.js";

/**
 * Traces as conversations: the spans an agent run leaves, read as the Open Responses items the
 * conversation matchers and `trajectoryOf` read — from OpenTelemetry spans following the GenAI
 * semantic conventions (the `ReadableSpan`s an `InMemorySpanExporter` holds, or an OTLP/JSON
 * export) and from `@openai/agents`' own traces (the spans a trace processor receives, or their
 * exported JSON). Each item remembers the agent whose span it ran under. Shapes only: no
 * OpenTelemetry package is loaded here.
 */

/** One span, read once whatever carried it. */
export interface ReadSpan {
  readonly id: string;
  readonly parent: string | undefined;
  readonly start: number;
  readonly order: number;
  /** Its attributes (OpenTelemetry), or its `span_data` (`@openai/agents`). */
  readonly data: Record<string, unknown>;
  readonly kind: "otel" | "agents";
  /** What the trace calls it (an OpenTelemetry span's name, an `@openai/agents` span's type). */
  readonly name: string;
}

const agentOfItem = new WeakMap<object, string>();

/** The agent whose span an item of a trace ran under, if the trace says. */
export function traceAgentOf(item: unknown): string | undefined {
  return isRecord(item) ? agentOfItem.get(item) : undefined;
}

/** Whether a value is a trace: a list of spans (OpenTelemetry's or `@openai/agents`'), or an OTLP/JSON export. */
export function isTrace(value: unknown): boolean {
  if (isRecord(value) && isArray(readField(value, "resourceSpans"))) return true;
  return isArray(value) && value.length > 0 && value.every((span) => otelSpan(span, 0) ?? agentsSpan(span, 0));
}

/** The items a trace holds, in the order their spans began. */
export function traceItems(value: unknown): unknown[] {
  const spans = traceSpans(value);
  const byId = new Map(spans.map((span) => [span.id, span]));
  const agentOf = (span: ReadSpan): string | undefined => {
    for (let at = byId.get(span.parent ?? ""), hops = 0; at && hops < 256; at = byId.get(at.parent ?? ""), hops++) {
      const name = agentName(at);
      if (name !== undefined) return name;
    }
    return undefined;
  };
  const items: unknown[] = [];
  const push = (item: Record<string, unknown>, span: ReadSpan) => {
    const agent = agentOf(span);
    if (agent !== undefined) agentOfItem.set(item, agent);
    items.push(item);
  };
  // tools the trace shows run (an execute_tool span) are its calls; a chat span's tool calls are not read again
  const ran = spans.some((span) => span.kind === "otel" && span.data["gen_ai.operation.name"] === "execute_tool");
  for (const span of spans) for (const item of spanItems(span, ran)) push(item, span);
  return items;
}

/** The spans of a trace, read once, in the order they began. */
export function traceSpans(value: unknown): ReadSpan[] {
  return spansOf(value).sort((a, b) => a.start - b.start || a.order - b.order);
}

/** The spans of a trace, read once. */
function spansOf(value: unknown): ReadSpan[] {
  if (isRecord(value) && isArray(readField(value, "resourceSpans"))) return otlpSpans(value);
  if (!isArray(value)) return [];
  return value.flatMap((span, order) => {
    const read = otelSpan(span, order) ?? agentsSpan(span, order);
    return read === undefined ? [] : [read];
  });
}

/** An OpenTelemetry `ReadableSpan` (`spanContext()`, `attributes`, `startTime` as [seconds, nanos]). */
function otelSpan(span: unknown, order: number): ReadSpan | undefined {
  // a span is a class: its fields behind getters, spanContext() a method
  const attributes = readInherited(span, "attributes");
  const context = readInherited(span, "spanContext");
  if (!isRecord(attributes) || typeof context !== "function") return undefined;
  let id: unknown;
  try {
    id = readField((context as () => unknown).call(span), "spanId");
  } catch {
    return undefined;
  }
  if (typeof id !== "string") return undefined;
  const parent = readField(readInherited(span, "parentSpanContext"), "spanId") ?? readInherited(span, "parentSpanId");
  const time = readInherited(span, "startTime");
  const start = isArray(time) ? Number(time[0]) * 1e9 + Number(time[1]) : order;
  return {
    id,
    parent: typeof parent === "string" ? parent : undefined,
    start: Number.isFinite(start) ? start : order,
    order,
    data: attributes,
    kind: "otel",
    name: String(readInherited(span, "name") ?? ""),
  };
}

/** An OTLP/JSON export's spans (`resourceSpans[].scopeSpans[].spans[]`, attributes as `{ key, value }`). */
function otlpSpans(value: unknown): ReadSpan[] {
  const spans: ReadSpan[] = [];
  for (const resource of asList(readField(value, "resourceSpans")))
    for (const scope of asList(readField(resource, "scopeSpans")))
      for (const span of asList(readField(scope, "spans"))) {
        const id = readField(span, "spanId");
        if (typeof id !== "string") continue;
        const parent = readField(span, "parentSpanId");
        const data: Record<string, unknown> = {};
        for (const attribute of asList(readField(span, "attributes"))) {
          const key = readField(attribute, "key");
          if (typeof key === "string") data[key] = otlpValue(readField(attribute, "value"));
        }
        const start = Number(readField(span, "startTimeUnixNano") ?? spans.length);
        spans.push({
          id,
          parent: typeof parent === "string" && parent !== "" ? parent : undefined,
          start: Number.isFinite(start) ? start : spans.length,
          order: spans.length,
          data,
          kind: "otel",
          name: String(readField(span, "name") ?? ""),
        });
      }
  return spans;
}

function otlpValue(value: unknown): unknown {
  if (!isRecord(value)) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return value.doubleValue;
  if ("boolValue" in value) return value.boolValue;
  if ("arrayValue" in value) return asList(readField(value.arrayValue, "values")).map(otlpValue);
  return undefined;
}

/** An `@openai/agents` span: as a processor receives it (`spanId`, `spanData`) or as exported (`span_data`). */
function agentsSpan(span: unknown, order: number): ReadSpan | undefined {
  const data = readInherited(span, "spanData") ?? readField(span, "span_data");
  const id = readInherited(span, "spanId") ?? readField(span, "id");
  if (!isRecord(data) || typeof data.type !== "string" || typeof id !== "string") return undefined;
  const parent = readInherited(span, "parentId") ?? readField(span, "parent_id");
  const started = readInherited(span, "startedAt") ?? readField(span, "started_at");
  const start = typeof started === "string" ? Date.parse(started) * 1e6 : Number.NaN;
  return {
    id,
    parent: typeof parent === "string" ? parent : undefined,
    start: Number.isFinite(start) ? start : order,
    order,
    data,
    kind: "agents",
    name: data.type,
  };
}

/** The agent a span is (an `invoke_agent` span, or `@openai/agents`' agent span), if it is one. */
function agentName(span: ReadSpan): string | undefined {
  const name =
    span.kind === "otel"
      ? span.data["gen_ai.operation.name"] === "invoke_agent" || span.data["gen_ai.operation.name"] === "create_agent"
        ? span.data["gen_ai.agent.name"]
        : undefined
      : span.data.type === "agent"
        ? span.data.name
        : undefined;
  return typeof name === "string" ? name : undefined;
}

/** The items one span stands for. */
function spanItems(span: ReadSpan, toolsRan: boolean): Array<Record<string, unknown>> {
  return span.kind === "otel" ? otelItems(span.data, toolsRan, span.id) : agentsItems(span.data, span.id);
}

/** A GenAI span's items: a tool it ran (execute_tool), or what a chat answered (gen_ai.output.messages). */
function otelItems(data: Record<string, unknown>, toolsRan: boolean, spanId: string): Array<Record<string, unknown>> {
  const operation = data["gen_ai.operation.name"];
  if (operation === "execute_tool") {
    const name = data["gen_ai.tool.name"];
    if (typeof name !== "string") return [];
    const id = data["gen_ai.tool.call.id"] ?? `span:${spanId}`;
    const args = data["gen_ai.tool.call.arguments"];
    const result = data["gen_ai.tool.call.result"];
    return [
      {
        type: "function_call",
        call_id: id,
        name,
        arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}),
        status: "completed",
      },
      ...(result === undefined ? [] : [{ type: "function_call_output", call_id: id, output: stringOf(result) }]),
    ];
  }
  if (operation !== "chat" && operation !== "generate_content" && operation !== "text_completion") return [];
  const messages = parsed(data["gen_ai.output.messages"]);
  return asList(messages).flatMap((message) => messageItems(message, toolsRan, spanId));
}

/** A GenAI output message: the assistant's text and, unless the trace shows the tools run, its calls. */
function messageItems(message: unknown, toolsRan: boolean, spanId: string): Array<Record<string, unknown>> {
  if (readField(message, "role") !== "assistant") return [];
  return genAiItems(message, spanId, "output").filter(
    (item): item is Record<string, unknown> => isRecord(item) && !(toolsRan && item.type === "function_call"),
  );
}

/** A GenAI message (`{ role, parts }`) as Responses items: text as a message, tool calls and their answers. */
export function genAiItems(message: unknown, spanId: string, side: "input" | "output"): unknown[] {
  const role = readField(message, "role");
  const parts = isArray(readField(message, "parts")) ? (readField(message, "parts") as unknown[]) : [];
  const items: unknown[] = [];
  const text = parts
    .filter((part) => readField(part, "type") === "text" && typeof readField(part, "content") === "string")
    .map((part) => readField(part, "content") as string)
    .join("");
  const ids = idsFor(spanId);
  if (text !== "" && role === "assistant")
    items.push({
      type: "message",
      ...(side === "output" ? { id: ids("msg"), status: "completed" } : {}),
      role: "assistant",
      content: [{ type: "output_text", text, annotations: [] }],
    });
  else if (text !== "" && (role === "user" || role === "system")) items.push({ role, content: text });
  for (const part of parts) {
    const type = readField(part, "type");
    if (type === "tool_call") {
      const args = readField(part, "arguments");
      items.push({
        type: "function_call",
        ...(side === "output" ? { id: ids("fc") } : {}),
        call_id: String(readField(part, "id") ?? ids("call")),
        name: String(readField(part, "name") ?? ""),
        arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}),
        status: "completed",
      });
    } else if (type === "tool_call_response") {
      const response = readField(part, "response") ?? readField(part, "result");
      items.push({
        type: "function_call_output",
        call_id: String(readField(part, "id") ?? ""),
        output: typeof response === "string" ? response : JSON.stringify(response ?? null),
      });
    }
  }
  return items;
}

/** Ids for the items of one span's answer: the provider's prefixes, the span's id, a counter. */
function idsFor(spanId: string): (prefix: string) => string {
  const base = spanId.replace(/[^A-Za-z0-9]/g, "").padEnd(8, "0");
  let next = 0;
  return (prefix) => `${prefix}_${base}${(next++).toString(36)}`;
}

/** An `@openai/agents` span's items: a function it ran, a handoff it made. */
function agentsItems(data: Record<string, unknown>, id: string): Array<Record<string, unknown>> {
  if (data.type === "function" && typeof data.name === "string") {
    const input = data.input;
    return [
      {
        type: "function_call",
        call_id: `span:${id}`,
        name: data.name,
        arguments: typeof input === "string" ? input : JSON.stringify(input ?? {}),
        status: "completed",
      },
      ...(data.output === undefined || data.output === null
        ? []
        : [{ type: "function_call_output", call_id: `span:${id}`, output: stringOf(data.output) }]),
    ];
  }
  if (data.type === "handoff" && typeof data.to_agent === "string") {
    const tool = `transfer_to_${data.to_agent.replace(/[^a-zA-Z0-9]/g, "_")}`;
    return [
      { type: "function_call", call_id: `span:${id}`, name: tool, arguments: "{}", status: "completed" },
      { type: "function_call_output", call_id: `span:${id}`, output: JSON.stringify({ assistant: data.to_agent }) },
    ];
  }
  return [];
}

/** A JSON attribute's value (the conventions carry messages as JSON text), or the value as it is. */
export function parsed(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function asList(value: unknown): unknown[] {
  return isArray(value) ? value : [];
}
