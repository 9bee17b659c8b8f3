import { tables } from "@app/contracts";
import type { RequestHandler } from "express";
import { AppError } from "../../http/app-error";
import { restError } from "../../http/rest-error";

/**
 * PostgREST's answers for what reaches /rest/v1 but no route serves: a schema other than public, an RPC
 * called with another verb than it is served with or not served at all, and a verb no table takes. Each
 * is PostgREST's own code rather than the generic 404 of an unknown path.
 */

/** Only the public schema is exposed: supabase-js's `.schema("x")` names another in these headers. */
export const publicSchemaOnly: RequestHandler = (req, _res, next) => {
  for (const header of ["accept-profile", "content-profile"]) {
    const schema = req.headers[header];
    if (schema !== undefined && schema !== "public") {
      return next(
        restError("PGRST106", `Invalid schema: ${String(schema)}`, {
          hint: "Only the following schemas are exposed: public",
        }),
      );
    }
  }
  next();
};

/**
 * PostgREST applies `select`, filters, `order`, `limit` and `offset` in an RPC's query string to the rows
 * it returns. The functions here take their arguments in the body and answer their result whole, so such
 * parameters are refused rather than ignored (an ignored `limit=1` would answer every row).
 */
export const rpcResultsWhole: RequestHandler = (req, _res, next) => {
  const params = Object.keys(req.query);
  // Another verb's arguments are its query string; restFallbacks answers it.
  if (req.method !== "POST" || params.length === 0) return next();
  next(
    restError("PGRST127", "Feature not implemented", {
      details: `Shaping or filtering a function's result (${params.join(", ")}) is not implemented`,
    }),
  );
};

/**
 * Every `/rest/v1/rpc/<name>` path a route of the contract serves, found by walking the contract's routers
 * down to their routes (never into a route's schemas, which are most of the contract's objects).
 */
export function rpcNames(contract: unknown): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (node === null || typeof node !== "object") return;
    const path = (node as { path?: unknown }).path;
    if (typeof path !== "string") for (const child of Object.values(node)) walk(child);
    else if (path.startsWith("/rest/v1/rpc/")) names.add(path.slice("/rest/v1/rpc/".length));
  };
  walk(contract);
  return names;
}

/** Mounted on /rest/v1 after every route: what is left is answered as PostgREST would. */
export function restFallbacks(rpcs: Set<string>): RequestHandler {
  return (req, res, next) => {
    const rpc = /^\/rpc\/([^/]+)\/?$/.exec(req.path);
    if (rpc) {
      const name = decodeURIComponent(rpc[1] ?? "");
      if (rpcs.has(name))
        return next(
          restError("PGRST101", `Cannot use the ${req.method} method on RPC`, {
            details: "The functions here are called with POST",
          }),
        );
      return next(
        restError("PGRST202", `Could not find the function public.${name} in the schema cache`, {
          hint: "The functions are listed in the data API's reference",
        }),
      );
    }
    const table = /^\/([A-Za-z_][A-Za-z0-9_]*)\/?$/.exec(req.path)?.[1];
    if (table && table in tables) {
      if (req.method === "OPTIONS") {
        res.setHeader("Allow", "OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE");
        return res.status(200).end();
      }
      return next(new AppError("method_not_allowed", `Unsupported HTTP method: ${req.method}`));
    }
    if (table)
      return next(
        new AppError("not_found", `Could not find the table 'public.${table}' in the schema cache`),
      );
    next();
  };
}
