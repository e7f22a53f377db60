import { expect, test } from "@playwright/test";

const SERVE_URL = `http://127.0.0.1:${process.env.SERVE_PORT ?? 4010}`;

test("the page shows the model's answer, and the model was asked the question", async ({ page, request }) => {
  const session = await (await request.post(`${SERVE_URL}/_testkit/sessions`)).json();
  await request.post(`${SERVE_URL}/_testkit/sessions/${session.id}/reply`, {
    data: { turns: [{ message: "Sunny in Oslo." }] },
  });
  // the app passes this header on to the model: this test's session answers
  await page.setExtraHTTPHeaders({ "x-testkit-session": session.id });
  await page.goto("/");
  await page.getByLabel("Question").fill("Weather in Oslo?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByTestId("answer")).toHaveText("Sunny in Oslo.");
  const verdict = await (
    await request.post(`${SERVE_URL}/_testkit/sessions/${session.id}/expect`, {
      data: { matcher: "toHaveReceivedRequest", args: [{ input: "Weather in Oslo?" }] },
    })
  ).json();
  expect(verdict.pass, verdict.message).toBe(true);
  await request.delete(`${SERVE_URL}/_testkit/sessions/${session.id}`);
});

test("a model that fails: the page says so", async ({ page, request }) => {
  const session = await (await request.post(`${SERVE_URL}/_testkit/sessions`)).json();
  await request.post(`${SERVE_URL}/_testkit/sessions/${session.id}/reply`, {
    data: { turns: [{ error: [500, { message: "The model is down" }], always: true }] },
  });
  await page.setExtraHTTPHeaders({ "x-testkit-session": session.id });
  await page.goto("/");
  await page.getByLabel("Question").fill("Weather?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByTestId("answer")).toContainText("The model is down");
});
