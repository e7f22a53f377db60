// The conformance suite's "everything server" (its reference, examples/servers/typescript in
// modelcontextprotocol/conformance), declared as a fakeMcp: the tools, resources, prompts and
// behaviours its server scenarios call by name, each scripted with the fake's public API.
import { fakeMcp, type McpFake, mcpAsk, mcpFault } from "../../../fixtures/mcp/index.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
const none = { type: "object", properties: {} } as const;
const tool = (name: string, description: string, inputSchema: Record<string, unknown> = none) => ({
  name,
  description,
  inputSchema,
});
const elicited = (answer: { action: string; content?: Record<string, unknown> }) =>
  `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;

export function everythingServer(): McpFake {
  const fake = fakeMcp({
    name: "mcp-conformance-test-server",
    tools: [
      tool("test_simple_text", "Tests simple text content response"),
      tool("test_image_content", "Tests image content response"),
      tool("test_audio_content", "Tests audio content response"),
      tool("test_embedded_resource", "Tests embedded resource content response"),
      tool("test_multiple_content_types", "Tests response with multiple content types (text, image, resource)"),
      tool("test_tool_with_logging", "Tests tool that emits log messages during execution"),
      tool("test_tool_with_progress", "Tests tool that reports progress notifications"),
      tool("test_error_handling", "Tests error response handling"),
      tool("test_reconnection", "Closes the call's SSE stream mid-call; the client resumes it (SEP-1699)"),
      tool("test_sampling", "Tests server-initiated sampling (LLM completion request)", {
        type: "object",
        properties: { prompt: { type: "string" } },
        required: ["prompt"],
      }),
      tool("test_elicitation", "Tests server-initiated elicitation (user input request)", {
        type: "object",
        properties: { message: { type: "string" } },
        required: ["message"],
      }),
      tool("test_elicitation_sep1034_defaults", "Tests elicitation with default values per SEP-1034"),
      tool("test_elicitation_sep1330_enums", "Tests elicitation with enum schema improvements per SEP-1330"),
      tool("json_schema_2020_12_tool", "Tool with JSON Schema 2020-12 features (SEP-1613)", {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        $defs: { address: { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
        properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
        additionalProperties: false,
      }),
    ],
    resources: [
      {
        uri: "test://static-text",
        name: "static-text",
        description: "A static text resource for testing",
        mimeType: "text/plain",
        text: "This is the content of the static text resource.",
      },
      {
        uri: "test://static-binary",
        name: "static-binary",
        description: "A static binary resource (image) for testing",
        mimeType: "image/png",
        blob: PNG,
      },
      {
        uri: "test://watched-resource",
        name: "watched-resource",
        description: "A resource clients subscribe to",
        mimeType: "text/plain",
        text: "Watched resource content",
      },
    ],
    resourceTemplates: [
      {
        uriTemplate: "test://template/{id}/data",
        name: "template",
        description: "A resource template with parameter substitution",
        mimeType: "application/json",
        text: '{"id":"{id}","templateTest":true,"data":"Data for ID: {id}"}',
        complete: { id: ["123", "456"] },
      },
    ],
    prompts: [
      {
        name: "test_simple_prompt",
        description: "A simple prompt without arguments",
        messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }],
      },
      {
        name: "test_prompt_with_arguments",
        description: "A prompt with required arguments",
        arguments: [
          { name: "arg1", description: "First test argument", required: true, complete: ["hello", "help"] },
          { name: "arg2", description: "Second test argument", required: true },
        ],
        messages: ({ arg1, arg2 }) => [
          { role: "user", content: { type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
        ],
      },
      {
        name: "test_prompt_with_embedded_resource",
        description: "A prompt that includes an embedded resource",
        arguments: [{ name: "resourceUri", description: "URI of the resource to embed", required: true }],
        messages: ({ resourceUri = "" }) => [
          {
            role: "user",
            content: {
              type: "resource",
              resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." },
            },
          },
          { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
        ],
      },
      {
        name: "test_prompt_with_image",
        description: "A prompt that includes image content",
        messages: [
          { role: "user", content: { type: "image", data: PNG, mimeType: "image/png" } },
          { role: "user", content: { type: "text", text: "Please analyze the image above." } },
        ],
      },
    ],
  });
  fake
    .reply("test_simple_text", "This is a simple text response for testing.")
    .reply("test_image_content", { content: [{ type: "image", data: PNG, mimeType: "image/png" }] })
    .reply("test_audio_content", { content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }] })
    .reply("test_embedded_resource", {
      content: [
        {
          type: "resource",
          resource: {
            uri: "test://embedded-resource",
            mimeType: "text/plain",
            text: "This is an embedded resource content.",
          },
        },
      ],
    })
    .reply("test_multiple_content_types", {
      content: [
        { type: "text", text: "Multiple content types test:" },
        { type: "image", data: PNG, mimeType: "image/png" },
        {
          type: "resource",
          resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: '{"test":"data"}' },
        },
      ],
    })
    .reply("test_tool_with_logging", async (call) => {
      await call.log("info", "Tool execution started");
      await call.log("info", "Tool processing data");
      await call.log("info", "Tool execution completed");
      return "Tool with logging executed successfully";
    })
    .reply("test_tool_with_progress", async (call) => {
      for (const step of [0, 50, 100]) await call.progress(step, 100, `Completed step ${step} of 100`);
      return "Progress reported";
    })
    .reply("test_error_handling", {
      content: [{ type: "text", text: "This tool intentionally returns an error for testing" }],
      isError: true,
    })
    .reply("test_reconnection", mcpFault.reconnect("Reconnection test completed successfully."))
    .reply("test_sampling", (call) =>
      mcpAsk.sampling(
        {
          messages: [{ role: "user", content: { type: "text", text: String(call.arguments.prompt) } }],
          maxTokens: 100,
        },
        (answer) =>
          `LLM response: ${Array.isArray(answer.content) ? "" : answer.content.type === "text" ? answer.content.text : ""}`,
      ),
    )
    .reply("test_elicitation", (call) =>
      mcpAsk.elicitation(
        {
          message: String(call.arguments.message),
          requestedSchema: {
            type: "object",
            properties: { response: { type: "string", description: "User's response" } },
            required: ["response"],
          },
        },
        (answer) => `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
      ),
    )
    .reply(
      "test_elicitation_sep1034_defaults",
      mcpAsk.elicitation(
        {
          message: "Please review and update the form fields with defaults",
          requestedSchema: {
            type: "object",
            properties: {
              name: { type: "string", description: "User name", default: "John Doe" },
              age: { type: "integer", description: "User age", default: 30 },
              score: { type: "number", description: "User score", default: 95.5 },
              status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
              verified: { type: "boolean", description: "Verification status", default: true },
            },
            required: [],
          },
        },
        elicited,
      ),
    )
    .reply(
      "test_elicitation_sep1330_enums",
      mcpAsk.elicitation(
        {
          message: "Please select options from the enum fields",
          requestedSchema: {
            type: "object",
            properties: {
              untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
              titledSingle: {
                type: "string",
                oneOf: [
                  { const: "value1", title: "First Option" },
                  { const: "value2", title: "Second Option" },
                  { const: "value3", title: "Third Option" },
                ],
              },
              legacyEnum: {
                type: "string",
                enum: ["opt1", "opt2", "opt3"],
                enumNames: ["Option One", "Option Two", "Option Three"],
              },
              untitledMulti: {
                type: "array",
                minItems: 1,
                maxItems: 3,
                items: { type: "string", enum: ["option1", "option2", "option3"] },
              },
              titledMulti: {
                type: "array",
                minItems: 1,
                maxItems: 3,
                items: {
                  anyOf: [
                    { const: "value1", title: "First Choice" },
                    { const: "value2", title: "Second Choice" },
                    { const: "value3", title: "Third Choice" },
                  ],
                },
              },
            },
            required: [],
          },
        },
        elicited,
      ),
    )
    .reply(
      "json_schema_2020_12_tool",
      (call) => `JSON Schema 2020-12 tool called with: ${JSON.stringify(call.arguments)}`,
    );
  return fake;
}
