import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  BACK_OFFICE_ROOT,
  NOT_FOUND_PAGE_TITLE,
  NOT_FOUND_SAMPLE_PATH,
  PRERENDERED_PATHS,
  PRERENDERED_ROUTES,
  PUBLIC_PAGES,
  type PublicPage,
  SITE_ROUTE_PATTERNS,
} from "@app/contracts";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import { type EncodedBody, encodeOnce, negotiateEncoding } from "./content-encoding";
import { type DataPage, pageHead } from "./page-head";
import { precompressedStatic } from "./precompressed-static";
import { robotsTxt, sitemapXml } from "./seo-files";

const escapeAttribute = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const isBackOffice = (path: string) => path === BACK_OFFICE_ROOT || path.startsWith(`${BACK_OFFICE_ROOT}/`);

/**
 * A path whose last segment looks like a file (`/flyer.pdf`) and that no asset answered: a missing file,
 * not a page. Sending index.html would save the app under the file's name. The back office's own routes
 * (`/app/…`) are pages whatever their last segment holds (an id with a dot, say).
 */
function isMissingFile(path: string) {
  if (isBackOffice(path)) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return /\.[A-Za-z0-9]{1,10}$/.test(last);
}

const ASSETS_CACHE = "public, max-age=31536000, immutable";
const FILES_CACHE = "public, max-age=3600";

/** Per public path, the scripts its page imports right after the entry (written by the web build). */
function readRoutePreloads(distDir: string): Record<string, string[]> {
  const file = join(distDir, ".vite", "route-preloads.json");
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null) return {};
  const preloads: Record<string, string[]> = {};
  for (const [path, files] of Object.entries(parsed)) {
    // Only the build's own asset paths: the list goes into an attribute of every page.
    if (Array.isArray(files))
      preloads[path] = files.filter((f) => typeof f === "string" && /^\/assets\/[\w.-]+\.js$/.test(f));
  }
  return preloads;
}

/**
 * Per path, the page's markup as the web build prerendered it (path → the root's inner HTML), for the
 * paths meant to be prerendered only. Our own build's output, so it goes in as it is; a missing or
 * malformed file leaves every root empty and the app draws the pages in the browser, as before.
 */
function readPrerendered(distDir: string): Map<string, string> {
  const file = join(distDir, ".vite", "prerendered.json");
  const markup = new Map<string, string>();
  if (!existsSync(file)) return markup;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return markup;
  }
  if (typeof parsed !== "object" || parsed === null) return markup;
  const paths = new Set([...PRERENDERED_PATHS, NOT_FOUND_SAMPLE_PATH, ...Object.keys(PRERENDERED_ROUTES)]);
  for (const [path, html] of Object.entries(parsed)) {
    if (paths.has(path) && typeof html === "string") markup.set(path, html);
  }
  return markup;
}

const EMPTY_ROOT = '<div id="root"></div>';

/** Every path under /app is one page to the server: the back office's, with its own preloads. */
const BACK_OFFICE = `${BACK_OFFICE_ROOT}/*`;

