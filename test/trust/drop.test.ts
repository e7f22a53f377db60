// Issue 36 (1): a scripted drop delivers the events sent before it, then breaks the connection as
// a network does — read by the official client over each transport (fetch, listen(), MSW).

import { setupServer } from "msw/node";
import OpenAI from "openai";
import { afterEach, describe, expect, test } from "vitest";
import { fakeResponses, turn } from "../../fixtures/msw/index.js";

type Fake = ReturnType<typeof fakeResponses>;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const transports: [string, (fake: Fake) => Promise<OpenAI>][] = [
  ["fake.fetch", async (fake) => new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 })],
  [
    "listen()",
    async (fake) => {
      const listening = await fake.listen();
      closers.push(() => listening.close());
      return new OpenAI({ apiKey: "k", baseURL: listening.url, maxRetries: 0 });
    },
  ],
  [
    "MSW",
    async (fake) => {
      // its own server, listening only for this case (it would intercept the loopback ones too)
      const server = setupServer(...fake.handlers);
      server.listen({ onUnhandledFrame: "error" });
      closers.push(async () => server.close());
      return new OpenAI({ apiKey: "k", maxRetries: 0 });
    },
  ],
];

describe("a drop after n events", () => {
  test.each(transports)(
    "through %s: the client reads the n events, then fails with no terminal event",
    async (_, connect) => {
      const fake = fakeResponses().reply(turn.message("Cut short here.").timed({ drop: { after: 4 } }));
      const client = await connect(fake);
      const read: string[] = [];
      const stream = await client.responses.create({ model: "gpt-5", input: "Hi", stream: true });
      const failure = await (async () => {
        try {
          for await (const event of stream) read.push(event.type);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(read).toEqual([
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.content_part.added",
      ]);
      expect(failure).toBeInstanceOf(Error);
      expect(read).not.toContain("error");
      expect(fake.requests[0]?.response).toMatchObject({ dropped: true, interrupted: true });
    },
  );

  test.each(transports)(
    "through %s: a drop after many events (more than the stream queues) loses none",
    async (_, connect) => {
      const words = Array.from({ length: 150 }, (_, i) => `w${i}`).join(" ");
      const fake = fakeResponses({ deltas: 150 }).reply(turn.message(words).timed({ drop: { after: 120 } }));
      const client = await connect(fake);
      let count = 0;
      const stream = await client.responses.create({ model: "gpt-5", input: "Hi", stream: true });
      await expect(
        (async () => {
          for await (const _event of stream) count++;
        })(),
      ).rejects.toThrow();
      expect(count).toBe(120);
    },
  );
});
