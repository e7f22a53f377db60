import { agentsActionScenarios } from "./agents.actions.scenarios.js";
import { viaFetch } from "./transports.js";

agentsActionScenarios(viaFetch());
