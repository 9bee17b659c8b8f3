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

  it("names each shared schema once instead of repeating it in every operation", async () => {
    const doc = (await request(ctx.app).get("/api/openapi.json")).body;
    const schemas = doc.components.schemas;
    for (const name of ["PostgrestError", "PostgrestOrApiKeyError", "AuthError"])
      expect(schemas[name], name).toBeDefined();
    const rowRead = doc.paths["/rest/v1/events"].get.responses;
    expect(rowRead["403"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/PostgrestError",
    });
    expect(rowRead["200"].content["application/json"].schema).toEqual(
      rowRead["206"].content["application/json"].schema,
    );
    // Resolved through its references, an operation reads in full again, at more than twice the size.
    const resolved = await SwaggerParser.dereference(structuredClone(doc));
    const inlineErrors = JSON.stringify(resolved.paths?.["/rest/v1/events"]?.get?.responses?.["403"]);
    expect(inlineErrors).toContain('"hint"');
    expect(JSON.stringify(doc).length).toBeLessThan(JSON.stringify(resolved).length / 2);
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
