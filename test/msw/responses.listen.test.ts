import { responsesScenarios } from "./responses.scenarios.js";
import { surfaceScenarios } from "./responses.surfaces.scenarios.js";
import { storageScenarios } from "./storage.scenarios.js";
import { viaListen } from "./transports.js";

const transport = viaListen();
responsesScenarios(transport);
surfaceScenarios(transport);
storageScenarios(transport);
