// With msw installed, the handlers are MSW's own types.

import { fakeResponses } from "agent-testkit/msw";
import type { HttpHandler, WebSocketHandler } from "msw";

const fake = fakeResponses();
export const handlers: HttpHandler[] = fake.handlers;
export const sockets: WebSocketHandler[] = fake.webSocketHandlers;
// @ts-expect-error -- typed, not any: a handler list is not a string
export const wrong: string = fake.handlers;
