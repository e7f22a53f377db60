import { responsesScenarios } from "./responses.scenarios.js";
import { viaListen } from "./transports.js";

responsesScenarios(viaListen());
