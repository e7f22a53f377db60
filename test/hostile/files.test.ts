// Issue 36: the bounds of Files, Containers and multipart uploads (docs/hostile-input.md). An
// upload whose body is a stream with no length was read whole through `fake.fetch` and MSW
// before its size was checked: one that never ends held the test forever and grew without bound.
import { setupServer } from "msw/node";
import OpenAI, { toFile } from "openai";
import { afterEach, describe, expect, test } from "vitest";
import { fakeResponses, type Listening } from "../../fixtures/msw/index.js";

const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const LIMIT = 64 * 1024;

/** A multipart body that never ends, counting what was read of it. */
function endless() {
  const read = { chunks: 0 };
  const head = new TextEncoder().encode('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n');
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      read.chunks++;
      controller.enqueue(new Uint8Array(16 * 1024));
    },
  });
  return { body, read };
}

const multipart = { "content-type": "multipart/form-data; boundary=xyz", authorization: "Bearer k" };

describe("an upload with no length that never ends", () => {
  test("through fake.fetch: a 413 once maxBodyBytes are read, the stream read no further, the request logged", async () => {
    const fake = fakeResponses({ maxBodyBytes: LIMIT });
    const { body, read } = endless();
    const init = { method: "POST", headers: multipart, body, duplex: "half" } as RequestInit;
    const response = await fake.fetch(new Request("https://api.openai.com/v1/files", init));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("request_too_large");
    const pulled = read.chunks;
    expect(pulled * 16 * 1024).toBeLessThan(LIMIT + 4 * 16 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read.chunks).toBeLessThanOrEqual(pulled + 1); // at most the chunk already asked for
    expect(fake.requests.map((r) => r.response.status)).toEqual([413]);
  });

  test("through MSW: the same", async () => {
    const fake = fakeResponses({ maxBodyBytes: LIMIT });
    const server = setupServer(...fake.handlers);
    server.listen({ onUnhandledFrame: "error" });
    try {
      const { body, read } = endless();
      const init = { method: "POST", headers: multipart, body, duplex: "half" } as RequestInit;
      const response = await fetch("https://api.openai.com/v1/files", init);
      expect(response.status).toBe(413);
      expect(read.chunks * 16 * 1024).toBeLessThan(LIMIT * 8);
    } finally {
      server.close();
    }
  });

  test("through listen(): the same, the socket's reading stopped", async () => {
    const fake = fakeResponses({ maxBodyBytes: LIMIT });
    const server = await fake.listen();
    servers.push(server);
    const { body } = endless();
    const init = { method: "POST", headers: multipart, body, duplex: "half" } as RequestInit;
    const status = await fetch(`${server.url}/files`, init).then(
      (r) => r.status,
      () => 413, // the server may close before the client has sent what it was sending
    );
    expect(status).toBe(413);
  });

  test("an upload aborted while its body is read stops being read", async () => {
    const fake = fakeResponses();
    const { body, read } = endless();
    const abort = new AbortController();
    const init = { method: "POST", headers: multipart, body, duplex: "half", signal: abort.signal } as RequestInit;
    const answered = fake.fetch(new Request("https://api.openai.com/v1/files", init));
    await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await answered.catch(() => undefined);
    const after = read.chunks;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read.chunks).toBeLessThanOrEqual(after + 1);
  });
});

describe("uploads through the official client", () => {
  test("over maxBodyBytes: 413 request_too_large, over fake.fetch and listen(), to files and to a container", async () => {
    const fake = fakeResponses({ maxBodyBytes: LIMIT });
    const server = await fake.listen();
    servers.push(server);
    for (const client of [
      new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 }),
      new OpenAI({ apiKey: "k", baseURL: server.url, maxRetries: 0 }),
    ]) {
      const big = () => toFile(Buffer.alloc(LIMIT + 1), "big.bin");
      const error = await client.files.create({ file: await big(), purpose: "user_data" }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 413, code: "request_too_large" });
      const container = await client.containers.create({ name: "c" });
      const into = await client.containers.files.create(container.id, { file: await big() }).catch((e: unknown) => e);
      expect(into).toMatchObject({ status: 413, code: "request_too_large" });
    }
    // a string body counts whole too: its framing and fields, not only its file
    const field = `--xyz\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${"p".repeat(LIMIT)}\r\n--xyz--\r\n`;
    const text = await fake.fetch("https://api.openai.com/v1/files", {
      method: "POST",
      headers: multipart,
      body: field,
    });
    expect(text.status).toBe(413);
  });

  test("a multipart body that does not parse is a 400 invalid_multipart on every transport, never a 500", async () => {
    const fake = fakeResponses();
    const server = await fake.listen();
    servers.push(server);
    const bodies = ['--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc', "garbage", ""];
    for (const body of bodies) {
      const viaFetch = await fake.fetch("https://api.openai.com/v1/files", {
        method: "POST",
        headers: multipart,
        body,
      });
      const viaSocket = await fetch(`${server.url}/files`, { method: "POST", headers: multipart, body });
      for (const response of [viaFetch, viaSocket]) {
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_multipart");
      }
    }
  });

  test("hostile file names: kept as given in Files, never a path out of a container's /mnt/data", async () => {
    const fake = fakeResponses();
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const name = `ledger\r\n${"n".repeat(10_000)}.txt`;
    const file = await client.files.create({ file: await toFile(Buffer.from("x"), name), purpose: "user_data" });
    expect(file.filename).toBe(name);
    const container = await client.containers.create({ name: "c" });
    const direct = await fake.fetch(`https://api.openai.com/v1/containers/${container.id}/files`, {
      method: "POST",
      headers: { ...multipart },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\n\r\nroot\r\n--xyz--\r\n',
    });
    const added = (await direct.json()) as { path: string };
    expect(added.path).toBe("/mnt/data/.._.._etc_passwd");
  });

  test("reset() gives back what uploads took: no file, no container, no store is left", async () => {
    const fake = fakeResponses();
    const client = new OpenAI({ apiKey: "k", fetch: fake.fetch, maxRetries: 0 });
    const file = await client.files.create({ file: await toFile(Buffer.alloc(1024), "a.bin"), purpose: "user_data" });
    await client.containers.create({ name: "c", file_ids: [file.id] });
    await client.vectorStores.create({ name: "v", file_ids: [file.id] });
    fake.reset();
    expect((await client.files.list()).data).toEqual([]);
    expect((await client.containers.list()).data).toEqual([]);
    expect((await client.vectorStores.list()).data).toEqual([]);
  });
});
