import SwaggerParser from "@apidevtools/swagger-parser";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { contractRoutes } from "./support/contract-routes";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
});
afterAll(() => ctx.close());

describe("OpenAPI", () => {
  it("is a valid OpenAPI 3 document listing every contract route", async () => {
    const res = await request(ctx.app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    await SwaggerParser.validate(structuredClone(doc));
    const routes = contractRoutes().map(([, route]) => route);
    expect(routes.length).toBeGreaterThan(5);
    for (const { method, path } of routes) {
      const oasPath = path.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[oasPath]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it("serves the docs page with only local assets", async () => {
    const res = await request(ctx.app).get("/api/docs");
    expect(res.status).toBe(200);
    const urls = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^\/api\/docs\//);
    for (const url of urls) expect((await request(ctx.app).get(url as string)).status).toBe(200);
  });
});
