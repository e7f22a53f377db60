// Files, Vector Stores and Containers in the Responses fake's memory, through the official client
// (run once per transport by the responses.*.test.ts files).
import { toFile } from "openai";
import { describe, expect, test } from "vitest";
import { fakeResponses, type ResponsesFake } from "../../fixtures/msw/index.js";
import type { Transport } from "./transports.js";

export const POLICY =
  "Refunds\n\nThe refund window is 30 days from delivery.\n\nShipping\n\nOrders ship within 2 days.";
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; code: string; message: string; param: string },
  );

export function storageScenarios(transport: Transport<ResponsesFake>): void {
  describe(`Files, Vector Stores and Containers over ${transport.name}`, () => {
    test("files: upload (multipart), list by purpose, retrieve, read back, delete", async () => {
      const fake = fakeResponses();
      const client = await transport.connect(fake);
      const file = await client.files.create({
        file: await toFile(Buffer.from(POLICY), "policy.txt"),
        purpose: "assistants",
      });
      expect(file).toMatchObject({
        id: expect.stringMatching(/^file-/),
        object: "file",
        bytes: Buffer.byteLength(POLICY),
        filename: "policy.txt",
        purpose: "assistants",
        status: "processed",
      });
      await client.files.create({ file: await toFile(Buffer.from("{}"), "batch.jsonl"), purpose: "batch" });
      expect((await client.files.list({ purpose: "assistants" })).data.map((f) => f.filename)).toEqual(["policy.txt"]);
      expect(await client.files.retrieve(file.id)).toEqual(file);
      expect(await (await client.files.content(file.id)).text()).toBe(POLICY);
      expect(await client.files.delete(file.id)).toEqual({ id: file.id, object: "file", deleted: true });
      expect(await refusal(client.files.retrieve(file.id))).toMatchObject({ status: 404, code: "file_not_found" });
      // the log keeps an upload by its name and size, not its bytes
      expect(fake.requests[0]?.body).toEqual({
        purpose: "assistants",
        file: { filename: "policy.txt", bytes: Buffer.byteLength(POLICY) },
      });
    });

    test("vector stores: files indexed at once, searched by the words they hold, filtered by attributes", async () => {
      const fake = fakeResponses();
      const client = await transport.connect(fake);
      const policy = await client.files.create({
        file: await toFile(Buffer.from(POLICY), "policy.txt"),
        purpose: "assistants",
      });
      const store = await client.vectorStores.create({ name: "docs", file_ids: [policy.id] });
      expect(store).toMatchObject({
        object: "vector_store",
        name: "docs",
        status: "completed",
        file_counts: { completed: 1, total: 1, in_progress: 0 },
      });
      const faq = await client.vectorStores.files.uploadAndPoll(
        store.id,
        await toFile(Buffer.from("Returns are free."), "faq.txt"),
      );
      expect(faq).toMatchObject({ object: "vector_store.file", status: "completed", vector_store_id: store.id });
      await client.vectorStores.files.update(faq.id, { vector_store_id: store.id, attributes: { lang: "en" } });
      const hits = await client.vectorStores.search(store.id, { query: "refund window" });
      expect(hits.data[0]).toMatchObject({
        file_id: policy.id,
        filename: "policy.txt",
        score: 1,
        content: [{ type: "text", text: "The refund window is 30 days from delivery." }],
      });
      const filtered = await client.vectorStores.search(store.id, {
        query: "returns refund",
        filters: { type: "eq", key: "lang", value: "en" },
      });
      expect(filtered.data.map((hit) => hit.filename)).toEqual(["faq.txt"]);
      expect((await client.vectorStores.retrieve(store.id)).file_counts.total).toBe(2);
      const batch = await client.vectorStores.fileBatches.createAndPoll(store.id, { file_ids: [policy.id] });
      expect(batch).toMatchObject({ object: "vector_store.files_batch", status: "completed" });
      expect((await client.vectorStores.files.list(store.id)).data).toHaveLength(2);
      const invalid = await refusal(client.vectorStores.search(store.id, { query: "x", max_num_results: 99 }));
      expect(invalid).toMatchObject({ status: 400, param: "max_num_results" });
      expect(await refusal(client.vectorStores.create({ file_ids: ["file-none"] }))).toMatchObject({ status: 404 });
      await client.vectorStores.delete(store.id);
      expect(await refusal(client.vectorStores.retrieve(store.id))).toMatchObject({ status: 404 });
    });

    test("containers: created, given files (an upload, an uploaded file), read back, deleted", async () => {
      const fake = fakeResponses();
      const client = await transport.connect(fake);
      const container = await client.containers.create({ name: "analysis" });
      expect(container).toMatchObject({ id: expect.stringMatching(/^cntr_/), name: "analysis", status: "running" });
      const data = await client.containers.files.create(container.id, {
        file: await toFile(Buffer.from("a,b\n1,2\n"), "data.csv"),
      });
      expect(data).toMatchObject({
        object: "container.file",
        path: "/mnt/data/data.csv",
        bytes: 8,
        container_id: container.id,
      });
      const uploaded = await client.files.create({
        file: await toFile(Buffer.from(POLICY), "policy.txt"),
        purpose: "user_data",
      });
      await client.containers.files.create(container.id, { file_id: uploaded.id });
      expect((await client.containers.files.list(container.id)).data.map((f) => f.path)).toEqual([
        "/mnt/data/policy.txt",
        "/mnt/data/data.csv",
      ]);
      const content = await client.containers.files.content.retrieve(data.id, { container_id: container.id });
      expect(await content.text()).toBe("a,b\n1,2\n");
      await client.containers.delete(container.id);
      expect(await refusal(client.containers.retrieve(container.id))).toMatchObject({ status: 404 });
    });
  });
}
