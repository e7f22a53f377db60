// The three ways to reach a fake, for the scenario suites that run once per transport.
import OpenAI from "openai";
import { afterEach } from "vitest";
import type { Listening } from "../../fixtures/msw/index.js";
import { strictServer } from "./server.js";

/** What every fake offers: its three transports. */
export interface Servable {
  handlers: Parameters<ReturnType<typeof strictServer>["use"]>;
  fetch: typeof fetch;
  listen(): Promise<Listening>;
}

/** Installs a fake and returns a client that reaches it. */
export interface Transport<Fake extends Servable = Servable> {
  name: string;
  connect(fake: Fake): Promise<OpenAI>;
}

/** `fake.fetch` handed to the client: no interception. */
export function viaFetch(): Transport {
  return { name: "fake.fetch", connect: async (fake) => new OpenAI({ apiKey: "test-key", fetch: fake.fetch }) };
}

/** `fake.handlers` on this file's strict MSW server; the client keeps its default base URL. */
export function viaHandlers(server = strictServer()): Transport {
  return {
    name: "fake.handlers (MSW)",
    connect: async (fake) => {
      server.use(...fake.handlers);
      return new OpenAI({ apiKey: "test-key" });
    },
  };
}

/** `fake.listen()`: a loopback server, closed after each test. */
export function viaListen(): Transport {
  const servers: Listening[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return {
    name: "fake.listen() (loopback HTTP)",
    connect: async (fake) => {
      const server = await fake.listen();
      servers.push(server);
      return new OpenAI({ apiKey: "test-key", baseURL: server.url });
    },
  };
}
