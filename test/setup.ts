import "../matchers/vitest.js";
