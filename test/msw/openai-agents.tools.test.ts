// @openai/agents' tool helpers through fake.fetch and MSW (fake.listen(): its own file, as MSW
// would intercept the loopback requests too).
import { toolHelperScenarios } from "./openai-agents.tools.scenarios.js";
import { strictServer } from "./server.js";
import { viaFetch, viaHandlers } from "./transports.js";

toolHelperScenarios(viaFetch());
toolHelperScenarios(viaHandlers(strictServer()));
