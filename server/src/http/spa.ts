import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import express, { type RequestHandler, Router } from "express";

const escapeAttribute = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A path whose last segment looks like a file (`/flyer.pdf`) and that no asset answered: a missing file,
 * not a page. Sending index.html would save the app under the file's name. The back office's own routes
 * (`/app/…`) are pages whatever their last segment holds (an id with a dot, say).
 */
export function isMissingFile(path: string) {
  if (path === "/app" || path.startsWith("/app/")) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return /\.[A-Za-z0-9]{1,10}$/.test(last);
}

/**
 * The built web app: hashed assets cached for a year, a plain 404 for a missing file, and index.html
 * for every other GET path (the SPA renders its own 404). The public config goes into a meta tag, so the app needs no extra round trip and
 * no inline script.
 */
export function spa(distDir: string, publicConfig: object): Router {
  const router = Router();
  const indexPath = join(distDir, "index.html");
  const notFound: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isMissingFile(req.path)) return next();
    res.status(404).type("text/plain").setHeader("Cache-Control", "no-cache");
    res.send("Not found");
  };
  if (!existsSync(indexPath)) {
    router.use(notFound);
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
  router.use(notFound);
  const sendIndex: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(html);
  };
  router.use(sendIndex);
  return router;
}
