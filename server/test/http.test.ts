import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
let web: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { CORS_ORIGINS: "https://partner.example.com" } });
  const distDir = join(ctx.dir, "dist");
  mkdirSync(join(distDir, "assets"), { recursive: true });
  writeFileSync(
    join(distDir, "index.html"),
    "<!doctype html><html><head><title>x</title></head><body><div id=root></div></body></html>",
  );
  writeFileSync(join(distDir, "assets", "app-abc123.js"), "console.log('hi')");
  web = await createTestContext({ env: { WEB_DIST: distDir } });
});
afterAll(() => {
  ctx.close();
  web.close();
});

describe("routing", () => {
  it.each([
    ["/rest/v1/unknown_table", { code: "PGRST205", message: expect.any(String), details: null, hint: null }],
    ["/auth/v1/nothing-here", { code: 404, error_code: "not_found", msg: expect.any(String) }],
    ["/api/nothing-here", { code: "not_found", message: expect.any(String) }],
    [
      "/storage/v1/nothing-here",
      { statusCode: "404", code: "NotFound", error: "NotFound", message: expect.any(String) },
    ],
  ])("answers an unknown API path %s with JSON 404 in its family's shape", async (path, body) => {
    const res = await request(web.app).get(path).set("apikey", web.anonKey);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.body).toEqual(body);
  });

  it.each([
    ["/contact", 200],
    ["/some/client/route", 404],
  ])(
    "serves index.html for the page %s (status %i), with the public config in a meta tag",
    async (path, status) => {
      const res = await request(web.app).get(path);
      expect(res.status).toBe(status);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.text).toContain("<div id=root>");
      const meta = /<meta name="app-config" content='([^']+)'>/.exec(res.text);
      expect(JSON.parse((meta?.[1] ?? "{}").replace(/&quot;/g, '"'))).toMatchObject({
        anon_key: web.anonKey,
      });
    },
  );

  it("never puts the service_role key in the page or the public config", async () => {
    const page = await request(web.app).get("/app");
    expect(page.text).toContain(web.anonKey);
    expect(page.text).not.toContain(web.serviceRoleKey);
    const config = await request(web.app).get("/api/config").set("apikey", web.anonKey);
    expect(config.status).toBe(200);
    expect(JSON.stringify(config.body)).toContain(web.anonKey);
    expect(JSON.stringify(config.body)).not.toContain(web.serviceRoleKey);
    // The back office's rule, as the auth settings say it, so a signed-in first paint need not ask.
    const settings = await request(web.app).get("/auth/v1/settings").set("apikey", web.anonKey);
    expect(config.body.back_office_aal).toBe(settings.body.back_office_aal);
  });

  it.each(["/flyers/summer.pdf", "/poster.png", "/legal/contract.docx", "/storage.json"])(
    "answers a missing file-like path %s with a short 404, not the app's index.html",
    async (path) => {
      const res = await request(web.app).get(path);
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.text).toBe("Not found");
      expect(res.text).not.toContain("<div id=root>");
    },
  );

  it.each(["/about", "/app", "/app/crm/contacts", "/app/legal/contract.pdf", "/auth"])(
    "still serves the app for the page %s",
    async (path) => {
      const res = await request(web.app).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain("<div id=root>");
    },
  );

  it("serves hashed assets with a long cache life, and 404s a missing one", async () => {
    const res = await request(web.app).get("/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect((await request(web.app).get("/assets/missing.js")).status).toBe(404);
  });
});

