// A small web app whose server calls the model: the page asks, the server answers with the
// Responses API. It reads OPENAI_BASE_URL like any app, and passes a test's session header on to
// the model (x-testkit-session): the one seam that lets parallel browser tests each have their own
// session on one agent-testkit serve.
import { createServer } from "node:http";
import OpenAI from "openai";

const client = new OpenAI();
const page = `<!doctype html>
<html><body>
<form id="ask"><input name="question" aria-label="Question"><button>Ask</button></form>
<p data-testid="answer"></p>
<script>
  document.getElementById("ask").addEventListener("submit", async (event) => {
    event.preventDefault();
    const question = new FormData(event.target).get("question");
    const response = await fetch("/api/ask", { method: "POST", body: JSON.stringify({ question }) });
    document.querySelector("[data-testid=answer]").textContent = (await response.json()).answer;
  });
</script>
</body></html>`;

createServer(async (req, res) => {
  if (req.method === "GET" && req.url === "/") {
    res.writeHead(200, { "content-type": "text/html" }).end(page);
    return;
  }
  if (req.method === "POST" && req.url === "/api/ask") {
    let body = "";
    for await (const chunk of req) body += chunk;
    const session = req.headers["x-testkit-session"];
    try {
      const response = await client.responses.create(
        { model: "gpt-5", input: JSON.parse(body).question },
        typeof session === "string" ? { headers: { "x-testkit-session": session } } : {},
      );
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ answer: response.output_text }));
    } catch (error) {
      res
        .writeHead(502, { "content-type": "application/json" })
        .end(JSON.stringify({ answer: `Error: ${error.message}` }));
    }
    return;
  }
  res.writeHead(404).end();
}).listen(Number(process.env.PORT ?? 3000), "127.0.0.1");
