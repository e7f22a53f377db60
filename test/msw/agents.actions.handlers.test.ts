import { agentsActionScenarios } from "./agents.actions.scenarios.js";
import { viaHandlers } from "./transports.js";

agentsActionScenarios(viaHandlers());
