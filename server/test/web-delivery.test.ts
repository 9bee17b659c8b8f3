import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { NOT_FOUND_SAMPLE_PATH, PRERENDERED_PATHS, PUBLIC_PAGES, SITE_ROUTE_PATTERNS } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { PDF } from "./support/storage-files";
import { WEB_TEMPLATE } from "./support/web-template";

/*
 * What a browser receives over the wire: the built assets' brotli and gzip twins, the HTML head of each
 * public page, robots.txt and sitemap.xml, and compressed JSON answers. Raw HTTP (node:http) so nothing
 * decodes the bytes behind the test's back.
 */
const SITE_URL = "https://www.slussensound.example";
const SCRIPT = `export const tracks = [${Array.from({ length: 200 }, (_, i) => `"track ${i}"`).join(",")}];\n`;

/** What the web build's prerender writes for a page; a `$'` too, which a string replacement would expand. */
const prerenderedMarkup = (path: string) =>
  `<!--$--><main><h1>Page ${path}</h1><p>Costs $' 5</p></main><!--/$-->`;

/** What the build prerenders for an unknown path: the site's not-found page. */
const NOT_FOUND_MARKUP = '<main><h1>Oops! Page not found</h1><a href="/">Return to Home</a></main>';

let ctx: TestContext;
let server: Server;
let port: number;

