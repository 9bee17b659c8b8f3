import { createRequire } from "node:module";
import { dirname } from "node:path";
import { contract, SITE_NAME } from "@app/contracts";
import { generateOpenApi } from "@ts-rest/open-api";
import express, { Router } from "express";

function openApiDocument() {
  const doc = generateOpenApi(
    contract,
    {
      info: {
        title: `${SITE_NAME} API`,
        version: "1.0.0",
        description:
          "Auth (GoTrue-compatible, /auth/v1), data (PostgREST subset, /rest/v1), file storage (Supabase Storage-compatible, /storage/v1) and operations. Send the anonymous key in the `apikey` header; signed-in calls add `Authorization: Bearer <access_token>`.",
      },
      components: {
        securitySchemes: {
          apikey: { type: "apiKey", in: "header", name: "apikey" },
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        },
      },
      security: [{ apikey: [] }],
    },
    { setOperationId: "concatenated-path" },
  );
  return doc;
}

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

/** /api/openapi.json and Swagger UI at /api/docs, its assets served from node_modules (no CDN). */
export function openApiRouter(): Router {
  const router = Router();
  // Generated on first request: start-up stays fast and most processes never serve it.
  let doc: string | undefined;
  const assets = dirname(require.resolve("swagger-ui-dist/package.json"));
  router.get("/api/openapi.json", (_req, res) => {
    doc ??= JSON.stringify(openApiDocument());
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
