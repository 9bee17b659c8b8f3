import type { AppRoute } from "@ts-rest/core";
import type { ErrorRequestHandler, IRouter, RequestHandler, Router } from "express";

export const STORAGE_PREFIX = "/storage/v1";

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * A contract path below /storage/v1 as a regular expression over the raw request path: `:name` is one
 * segment, the object key `:path` one or more (a key may hold `/`). `group` opens each parameter's group.
 */
function patternSource(path: string, group: "(" | "(?:") {
  const below = path.slice(STORAGE_PREFIX.length);
  return `^${below.replace(/:(\w+)/g, (_m, name: string) => `${group}${name === "path" ? ".+" : "[^/]+"})`)}$`;
}

/**
 * What Express matches a storage route with. Nothing is captured: Express would percent-decode captures
 * (and answer a bad encoding itself), while a key must be decoded and checked exactly once, by
 * objectKeyFromRawPath.
 */
export const storagePattern = (path: string) => new RegExp(patternSource(path, "(?:"), "i");

/**
 * Sets `req.params` to the route's parameters as they are in the raw path, still percent-encoded: the
 * handlers decode and check them (bucketFrom, objectKeyFromRawPath).
 */
function rawParams(path: string): RequestHandler {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const capture = new RegExp(patternSource(path, "("), "i");
  return (req, _res, next) => {
    const values = capture.exec(req.path)?.slice(1) ?? [];
    req.params = Object.fromEntries(names.map((name, i) => [name, values[i] ?? ""]));
    next();
  };
}

/** Literal segments before the first parameter: a route with more of them is the more specific one. */
function literalPrefix(path: string) {
  const segments = path.split("/");
  const firstParam = segments.findIndex((s) => s.startsWith(":"));
  return firstParam < 0 ? segments.length : firstParam;
}

interface TableRoute {
  method: Method;
  path: string;
  handlers: RequestHandler[];
}

/**
 * The storage routes, collected from ts-rest (which registers the JSON routes on `tsRest` as it would on
 * an Express app) and from the hand stream routes, then registered on one router by `into`. Supabase's
 * paths overlap (`/object/list/b` is also `/object/:bucketId/:path`), so the most specific route is
 * registered first whoever serves it.
 */
export function storageRouteTable() {
  const routes: TableRoute[] = [];
  const errorHandlers: ErrorRequestHandler[] = [];
  const add =
    (method: Method) =>
    (path: string, ...handlers: RequestHandler[]) => {
      routes.push({ method, path, handlers });
    };
  const collector = {
    get: add("get"),
    post: add("post"),
    put: add("put"),
    patch: add("patch"),
    delete: add("delete"),
    use: (handler: ErrorRequestHandler) => {
      errorHandlers.push(handler);
    },
  };
  return {
    // ts-rest registers routes with the verb methods and its error handler with `use`, nothing else of an
    // Express router's surface, so the collector stands in for one.
    tsRest: collector as Pick<IRouter, keyof typeof collector> as IRouter,
    stream(route: AppRoute, handler: RequestHandler) {
      add(route.method.toLowerCase() as Method)(route.path, handler);
    },
    into(router: Router) {
      const ordered = [...routes].sort((a, b) => literalPrefix(b.path) - literalPrefix(a.path));
      for (const { method, path, handlers } of ordered)
        router[method](storagePattern(path), rawParams(path), ...handlers);
      if (errorHandlers.length > 0) router.use(errorHandlers);
      return router;
    },
  };
}