beforeAll(async () => {
  const distDir = join(mkdtempSync(join(tmpdir(), "web-dist-")), "dist");
  mkdirSync(join(distDir, "assets"), { recursive: true });
  writeFileSync(join(distDir, "index.html"), WEB_TEMPLATE);
  // What scripts/lib/precompress.mjs leaves: the original and its two twins.
  const script = Buffer.from(SCRIPT);
  writeFileSync(join(distDir, "assets", "tracks-abc123.js"), script);
  writeFileSync(join(distDir, "assets", "tracks-abc123.js.br"), brotliCompressSync(script));
  writeFileSync(join(distDir, "assets", "tracks-abc123.js.gz"), gzipSync(script));
  // Only a gzip twin: a brotli-only client gets the original.
  writeFileSync(join(distDir, "assets", "only-gzip-abc123.css"), `body{color:red}\n`.repeat(100));
  writeFileSync(
    join(distDir, "assets", "only-gzip-abc123.css.gz"),
    gzipSync(`body{color:red}\n`.repeat(100)),
  );
  writeFileSync(
    join(distDir, "favicon.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(900)}</svg>`,
  );
  writeFileSync(
    join(distDir, "favicon.svg.br"),
    brotliCompressSync(`<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(900)}</svg>`),
  );
  mkdirSync(join(distDir, ".vite"));
  writeFileSync(
    join(distDir, ".vite", "route-preloads.json"),
    JSON.stringify({
      "/about": [
        "/assets/about-page-abc123.js",
        '/assets/x.js"><script>alert(1)</script>',
        "https://cdn.example/x.js",
      ],
      "/app/*": ["/assets/app-root-abc123.js"],
      "/app": ["/assets/app-root-abc123.js", "/assets/dashboard-page-abc123.js"],
    }),
  );
  writeFileSync(
    join(distDir, ".vite", "prerendered.json"),
    JSON.stringify({
      ...Object.fromEntries(PRERENDERED_PATHS.map((path) => [path, prerenderedMarkup(path)])),
      [NOT_FOUND_SAMPLE_PATH]: NOT_FOUND_MARKUP,
      // Not a prerendered path: the build never writes it, and the server must not serve it if it did.
      "/sign": "<h1>Not ours</h1>",
      "/about/": 42,
    }),
  );
  ctx = await createTestContext({ env: { WEB_DIST: distDir, SITE_URL, RATE_LIMITS: "false" } });
  server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function raw(
  path: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const decode = (res: RawResponse) => {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.body);
  if (encoding === "gzip") return gunzipSync(res.body);
  return res.body;
};

describe("built assets", () => {
  it.each([
    ["br, gzip, deflate", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity", undefined],
    ["br;q=0.4, identity;q=0.9", undefined],
    ["br;q=nonsense, gzip;q=0.2", "gzip"],
    ["deflate", undefined],
  ])("Accept-Encoding %j gets %s, the same bytes once decoded", async (acceptEncoding, expected) => {
    const res = await raw("/assets/tracks-abc123.js", { headers: { "accept-encoding": acceptEncoding } });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(expected);
    expect(res.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(decode(res).toString()).toBe(SCRIPT);
  });

  it("sends the original when no header asks for an encoding", async () => {
    const res = await raw("/assets/tracks-abc123.js");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it("gives each variant its own ETag and answers a matching If-None-Match with 304", async () => {
    const etags = new Set<string>();
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const first = await raw("/assets/tracks-abc123.js", { headers: { "accept-encoding": acceptEncoding } });
      const etag = String(first.headers.etag);
      etags.add(etag);
      const again = await raw("/assets/tracks-abc123.js", {
        headers: { "accept-encoding": acceptEncoding, "if-none-match": etag },
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    expect(etags.size).toBe(3);
  });

  it("answers HEAD with the variant's headers and no body", async () => {
    const res = await raw("/assets/tracks-abc123.js", {
      method: "HEAD",
      headers: { "accept-encoding": "br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(brotliCompressSync(Buffer.from(SCRIPT)).length);
    expect(res.body.length).toBe(0);
  });

  it("answers a Range request from the original bytes", async () => {
    const res = await raw("/assets/tracks-abc123.js", {
      headers: { "accept-encoding": "br", range: "bytes=0-9" },
    });
    expect(res.status).toBe(206);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT.slice(0, 10));
  });

  it("falls back to what exists: gzip-only files, and files outside /assets with their shorter cache", async () => {
    const css = await raw("/assets/only-gzip-abc123.css", { headers: { "accept-encoding": "br" } });
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
    const icon = await raw("/favicon.svg", { headers: { "accept-encoding": "gzip, br" } });
    expect(icon.headers["content-encoding"]).toBe("br");
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect(decode(icon).toString()).toContain("<svg");
  });

  it("still 404s a missing asset and never serves a twin by its own name as something else", async () => {
    expect((await raw("/assets/missing-abc123.js", { headers: { "accept-encoding": "br" } })).status).toBe(
      404,
    );
    const twin = await raw("/assets/tracks-abc123.js.br");
    expect(twin.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the HTML of each page", () => {
  it.each(Object.values(PUBLIC_PAGES))(
    "$path carries its own title, description and preview tags",
    async (page) => {
      const res = await raw(page.path, { headers: { "accept-encoding": "br" } });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers.vary).toContain("Accept-Encoding");
      const html = decode(res).toString();
      expect(html).toContain(`<title>${page.title} | Slussen Sound</title>`);
      expect(html).not.toContain("The build's");
      expect(html).toContain(`<meta name="description" content="${page.description}">`);
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${page.path}">`);
      expect(html).toContain(`<meta property="og:url" content="${SITE_URL}${page.path}">`);
      expect(html).toContain(`<meta property="og:image" content="${SITE_URL}/og-image.png">`);
      expect(html).toContain(`<meta name="twitter:card" content="summary_large_image">`);
      expect(html).toContain('<html lang="en">');
      expect(html).not.toContain("noindex");
      expect(html).toContain('<meta name="app-config"');
    },
  );

  it.each(["/app", "/app/crm", "/auth", "/sign"])(
    "%s keeps the build's head and asks not to be indexed",
    async (path) => {
      const res = await raw(path);
      expect(res.status).toBe(200);
      const html = res.body.toString();
      expect(html).toContain("<title>The build's title</title>");
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain("canonical");
    },
  );

  it("lists a page's own scripts as modulepreload links, and only the build's asset paths", async () => {
    const html = (await raw("/about")).body.toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/about-page-abc123.js">');
    expect(html).not.toContain("alert(1)");
    expect(html).not.toContain("cdn.example");
    expect((await raw("/contact")).body.toString()).not.toContain("modulepreload");
    for (const path of ["/app", "/app/crm/contacts"]) {
      const app = (await raw(path)).body.toString();
      expect(app).toContain('<link rel="modulepreload" crossorigin href="/assets/app-root-abc123.js">');
      expect(app).toContain('<meta name="robots" content="noindex">');
    }
    expect((await raw("/auth")).body.toString()).not.toContain("app-root");
    // The dashboard's screen comes with the back office's root only, where a sign-in lands.
    for (const path of ["/app", "/app/"])
      expect((await raw(path)).body.toString()).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-abc123.js">',
      );
    expect((await raw("/app/crm/contacts")).body.toString()).not.toContain("dashboard-page");
    expect((await raw("/.vite/route-preloads.json")).status).toBe(404);
  });

  it.each(PRERENDERED_PATHS)("%s arrives with its prerendered markup in the root", async (path) => {
    const html = decode(await raw(path, { headers: { "accept-encoding": "br" } })).toString();
    expect(html).toContain(`<div id="root">${prerenderedMarkup(path)}</div>`);
  });

  it.each(["/app", "/app/", "/app/crm/talent", "/app/settings/team"])(
    "%s arrives with the back office's prerendered markup",
    async (path) => {
      const html = (await raw(path)).body.toString();
      expect(html).toContain(`<div id="root">${prerenderedMarkup("/app")}</div>`);
      expect(html).toContain('<meta name="robots" content="noindex">');
    },
  );

  it.each(["/auth/set-password", "/setup", "/sign", "/ABOUT"])("%s keeps an empty root", async (path) => {
    const res = await raw(path);
    expect(res.status).toBe(200);
    const html = res.body.toString();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("<h1>");
  });

  it("gzips the HTML for a gzip-only client and sends it plain otherwise", async () => {
    const gz = await raw("/about", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await raw("/about");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(decode(gz).equals(plain.body)).toBe(true);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
  });
});

describe("which paths are pages", () => {
  /** A concrete path for a route pattern: each `:param` becomes a made-up id (with a dot, as ids may have). */
  const concrete = (pattern: string) => pattern.replace(/:\w+/g, "a1b2.c3");

  it("the route list holds the public, sign-in, signing and back-office pages, parameterised ones too", () => {
    for (const path of [
      "/",
      "/privacy",
      "/terms",
      "/sign",
      "/auth/set-password",
      "/app",
      "/app/settings/team",
    ])
      expect(SITE_ROUTE_PATTERNS).toContain(path);
    expect(SITE_ROUTE_PATTERNS).toContain("/app/crm/contacts/:id");
    expect(SITE_ROUTE_PATTERNS).not.toContain(NOT_FOUND_SAMPLE_PATH);
  });

  it.each(SITE_ROUTE_PATTERNS.map(concrete))("%s answers 200 with the app", async (path) => {
    for (const variant of [path, path === "/" ? path : `${path}/`]) {
      const res = await raw(variant, { headers: { "accept-encoding": "br" } });
      expect(res.status, variant).toBe(200);
      const html = decode(res).toString();
      expect(html).toContain('<meta name="app-config"');
      expect(html).not.toContain("Oops! Page not found");
    }
  });

  it.each([
    "/no-such-page",
    "/about/x",
    "/privacy/more",
    "/sign/abc",
    "/auth/nope",
    "/app-store",
    NOT_FOUND_SAMPLE_PATH,
  ])("%s answers 404 with the prerendered not-found page", async (path) => {
    for (const method of ["GET", "HEAD"]) {
      const res = await raw(path, { method, headers: { "accept-encoding": "gzip" } });
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      if (method === "HEAD") {
        expect(res.body.length).toBe(0);
        continue;
      }
      const html = decode(res).toString();
      expect(html).toContain(`<div id="root">${NOT_FOUND_MARKUP}</div>`);
      expect(html).toContain("<title>Page not found | Slussen Sound</title>");
      expect(html).toContain('<meta name="robots" content="noindex">');
      // The app still boots, and draws the same page over it.
      expect(html).toContain('<meta name="app-config"');
    }
  });

  it.each(["/app/no-such-screen", "/app/crm/contacts/1/extra"])(
    "%s answers 404 with the back office, which shows its not-found screen in the shell",
    async (path) => {
      const res = await raw(path);
      expect(res.status).toBe(404);
      const html = res.body.toString();
      expect(html).toContain(`<div id="root">${prerenderedMarkup("/app")}</div>`);
      expect(html).not.toContain("Oops! Page not found");
    },
  );

  it("keeps a missing file's plain 404 and the API families' own 404 shapes", async () => {
    const file = await raw("/flyer.pdf");
    expect(file.status).toBe(404);
    expect(file.body.toString()).toBe("Not found");
    const anon = { apikey: ctx.anonKey, authorization: `Bearer ${ctx.anonKey}` };
    const rest = await raw("/rest/v1/no_such_table", { headers: anon });
    expect(rest.status).toBe(404);
    expect(JSON.parse(rest.body.toString())).toMatchObject({ code: "PGRST205" });
    for (const path of ["/auth/v1/no-such-route", "/api/no-such-route", "/storage/v1/no-such-route"]) {
      const res = await raw(path, { headers: anon });
      expect(res.status, path).toBe(404);
      expect(res.headers["content-type"], path).toContain("application/json");
      expect(res.body.toString(), path).not.toContain("Oops!");
    }
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("lets crawlers read the public pages only and names the sitemap", async () => {
    const res = await raw("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const text = res.body.toString();
    for (const prefix of ["/app", "/auth", "/api"]) expect(text).toContain(`Disallow: ${prefix}\n`);
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(text).not.toContain("<html");
  });

  it("lists every public page by its absolute URL", async () => {
    const res = await raw("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    const locs = [...res.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(Object.values(PUBLIC_PAGES).map((page) => `${SITE_URL}${page.path}`));
  });
});

describe("API answers", () => {
  const anon = () => ({ apikey: ctx.anonKey, authorization: `Bearer ${ctx.anonKey}` });

  it.each(["br", "gzip"])(
    "compresses a JSON answer of at least 1 KiB with %s, the same JSON once decoded",
    async (encoding) => {
      const plain = await raw("/rest/v1/events?select=*&order=id", { headers: anon() });
      expect(plain.status).toBe(200);
      expect(plain.body.length).toBeGreaterThanOrEqual(1024);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toContain("Accept-Encoding");
      const res = await raw("/rest/v1/events?select=*&order=id", {
        headers: { ...anon(), "accept-encoding": encoding },
      });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(decode(res).equals(plain.body)).toBe(true);
    },
  );

  it("leaves a small answer as it is", async () => {
    const res = await raw("/rest/v1/events?select=id&limit=1", {
      headers: { ...anon(), "accept-encoding": "br, gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveLength(1);
  });

  it("leaves an error answer under 1 KiB as it is, in its family's shape", async () => {
    const res = await raw("/rest/v1/no_such_table", { headers: { ...anon(), "accept-encoding": "br" } });
    expect(res.status).toBe(404);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: "PGRST205" });
  });

  it("sends a stored file's bytes exactly as stored, whatever the client accepts", async () => {
    const token = await ctx.userToken({ role: "staff" });
    const auth = { apikey: ctx.anonKey, authorization: `Bearer ${token}` };
    // Compressible on purpose: a file that would shrink must still arrive as stored.
    const pdf = Buffer.concat([PDF, Buffer.from(`%${" padding".repeat(400)}\n`)]);
    const path = `/storage/v1/object/documents/web-delivery-${Date.now()}.pdf`;
    const upload = await raw(path, {
      method: "POST",
      headers: { ...auth, "content-type": "application/pdf" },
      body: pdf,
    });
    expect(upload.status).toBe(200);
    const download = await raw(path.replace("/object/", "/object/authenticated/"), {
      headers: { ...auth, "accept-encoding": "br, gzip" },
    });
    expect(download.status).toBe(200);
    expect(download.headers["content-encoding"]).toBeUndefined();
    expect(download.body.equals(pdf)).toBe(true);
  });
});
