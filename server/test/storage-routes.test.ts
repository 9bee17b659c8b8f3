import { contract } from "@app/contracts";
import {
  type AppRoute,
  ContractPlainTypeRuntimeSymbol,
  isAppRouteOtherResponse,
  isZodType,
} from "@ts-rest/core";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_PREFIX, storagePattern } from "../src/modules/storage/route-table";
import { STREAM_ROUTES } from "../src/modules/storage/served-by";
import { createTestContext, type TestContext } from "./helpers";

/** The parts of Express 4's router internals this test reads. */
interface Layer {
  name: string;
  regexp: RegExp;
  handle: { stack?: Layer[] };
  route?: { path: unknown; methods: Record<string, boolean>; stack: Layer[] };
}

let ctx: TestContext;
let staffToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staffToken = await ctx.userToken({ role: "admin" });
});
afterAll(() => ctx.close());

const routes = Object.entries(contract.storage) as [string, AppRoute][];
const appStack = (app: Express) => (app as unknown as { _router: { stack: Layer[] } })._router.stack;

/** The router mounted at /storage/v1: the first router there that does not also take every other path. */
function storageLayers(): Layer[] {
  const mounted = appStack(ctx.app).find(
    (l) => l.handle.stack && l.regexp.test(STORAGE_PREFIX) && !l.regexp.test("/elsewhere"),
  );
  return (mounted?.handle.stack ?? []).filter((l) => l.route);
}

const handles = (layer: Layer, method: string) => layer.route?.methods[method.toLowerCase()] === true;
/** ts-rest's own request handler (validation, then the implementation) ends each route it registers. */
const servedByTsRest = (layer: Layer) => layer.route?.stack.some((h) => h.name === "mainReqHandler");
const ownLayers = (route: AppRoute, layers: Layer[]) =>
  layers.filter(
    (l) => handles(l, route.method) && String(l.route?.path) === String(storagePattern(route.path)),
  );
/** A request path for the route: a real bucket, and a key of two segments for `:path`. */
const sample = (route: AppRoute) =>
  route.path.replace(/:(\w+)/g, (_m, name: string) =>
    name === "path" ? "probe/routes.png" : "event-posters",
  );

/** A route carries a file's bytes when its body is raw bytes or it answers bytes. */
function carriesBytes(route: AppRoute) {
  const body = (route as { body?: unknown }).body;
  const ok = route.responses[200];
  return (
    body === ContractPlainTypeRuntimeSymbol ||
    (ok !== undefined && isAppRouteOtherResponse(ok) && !ok.contentType.includes("json"))
  );
}

describe("the storage contract and the routes that serve it", () => {
  it("serves by hand exactly the routes that carry bytes, and everything else through ts-rest", () => {
    const byteRoutes = routes.filter(([, route]) => carriesBytes(route)).map(([name]) => name);
    expect([...STREAM_ROUTES].sort()).toEqual(byteRoutes.sort());
    // Bodies that are not bytes are parsed by the contract's schema, so none is left for a handler to read.
    for (const [name, route] of routes.filter(([n]) => !byteRoutes.includes(n))) {
      const body = (route as { body?: unknown }).body;
      expect(body === undefined || typeof body === "symbol" || isZodType(body), name).toBe(true);
    }
  });

  it("registers each contract route exactly once, through ts-rest unless it is a stream route", () => {
    const layers = storageLayers();
    expect(layers.length).toBeGreaterThan(0);
    for (const [name, route] of routes) {
      const own = ownLayers(route, layers);
      expect(own.length, `${name}: ${route.method} ${route.path}`).toBe(1);
      const stream = (STREAM_ROUTES as readonly string[]).includes(name);
      expect(servedByTsRest(own[0] as Layer), `${name} is served by ${stream ? "hand" : "ts-rest"}`).toBe(
        !stream,
      );
    }
  });

  it("has no storage route that the contract does not describe", () => {
    const described = storageLayers().filter((layer) =>
      routes.some(([, route]) => ownLayers(route, [layer]).length === 1),
    );
    expect(described).toEqual(storageLayers());
    // Nor a route on the app itself that takes a storage path before the storage router sees it.
    for (const [name, route] of routes) {
      const elsewhere = appStack(ctx.app).filter((l) => l.route && l.regexp.test(sample(route)));
      expect(elsewhere, name).toEqual([]);
    }
  });

  it("reaches each route's own handler first, though Supabase's paths overlap", () => {
    const layers = storageLayers();
    for (const [name, route] of routes) {
      const path = sample(route).slice(STORAGE_PREFIX.length);
      const first = layers.find((l) => handles(l, route.method) && l.route && l.regexp.test(path));
      expect(first, `${name}: ${route.method} ${path}`).toBe(ownLayers(route, layers)[0]);
    }
  });

  it.each(routes)("%s answers from its handler over HTTP, not the catch-all 404", async (_name, route) => {
    const res = await request(ctx.app)
      [route.method.toLowerCase() as "get"](sample(route))
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`)
      .query({ token: "not-a-token" });
    expect(res.body?.message ?? "").not.toMatch(/^No route for/);
    expect(res.status).not.toBe(500);
  });
});

describe("bad input to a storage JSON route", () => {
  it("answers 400 in Storage's error shape, naming the field", async () => {
    const res = await request(ctx.app)
      .post("/storage/v1/object/sign/event-posters")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`)
      .send({ expiresIn: 8 * 24 * 3600, paths: ["a.png"] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: "400",
      code: "InvalidRequest",
      error: "InvalidRequest",
      message: expect.stringMatching(/^body\.expiresIn: /),
    });
  });

  it("refuses a body that is not JSON with 415 in Storage's error shape", async () => {
    const res = await request(ctx.app)
      .post("/storage/v1/object/list/event-posters")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`)
      .type("form")
      .send("prefix=x");
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: "415", error: "InvalidRequest" });
  });

  it("refuses JSON in a charset other than UTF-8 with 415, as the other API families do", async () => {
    const res = await request(ctx.app)
      .post("/storage/v1/object/list/event-posters")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`)
      .set("Content-Type", "application/json; charset=utf-7")
      .send('{"prefix":"+AHg-"}');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: "415", error: "InvalidRequest" });
  });
});
