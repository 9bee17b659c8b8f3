import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import express, { type RequestHandler, Router } from "express";

const escapeAttribute = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The built web app: hashed assets cached for a year, and index.html for every other GET path (the SPA
 * renders its own 404). The public config goes into a meta tag, so the app needs no extra round trip and
 * no inline script.
 */
export function spa(distDir: string, publicConfig: object): Router {
  const router = Router();
  const indexPath = join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    router.get("*", (_req, res) => {
      res.status(503).type("text/plain").send("The web app is not built yet: run `pnpm build`.");
    });
    return router;
  }
  const meta = `<meta name="app-config" content='${escapeAttribute(JSON.stringify(publicConfig))}'>`;
  const html = readFileSync(indexPath, "utf8").replace("</head>", `    ${meta}\n  </head>`);

  router.use(
    "/assets",
    express.static(join(distDir, "assets"), {
      immutable: true,
      maxAge: "365d",
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: "1h" }));
  const sendIndex: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(html);
  };
  router.use(sendIndex);
  return router;
}
