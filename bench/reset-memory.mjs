// What a fake holds after reset(), against what a new fake holds (bench/lib/reset-memory.mjs, in
// a process of its own with --expose-gc): reset() gives back what the requests took. Before the
// fix, a fake that had served 50,000 requests and had its log read kept its log's copies (~100 MB);
// until round 5, module-level tables sized by the most requests ever logged stayed (+8 MB at
// 200,000 requests: the log's settled set, the sent bodies, the schema validators by identity).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

function measure(...args) {
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", fileURLToPath(new URL("./lib/reset-memory.mjs", import.meta.url)), ...args],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split("\n").pop());
}

export async function benchResetMemory({ requests = 200_000, sessions = 10_000 } = {}) {
  const responses = measure(String(requests), "responses");
  const chat = measure(String(requests), "chat");
  const agents = measure(String(sessions), "agents");
  const mb = (bytes) => Math.round(bytes / 1e4) / 100;
  return {
    name: `memory after reset(): a fake that served ${requests} requests (Responses, Chat Completions) / ${sessions} sessions (Agents) and had its log read, against a new fake after the same small warm-up (the heap with each)`,
    heapMb: {
      responses: {
        withNewFake: mb(responses.withNew),
        loaded: mb(responses.loaded),
        afterReset: mb(responses.afterReset),
      },
      chat: { withNewFake: mb(chat.withNew), loaded: mb(chat.loaded), afterReset: mb(chat.afterReset) },
      agents: { withNewFake: mb(agents.withNew), loaded: mb(agents.loaded), afterReset: mb(agents.afterReset) },
    },
    ratios: [
      { name: "Responses fake: after reset() / new", value: responses.ratio, target: 1.05 },
      { name: "Chat Completions fake: after reset() / new", value: chat.ratio, target: 1.05 },
      { name: "Agents fake: after reset() / new", value: agents.ratio, target: 1.05 },
    ],
  };
}
