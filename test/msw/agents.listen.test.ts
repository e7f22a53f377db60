import { agentsScenarios } from "./agents.scenarios.js";
import { viaListen } from "./transports.js";

agentsScenarios(viaListen());
