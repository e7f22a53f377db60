// One WebSocket connection of the Responses fake, alone: a peer that records what it is sent, no
// socket, no server. (The transports' tests run it through openai's ResponsesWS.)
import { expect, test } from "vitest";
import { turn } from "../../fixtures/msw/index.js";
import { ResponsesConnection } from "../../fixtures/msw/responses/connection.js";
import { createContext } from "../../fixtures/msw/responses/state.js";

function connect() {
  const ctx = createContext({});
  const sent: Array<{ type: string; [key: string]: unknown }> = [];
  const ended: string[] = [];
  const peer = {
    send: (text: string) => void sent.push(JSON.parse(text)),
    close: (code: number, reason: string) => void ended.push(`${code} ${reason}`),
    drop: () => void ended.push("dropped"),
  };
  const connection = new ResponsesConnection(ctx, peer, { url: "wss://api.openai.com/v1/responses", headers: {} });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { ctx, sent, ended, connection, settled };
}

test("a response.create is answered with its turn's events, in order, on its lane", async () => {
  const { ctx, sent, connection, settled } = connect();
  ctx.queue.push(turn.message("Hello."));
  connection.receive(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Hi", stream_id: "lane-1" }));
  await settled();
  expect(sent[0]).toMatchObject({ type: "response.created", stream_id: "lane-1", sequence_number: 0 });
  expect(sent.at(-1)).toMatchObject({ type: "response.completed", stream_id: "lane-1" });
  expect(ctx.requests).toHaveLength(1);
});

test("what is no response.create is an error event; an inject for no response in flight fails", async () => {
  const { sent, connection, settled } = connect();
  connection.receive("{not json");
  connection.receive(JSON.stringify({ type: "response.cancel" }));
  connection.receive(JSON.stringify({ type: "response.inject", response_id: "resp_none", input: [] }));
  await settled();
  expect(sent.map((event) => event.type)).toEqual(["response.inject.failed", "error", "error"]);
  expect(sent[2]).toMatchObject({ error: { code: "unknown_event_type" } });
});

test("once closed, it sends nothing more", async () => {
  const { ctx, sent, connection, settled } = connect();
  ctx.queue.push(turn.message("Never sent."));
  connection.closed();
  connection.receive(JSON.stringify({ type: "response.create", model: "gpt-5", input: "Hi" }));
  await settled();
  expect(sent).toEqual([]);
});
