import { defineConfig } from "vitest/config";
export default defineConfig({ test: { setupFiles: ["agent-testkit/vitest"] } });