describe("bodies", () => {
  const contact = (body: string, type = "application/json") =>
    request(ctx.app)
      .post("/rest/v1/contact_messages")
      .set("apikey", ctx.anonKey)
      .set("Content-Type", type)
      .send(body);

  it("refuses a body over 100 kB with 413 in PostgREST's shape", async () => {
    const res = await contact(JSON.stringify({ name: "x".repeat(110_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "PGRST413", message: expect.any(String) });
  });

  it("refuses malformed JSON with 400 and no stack trace", async () => {
    const res = await contact('{"name": "a",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "PGRST102",
      message: "Request body is not valid JSON",
      details: null,
      hint: null,
    });
    expect(res.text).not.toMatch(/at .*\.js/);
  });

  it("answers the same malformed JSON on /auth/v1 in GoTrue's shape with GoTrue's code", async () => {
    const res = await request(ctx.app)
      .post("/auth/v1/token?grant_type=password")
      .set("apikey", ctx.anonKey)
      .set("Content-Type", "application/json")
      .send('{"email": "a@example.com",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, error_code: "bad_json", msg: "Request body is not valid JSON" });
  });

  it("refuses a non-JSON content type with PostgREST's 415", async () => {
    const res = await contact("name=a", "application/x-www-form-urlencoded");
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("PGRST107");
  });
});

describe("headers", () => {
  it("sets a strict CSP and the usual protections on the SPA", async () => {
    const res = await request(web.app).get("/");
    const csp = res.headers["content-security-policy"];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src https://open.spotify.com");
    // A picked file's preview (blob:) loads; images come from nowhere else but this site and data:.
    expect(csp).toMatch(/img-src 'self' data: blob:(;| )/);
    // Audio plays from this site, and a picked file's preview from blob:; from nowhere else.
    expect(csp).toMatch(/media-src 'self' blob:(;|$)/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers).toMatchObject({
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
    // Every answer, API ones and errors included, carries the same set.
    const api = await request(web.app).get("/rest/v1/no_such_table");
    expect(api.status).toBe(404);
    expect(api.headers["content-security-policy"]).toBe(csp);
    expect(api.headers["x-frame-options"]).toBe("DENY");
  });

  it("sends HSTS only behind a trusted proxy that saw https", async () => {
    const proxied = await createTestContext({ seed: false, env: { TRUST_PROXY: "1" } });
    try {
      const res = await request(proxied.app).get("/health").set("X-Forwarded-Proto", "https");
      expect(res.headers["strict-transport-security"]).toContain("max-age=");
    } finally {
      proxied.close();
    }
    const direct = await request(ctx.app).get("/health").set("X-Forwarded-Proto", "https");
    expect(direct.headers["strict-transport-security"]).toBeUndefined();
  });

  it("allows CORS only for listed origins and never reflects others", async () => {
    const ok = await request(ctx.app)
      .get("/rest/v1/events")
      .set("apikey", ctx.anonKey)
      .set("Origin", "https://partner.example.com");
    expect(ok.headers["access-control-allow-origin"]).toBe("https://partner.example.com");
    const evil = await request(ctx.app)
      .get("/rest/v1/events")
      .set("apikey", ctx.anonKey)
      .set("Origin", "https://evil.example");
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await request(ctx.app)
      .options("/rest/v1/events")
      .set("Origin", "https://partner.example.com")
      .set("Access-Control-Request-Method", "GET");
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toContain("apikey");
    const evilPreflight = await request(ctx.app)
      .options("/rest/v1/events")
      .set("Origin", "https://evil.example")
      .set("Access-Control-Request-Method", "GET");
    expect(evilPreflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("echoes a sane x-request-id and makes one up otherwise", async () => {
    const mine = await request(ctx.app).get("/health").set("x-request-id", "abc-123");
    expect(mine.headers["x-request-id"]).toBe("abc-123");
    const bogus = await request(ctx.app).get("/health").set("x-request-id", "<script>");
    expect(bogus.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs requests without keys, tokens or secret query values", async () => {
    const token = await ctx.userToken();
    await request(ctx.app)
      .get("/rest/v1/events?limit=1&token=very-secret-value")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${token}`);
    const log = ctx.logs.join("\n");
    expect(log).toContain("/rest/v1/events");
    expect(log).not.toContain(ctx.anonKey);
    expect(log).not.toContain(token);
    expect(log).not.toContain("very-secret-value");
  });
});
