// The kit's dispatcher: what a fake's route table answers besides its routes (404, 405, 401, its
// guard, decoded parameters), which body a logged request is typed with, and the prefixes served.
import { describe, expect, test } from "vitest";
import { HttpError } from "../../fixtures/msw/kit/errors.js";
import type { RecordedRequest } from "../../fixtures/msw/kit/requestLog.js";
import { type Route, routeTable } from "../../fixtures/msw/kit/routeTable.js";

interface Ctx {
  basePath: string;
  guarded: number;
}
const isObject = (body: unknown) => typeof body === "object" && body !== null;
const ok = (name: string) => () => new Response(name);
const routes: Route<Ctx>[] = [
  { method: "POST", path: "/things", logs: { name: "things.create", body: isObject }, handle: ok("create") },
  { method: "POST", path: "/things/search", handle: ok("search") },
  { method: "GET", path: "/things/{thing_id}", handle: (_ctx, { params }) => new Response(`get ${params.thing_id}`) },
  { method: "DELETE", path: "/things/{thing_id}", handle: ok("delete") },
  {
    method: "GET",
    path: "/things/{thing_id}/parts/{part_id}",
    handle: (_c, { params }) => new Response(JSON.stringify(params)),
  },
  { method: "GET", path: "/other/deep/list", handle: ok("list") },
];
const table = routeTable<Ctx>(routes, {
  guard(ctx, request) {
    ctx.guarded++;
    if (request.headers.get("x-beta") === "no")
      throw new HttpError(400, "beta header", { code: "missing_beta_header" });
  },
});

async function send(method: string, path: string, headers: Record<string, string> = { authorization: "Bearer k" }) {
  const ctx: Ctx = { basePath: "/v1", guarded: 0 };
  const url = new URL(`https://api.example.com/v1${path}`);
  const request = { method, url: url.href, headers: new Headers(headers), text: async () => "" };
  try {
    const response = await table.dispatch(ctx, request, url, {} as RecordedRequest);
    return { status: response.status, text: await response.text(), guarded: ctx.guarded };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, text: error.message, code: error.options.code, guarded: ctx.guarded };
  }
}

describe("a route table's dispatcher", () => {
  test("a route answers its method and path, with its parameters decoded", async () => {
    expect(await send("POST", "/things")).toMatchObject({ status: 200, text: "create" });
    expect(await send("GET", "/things/a%20b")).toMatchObject({ status: 200, text: "get a b" });
    expect(JSON.parse((await send("GET", "/things/t1/parts/p%2F2")).text)).toEqual({ thing_id: "t1", part_id: "p/2" });
  });

  test("a path no route has is a 404 naming it, before the key is asked for", async () => {
    expect(await send("GET", "/things/t1/nope", {})).toMatchObject({ status: 404, code: "unknown_url" });
    expect(await send("GET", "/nothing")).toMatchObject({ status: 404, text: "Invalid URL (GET /v1/nothing)." });
  });

  test("a path with no route for the method is a 405 naming the route's pattern, after the key", async () => {
    expect(await send("PUT", "/things/t1")).toMatchObject({
      status: 405,
      text: "Method PUT is not supported on /things/{thing_id}.",
    });
    expect(await send("PUT", "/things/t1", {})).toMatchObject({ status: 401 });
  });

  test("a literal segment shadows a parameter, whatever the method", async () => {
    expect(await send("POST", "/things/search")).toMatchObject({ status: 200, text: "search" });
    // not GET /things/{thing_id} with thing_id "search": /things/search takes POST only
    expect(await send("GET", "/things/search")).toMatchObject({
      status: 405,
      text: "Method GET is not supported on /things/search.",
    });
  });

  test("the guard runs after the key, before the method, on every route", async () => {
    expect(await send("GET", "/things/t1", { authorization: "Bearer k", "x-beta": "no" })).toMatchObject({
      status: 400,
      code: "missing_beta_header",
    });
    expect(await send("PUT", "/things/t1", { authorization: "Bearer k", "x-beta": "no" })).toMatchObject({
      status: 400,
    });
    expect(await send("GET", "/nothing", { authorization: "Bearer k", "x-beta": "no" })).toMatchObject({
      status: 404,
      guarded: 0,
    });
  });

  test("bad percent-encoding is a 400, never a thrown URIError", async () => {
    expect(await send("GET", "/things/%E0%A4%A")).toMatchObject({ status: 400, code: "invalid_url" });
  });

  test("which body a logged request is typed with comes from the table", () => {
    expect(table.bodyRoute("POST", "/things")).toMatchObject({ name: "things.create" });
    expect(table.bodyRoute("GET", "/things")).toBeUndefined();
    expect(table.bodyRoute("POST", "/things/search")).toBeUndefined();
  });

  test("the prefixes served are each root's longest literal head", () => {
    expect([...table.prefixes].sort()).toEqual(["other/deep/list", "things"]);
  });

  test("a route declared twice is a mistake in the table", () => {
    expect(() =>
      routeTable<Ctx>([
        { method: "GET", path: "/a/{x}", handle: ok("1") },
        { method: "GET", path: "/a/{y}", handle: ok("2") },
      ]),
    ).toThrow("the route table has GET /a/{} twice");
  });
});

describe("a route table's own words (the control API's table words its 404 and 405 and decodes its ids)", () => {
  const own = routeTable<Ctx>(routes, {
    auth: () => {},
    decode: (segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return `<${segment}>`;
      }
    },
    notFound: (ctx, request, url) => new HttpError(404, `none at ${url.pathname} (${request.method}, ${ctx.basePath})`),
    notAllowed: (method, path, allowed) => new HttpError(405, `${method} on ${path}: it takes ${allowed.join(", ")}`),
  });
  const sendTo = async (method: string, path: string) => {
    const url = new URL(`https://api.example.com/v1${path}`);
    const request = { method, url: url.href, headers: new Headers(), text: async () => "" };
    try {
      const response = await own.dispatch({ basePath: "/v1", guarded: 0 }, request, url, {} as RecordedRequest);
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.status, text: error.message };
    }
  };

  test("its 404, its 405 naming every method the path takes, its decoding, and no key asked for", async () => {
    expect(await sendTo("GET", "/nothing")).toEqual({ status: 404, text: "none at /v1/nothing (GET, /v1)" });
    expect(await sendTo("PUT", "/things/t1")).toEqual({
      status: 405,
      text: "PUT on /things/{thing_id}: it takes GET, DELETE",
    });
    expect(await sendTo("GET", "/things/%ZZ")).toEqual({ status: 200, text: "get <%ZZ>" });
  });

  test("the table hands out its routes, as declared, for a document generated from it", () => {
    expect(own.routes).toBe(routes);
  });

  test("its heads tell two families under one root apart, where its prefixes share the root alone", () => {
    const versioned = routeTable<Ctx>([
      { method: "POST", path: "/v1/models/{call}", handle: ok("m") },
      { method: "GET", path: "/v1/cachedContents", handle: ok("c") },
    ]);
    expect(versioned.prefixes).toEqual(["v1"]);
    expect(versioned.heads).toEqual(["v1/models", "v1/cachedContents"]);
  });
});
