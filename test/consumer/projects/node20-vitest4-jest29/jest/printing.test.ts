// Failure messages print through Jest 29's printers: asymmetric matchers as Jest names them,
// and a diff that shows only what really differs.
import { stripVTControlCharacters } from "node:util";
import { fakeResponses, turn } from "agent-testkit/msw";
import OpenAI from "openai";

const bookFlight = {
  type: "function" as const,
  name: "book_flight",
  parameters: {
    type: "object",
    properties: { from: { type: "string" }, to: { type: "string" } },
    required: ["from", "to"],
  },
};

function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return stripVTControlCharacters(error instanceof Error ? error.message : String(error));
  }
  throw new Error("expected the assertion to fail, but it passed");
}

async function booked() {
  const fake = fakeResponses({ tools: [bookFlight] }).reply(
    turn.functionCall("book_flight", { from: "SFO", to: "JFK" }),
  );
  const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
  await client.responses.create({ model: "gpt-5", input: "Book it.", metadata: { user: "u1" } });
  return fake;
}

test("toHaveCalledTool names asymmetric matchers and diffs only the real difference", async () => {
  const fake = await booked();
  expect(
    failureOf(() =>
      expect(fake).toHaveCalledTool("book_flight", { from: expect.any(String), to: expect.stringMatching(/^LA/) }),
    ),
  ).toMatchInlineSnapshot(`
    "expect(received).toHaveCalledTool(name, args)

    Expected: a call to "book_flight" with {"from": Any<String>, "to": StringMatching /^LA/}
    Received: 1 call:
      - book_flight {"from": "SFO", "to": "JFK"}

    Arguments of the first call to "book_flight":
    - Expected
    + Received

      Object {
        "from": Any<String>,
    -   "to": StringMatching /^LA/,
    +   "to": "JFK",
      }"
  `);
});

test("toHaveReceivedRequest does not walk into objectContaining; a matcher that matched is no difference", async () => {
  const fake = await booked();
  expect(
    failureOf(() =>
      expect(fake).toHaveReceivedRequest({
        model: expect.any(String),
        metadata: expect.objectContaining({ user: "u2" }),
      }),
    ),
  ).toMatchInlineSnapshot(`
    "expect(received).toHaveReceivedRequest(partialBody)

    Expected: a request with a body like {"metadata": ObjectContaining {"user": "u2"}, "model": Any<String>}
    Received: 1 request

    Body of request 1, the closest: {"input": "Book it.", "metadata": {"user": "u1"}, "model": "gpt-5"}

    - Expected
    + Received

      Object {
    -   "metadata": ObjectContaining {
    -     "user": "u2",
    +   "metadata": Object {
    +     "user": "u1",
        },
        "model": Any<String>,
      }"
  `);
});
