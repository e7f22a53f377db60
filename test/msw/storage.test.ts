// What hosted tools read, in the Responses fake's memory (the endpoints themselves run over every
// transport in storage.scenarios.ts): a file search that reads what the app uploaded, containers
// that code interpreter and a hosted shell run in, and what an upload is not.
import OpenAI, { toFile } from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, type ResponsesFake, turn } from "../../fixtures/msw/index.js";
import { POLICY } from "./storage.scenarios.js";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; code: string; message: string; param: string },
  );

describe("hosted tools read what the app stored", () => {
  const client = (fake: ResponsesFake) => new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });

  test("an app uploads a document and searches it: the file search's results are its passages", async () => {
    const fake = fakeResponses();
    const openai = client(fake);
    const policy = await openai.files.create({
      file: await toFile(Buffer.from(POLICY), "policy.txt"),
      purpose: "assistants",
    });
    const store = await openai.vectorStores.create({ name: "docs", file_ids: [policy.id] });
    fake.reply(turn.fileSearch("refund window", { next: turn.message("30 days.") }));
    const answer = await openai.responses.create({
      model: "gpt-5",
      input: "How long do I have to return it?",
      tools: [{ type: "file_search", vector_store_ids: [store.id], max_num_results: 1 }],
      include: ["file_search_call.results"],
    });
    expect(answer.output[0]).toMatchObject({
      type: "file_search_call",
      queries: ["refund window"],
      results: [
        { file_id: policy.id, filename: "policy.txt", text: "The refund window is 30 days from delivery.", score: 1 },
      ],
    });
    // a search that finds nothing says so
    fake.reply(turn.fileSearch("warranty"));
    const none = await openai.responses.create({
      model: "gpt-5",
      input: "Warranty?",
      tools: [{ type: "file_search", vector_store_ids: [store.id] }],
      include: ["file_search_call.results"],
    });
    expect(none.output[0]).toMatchObject({ results: [] });
  });

  test("code interpreter and a hosted shell run in the fake's containers: an automatic one, or the app's", async () => {
    const fake = fakeResponses();
    const openai = client(fake);
    fake.reply(turn.codeInterpreter("print(1)"));
    const auto = await openai.responses.create({
      model: "gpt-5",
      input: "Run it.",
      tools: [{ type: "code_interpreter", container: { type: "auto" } }],
    });
    const id = (auto.output[0] as { container_id: string }).container_id;
    expect(await openai.containers.retrieve(id)).toMatchObject({ id, status: "running" });
    const mine = await openai.containers.create({ name: "mine" });
    fake.reply(turn.shellCall("ls /mnt/data", { results: [{ stdout: "data.csv\n" }] }));
    const shell = await openai.responses.create({
      model: "gpt-5",
      input: "List the files.",
      tools: [{ type: "shell", environment: { type: "container_reference", container_id: mine.id } }],
    });
    expect(shell.output[0]).toMatchObject({ environment: { type: "container_reference", container_id: mine.id } });
    fake.reply(turn.codeInterpreter("print(2)"));
    const named = await openai.responses.create({
      model: "gpt-5",
      input: "Run it there.",
      tools: [{ type: "code_interpreter", container: mine.id }],
    });
    expect(named.output[0]).toMatchObject({ container_id: mine.id });
  });

  test("the file search follows its tool: filters select files by attributes, score_threshold drops weak passages", async () => {
    const fake = fakeResponses();
    const openai = client(fake);
    const upload = async (text: string, name: string) =>
      openai.files.create({ file: await toFile(Buffer.from(text), name), purpose: "assistants" });
    const en = await upload("The refund window is 30 days.", "en.txt");
    const de = await upload("The refund window is 14 days here.", "de.txt");
    const store = await openai.vectorStores.create({ name: "docs" });
    await openai.vectorStores.files.create(store.id, { file_id: en.id, attributes: { lang: "en" } });
    await openai.vectorStores.files.create(store.id, { file_id: de.id, attributes: { lang: "de" } });
    const search = async (tool: Record<string, unknown>, query: string) => {
      fake.reply(turn.fileSearch(query));
      const answer = await openai.responses.create({
        model: "gpt-5",
        input: "Refunds?",
        tools: [{ type: "file_search", vector_store_ids: [store.id], ...tool }],
        include: ["file_search_call.results"],
      } as never);
      return ((answer.output[0] as { results: Array<{ filename: string }> }).results ?? []).map((r) => r.filename);
    };
    expect((await search({}, "refund window")).sort()).toEqual(["de.txt", "en.txt"]);
    expect(await search({ filters: { type: "eq", key: "lang", value: "de" } }, "refund window")).toEqual(["de.txt"]);
    // "here" is in one passage only: the other holds half the query's words, under the threshold
    expect(await search({ ranking_options: { score_threshold: 0.6 } }, "refund here")).toEqual(["de.txt"]);
  });

  test("reset() forgets what was stored", async () => {
    const fake = fakeResponses();
    const openai = client(fake);
    const file = await openai.files.create({ file: await toFile(Buffer.from("x"), "x.txt"), purpose: "assistants" });
    fake.reset();
    expect(await refusal(openai.files.retrieve(file.id))).toMatchObject({ status: 404 });
  });

  test("what an upload is not: no multipart body, no file, an unknown purpose, a body over the limit", async () => {
    const fake = fakeResponses({ maxBodyBytes: 512 }); // the whole body counts, its multipart framing too
    const openai = client(fake);
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      fake.fetch("https://api.openai.com/v1/files", {
        method: "POST",
        headers: { authorization: "Bearer k", ...headers },
        body,
      });
    expect((await post("{}", { "content-type": "application/json" })).status).toBe(400);
    const noFile = new FormData();
    noFile.set("purpose", "assistants");
    expect(await (await post(noFile)).json()).toMatchObject({ error: { param: "file" } });
    const badPurpose = new FormData();
    badPurpose.set("purpose", "nonsense");
    badPurpose.set("file", new Blob(["x"]), "x.txt");
    expect(await (await post(badPurpose)).json()).toMatchObject({ error: { param: "purpose", code: "invalid_value" } });
    const large = await refusal(
      openai.files.create({ file: await toFile(Buffer.alloc(1000), "big.bin"), purpose: "assistants" }),
    );
    expect(large).toMatchObject({ status: 413 });
    const garbled = await post("--x\r\nnot a part", { "content-type": "multipart/form-data; boundary=x" });
    expect(garbled.status).toBe(400);
  });
});