/** Sends one of a body's encodings, as the client's Accept-Encoding asks. */
function sendEncoded(req: Request, res: Response, body: EncodedBody) {
  res.vary("Accept-Encoding");
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  const bytes = body[encoding ?? "identity"];
  res.setHeader("Content-Length", bytes.length);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

export interface SpaOptions {
  /** Written into meta tags so the app needs no extra round trip and no inline script. */
  publicConfig: object;
  /** The public origin: canonical links, the sitemap and link previews name absolute URLs. */
  siteUrl: string;
  /**
   * Pages whose head comes from the database, by route pattern (`/events/:id`, one of
   * PRERENDERED_ROUTES): each request finds its page by the path's one parameter; none found is a 404.
   */
  dataPages?: Record<string, (param: string) => Promise<DataPage | null>>;
}

/**
 * The built web app: hashed assets cached for a year (brotli or gzip when the build made them), a plain 404
 * for a missing file, robots.txt and sitemap.xml, and index.html for every path the web router draws a page
 * for (SITE_ROUTE_PATTERNS). Any other path gets a 404 with the prerendered not-found page, or under /app
 * with the back office, which shows its own not-found screen inside the shell. A public page's HTML carries
 * its own title, description and preview tags, so crawlers that run no JavaScript still read them, and the
 * page's prerendered markup in its root, so it paints before any script runs (the app then hydrates it).
 */
export function spa(distDir: string, { publicConfig, siteUrl, dataPages = {} }: SpaOptions): Router {
  const router = Router();
  const indexPath = join(distDir, "index.html");
  const robots = robotsTxt(siteUrl);
  const sitemap = sitemapXml(siteUrl);
  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain").setHeader("Cache-Control", FILES_CACHE);
    res.send(robots);
  });
  router.get("/sitemap.xml", (_req, res) => {
    res.type("application/xml").setHeader("Cache-Control", FILES_CACHE);
    res.send(sitemap);
  });
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
  const template = readFileSync(indexPath, "utf8");
  const preloads = readRoutePreloads(distDir);
  const prerendered = readPrerendered(distDir);
  const render = (
    page: PublicPage | null,
    path: string,
    { title, preview }: { title?: string; preview?: DataPage["preview"] } = {},
  ) => {
    const html = pageHead(template, {
      page,
      siteUrl,
      preloads: preloads[path] ?? [],
      title,
      preview,
    }).replace("</head>", `    ${meta}\n  </head>`);
    // The back office's markup is its spinner, the same under every /app path until the session is known.
    const markup = prerendered.get(path === BACK_OFFICE ? BACK_OFFICE_ROOT : path);
    // A function, not a string: a `$` in the markup must not be read as a replacement pattern.
    return encodeOnce(markup ? html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`) : html);
  };
  const pages = new Map<string, EncodedBody>(
    Object.values(PUBLIC_PAGES).map((page) => [page.path, render(page, page.path)]),
  );
  for (const path of [...Object.keys(preloads), ...PRERENDERED_PATHS, BACK_OFFICE])
    if (!pages.has(path)) pages.set(path, render(null, path));
  const otherPaths = render(null, "");
  // The back office's root (the dashboard) has preloads of its own; every other /app path shares one page.
  const pageKeyOf = (path: string) =>
    path === BACK_OFFICE_ROOT && pages.has(BACK_OFFICE_ROOT) ? path : isBackOffice(path) ? BACK_OFFICE : path;
  const notFoundPage = render(null, NOT_FOUND_SAMPLE_PATH, { title: NOT_FOUND_PAGE_TITLE });

  router.use("/assets", precompressedStatic(join(distDir, "assets"), { cacheControl: ASSETS_CACHE }));
  router.use(
    "/assets",
    express.static(join(distDir, "assets"), {
      immutable: true,
      maxAge: "365d",
      index: false,
      fallthrough: false,
    }),
  );
  router.use(precompressedStatic(distDir, { cacheControl: FILES_CACHE }));
  // Dotfiles stay private: .vite holds the build's manifest, which is for the server only.
  router.use(express.static(distDir, { index: false, maxAge: "1h", dotfiles: "ignore" }));
  router.use(notFound);
  const send = (res: Response, req: Request, status: number, body: EncodedBody) => {
    res.status(status).setHeader("Cache-Control", "no-cache");
    res.type("html");
    sendEncoded(req, res, body);
  };
  // A found page's HTML is kept for as long as its data is (the lookup answers the same object until the
  // database changes), so a busy event page is not rendered and compressed again on every request.
  const rendered = new WeakMap<DataPage, EncodedBody>();
  for (const [route, find] of Object.entries(dataPages)) {
    const param = route.slice(route.lastIndexOf(":") + 1);
    router.get(route, async (req, res, next) => {
      try {
        const found = await find(String(req.params[param]));
        if (!found) return send(res, req, 404, notFoundPage);
        let body = rendered.get(found);
        if (!body) {
          body = render(found.page, route, { preview: found.preview });
          rendered.set(found, body);
        }
        send(res, req, 200, body);
      } catch (error) {
        next(error);
      }
    });
  }
  // Express's own path matching (case-insensitive, a trailing slash allowed, `:id` one segment), as the
  // web router matches the same patterns.
  const sitePages = Router();
  for (const pattern of SITE_ROUTE_PATTERNS) {
    sitePages.get(pattern, (req, res) => {
      const path = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
      send(res, req, 200, pages.get(pageKeyOf(path)) ?? otherPaths);
    });
  }
  router.use(sitePages);
  router.get("*", (req, res) =>
    send(res, req, 404, isBackOffice(req.path) ? (pages.get(BACK_OFFICE) ?? otherPaths) : notFoundPage),
  );
  return router;
}
