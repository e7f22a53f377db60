import type OpenAI from "openai";

/** Reads a session's live events until it is idle; `seen` fills with their types as they come. */
export async function typesUntilIdle(
  sessions: OpenAI["beta"]["agents"]["sessions"],
  sessionId: string,
): Promise<{ seen: string[]; reading: Promise<void> }> {
  const stream = await sessions.events.stream(sessionId);
  const seen: string[] = [];
  const reading = (async () => {
    for await (const event of stream) {
      seen.push(event.type);
      if (event.type === "agent.session.idle") break;
    }
  })();
  return { seen, reading };
}
