// Loads an entry point of agent-testkit outside a Vitest run: "vitest" resolves to a stub, and
// every module URL Node resolves is collected in `globalThis.__resolved` (sent over a port from
// the loader thread), so a caller can see which packages an import pulls in.
// Use: node --import ./bench/lib/stub-vitest.mjs entry.mjs, then read globalThis.__resolvedNow().
import { register } from "node:module";
import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";

const stub = `
const chain = () => new Proxy(function () {}, { get: (_t, key) => (key === "then" ? undefined : chain()), apply: () => chain() });
export const expect = { extend() {} };
export const test = Object.assign(() => {}, { extend: () => Object.assign(() => {}, { aroundEach() {}, concurrent: chain() }) });
export const aroundEach = () => {};
export const beforeEach = () => {};
export const afterEach = () => {};
export const beforeAll = () => {};
export const afterAll = () => {};
export default {};
`;

const { port1, port2 } = new MessageChannel();
port1.unref();
const resolved = [];
globalThis.__resolvedNow = () => {
  for (let message; (message = receiveMessageOnPort(port1)); ) resolved.push(message.message);
  return resolved;
};

register(
  "data:text/javascript," +
    encodeURIComponent(`
      let port;
      export function initialize(data) { port = data.port; }
      export async function resolve(specifier, context, next) {
        if (specifier === "vitest") return { url: "data:text/javascript,${encodeURIComponent(stub)}", shortCircuit: true };
        const result = await next(specifier, context);
        port.postMessage(result.url);
        return result;
      }
    `),
  { data: { port: port2 }, transferList: [port2] },
);
