import { agentsActionScenarios } from "./agents.actions.scenarios.js";
import { viaListen } from "./transports.js";

agentsActionScenarios(viaListen());
