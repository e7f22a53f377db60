/** The articles' own samples (the factories export them as `examples`), under short names for tests. */
import { examples } from "../../fixtures/factories/examples.js";

export const { regionSchema, fc_001, fc_009, ws_001, call_123_output, salesTool, lookupOrderTool } = examples;
export const orderSchema = examples.lookupOrderTool.parameters;
