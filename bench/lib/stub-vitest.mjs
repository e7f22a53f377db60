// Loads an entry point of agent-testkit outside a Vitest run: "vitest" resolves to a stub that
// records calls, and every module Node resolves is written to stderr as `resolved <url>`, so a
// caller can see which packages an import pulls in. Use: node --import ./stub-vitest.mjs entry.mjs
import { register } from "node:module";

const stub = `
const chain = () => new Proxy(function () {}, { get: (_t, key) => (key === "then" ? undefined : chain()), apply: () => chain() });
export const expect = { extend() {} };
export const test = Object.assign(() => {}, { extend: () => Object.assign(() => {}, { aroundEach() {}, concurrent: chain() }) });
export const aroundEach = () => {};
export default {};
`;

register(
  "data:text/javascript," +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === "vitest") return { url: "data:text/javascript,${encodeURIComponent(stub)}", shortCircuit: true };
        const result = await next(specifier, context);
        process.stderr.write("resolved " + result.url + "\\n");
        return result;
      }
    `),
);
