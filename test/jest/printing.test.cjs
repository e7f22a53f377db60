// Failure messages print through Jest's printers: asymmetric matchers as Jest names them, and a
// diff that shows only what really differs (a matcher that matched is no difference).
const { stripVTControlCharacters } = require("node:util");
const OpenAI = require("openai").default;
const { fakeResponses, turn } = require("agent-testkit/msw");

const bookFlight = {
  type: "function",
  name: "book_flight",
  parameters: {
    type: "object",
    properties: { from: { type: "string" }, to: { type: "string" } },
    required: ["from", "to"],
  },
};

function failureOf(assertion) {
  try {
    assertion();
  } catch (error) {
    return stripVTControlCharacters(error.message);
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
  const message = failureOf(() =>
    expect(fake).toHaveCalledTool("book_flight", { from: expect.any(String), to: expect.stringMatching(/^LA/) }),
  );
  expect(message).not.toMatch(/sample|inverse|asymmetricMatch/);
  expect(message).toMatchSnapshot();
});

test("toHaveReceivedRequest does not walk into objectContaining, and a matcher that matched is no difference", async () => {
  const fake = await booked();
  const message = failureOf(() =>
    expect(fake).toHaveReceivedRequest({
      model: expect.any(String),
      metadata: expect.objectContaining({ user: "u2" }),
    }),
  );
  expect(message).not.toMatch(/"metadata": \{\}/);
  expect(message).not.toMatch(/[-+] {2}"model"/);
  expect(message).toMatchSnapshot();
});

test("the subset comparison is Jest's: asymmetric matchers, nested objects and arrays", async () => {
  const fake = await booked();
  expect(fake).toHaveReceivedRequest({
    model: expect.stringContaining("gpt"),
    metadata: { user: "u1" },
    input: expect.anything(),
  });
  expect(fake).toHaveReceivedRequest(expect.objectContaining({ model: "gpt-5" }));
  expect(fake).not.toHaveReceivedRequest({ metadata: { user: "u1", extra: expect.anything() } });
});
