import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { SITE_NAME } from "@app/contracts";
import express, { Router } from "express";
import { openApiDocumentJson } from "./openapi-document";

const require = createRequire(import.meta.url);

const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>API docs · ${SITE_NAME}</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`;

// Tags start collapsed: with every operation expanded at once, Swagger UI stops rendering part-way through a
// document this size (about fifty paths with their PostgREST parameters), and the page looked complete.
const INIT_JS = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, docExpansion: "none" });`;

/**
 * The document the build wrote beside the bundle. Generating it takes most of a second of one core, which
 * the first reader of the docs would otherwise wait for; from source (tests, dev) it is generated on first
 * request instead, so start-up stays fast and most processes never pay for it.
 */
function prebuiltDocument(): string | undefined {
  try {
    return readFileSync(new URL("./openapi.json", import.meta.url), "utf8");
  } catch {
    return undefined;
  }
}

/** /api/openapi.json and Swagger UI at /api/docs, its assets served from node_modules (no CDN). */
export function openApiRouter(): Router {
  const router = Router();
  let doc: string | undefined;
  const assets = dirname(require.resolve("swagger-ui-dist/package.json"));
  router.get("/api/openapi.json", (_req, res) => {
    doc ??= prebuiltDocument() ?? openApiDocumentJson();
    res.type("json").send(doc);
  });
  router.get(["/api/docs", "/api/docs/"], (_req, res) => {
    res.type("html").send(DOCS_HTML);
  });
  router.get("/api/docs/init.js", (_req, res) => {
    res.type("js").send(INIT_JS);
  });
  router.use("/api/docs", express.static(assets, { index: false, maxAge: "1d", fallthrough: true }));
  return router;
}
