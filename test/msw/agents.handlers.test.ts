import { agentsScenarios } from "./agents.scenarios.js";
import { viaHandlers } from "./transports.js";

agentsScenarios(viaHandlers());
