// A stand-in for the real provider, in its own process on loopback: the built fakes, scripted to
// answer like a model would (a call for an order id, then an answer with the tool's output), and
// refusing any key but the one the test gives. Prints its URLs as one JSON line; exits with stdin.
import { agentStep, fakeAgents, fakeResponses, turn } from "../../../dist/msw.js";

const key = process.argv[2];
const responses = fakeResponses({ seed: Number(process.argv[3] ?? 1) }).respond(({ body }) => {
  const input = Array.isArray(body.input) ? body.input : [{ content: body.input }];
  const last = input.at(-1);
  if (last?.type === "function_call_output") return turn.message(`Order status: ${last.output}`);
  const text = JSON.stringify(last?.content ?? "");
  const order = /[A-Z]-\d{4}/.exec(text)?.[0];
  return order && Array.isArray(body.tools) && body.tools.length > 0
    ? turn.functionCall("lookup_order", { order_id: order })
    : turn.message(`You said ${text.length} characters.`);
});
const agents = fakeAgents({ seed: 1 }).respond(({ items }) =>
  items.some((i) => i.type === "function_call_output")
    ? agentStep.message("It is paid.")
    : agentStep.functionCall("lookup_order", { order_id: "A-1042" }),
);

// With "drifted" as its fourth argument, a provider that changed since the recordings: its
// response bodies lost `top_p` and gained `served_by` (for the verify-mode tests).
const drifted = process.argv[4] === "drifted";
const reshape = (text) => {
  const body = JSON.parse(text);
  if (body.object === "response") {
    delete body.top_p;
    body.served_by = "v2";
  }
  return JSON.stringify(body);
};

// Only the test's key opens the door: a recording made with another key would be a mistake.
const guard = (fake) => {
  const inner = fake.fetch;
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.headers.get("authorization") !== `Bearer ${key}`)
      return new Response(
        JSON.stringify({
          error: { message: "bad key", type: "invalid_request_error", param: null, code: "invalid_api_key" },
        }),
        { status: 401, headers: { "content-type": "application/json" } },
      );
    return inner(request);
  };
};
const { createServer } = await import("node:http");
// One server for both APIs, as the real provider: /v1/agents/… to the Agents fake, the rest to the Responses fake.
const serve = () =>
  new Promise((resolve) => {
    const [forResponses, forAgents] = [guard(responses), guard(agents)];
    const server = createServer(async (req, res) => {
      const fetchFor = req.url.startsWith("/v1/agents/") ? forAgents : forResponses;
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const response = await fetchFor(`https://api.openai.com${req.url}`, {
        method: req.method,
        headers: req.headers,
        body,
      });
      const json = (response.headers.get("content-type") ?? "").includes("application/json");
      if (drifted && json) {
        const text = reshape(await response.text());
        res.writeHead(response.status, { "content-type": "application/json" });
        return res.end(text);
      }
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return res.end();
      for await (const chunk of response.body) res.write(chunk);
      res.end();
    });
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}/v1`));
  });
const url = await serve();
const urls = { responses: url, agents: url };
process.stdout.write(`${JSON.stringify(urls)}\n`);
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
