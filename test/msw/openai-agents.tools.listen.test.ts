// @openai/agents' tool helpers through fake.listen(): loopback HTTP, and WebSocket mode.
import { toolHelperScenarios, webSocketToolHelperScenarios } from "./openai-agents.tools.scenarios.js";
import { viaListen } from "./transports.js";

toolHelperScenarios(viaListen());
webSocketToolHelperScenarios();
