import { contract } from "@app/contracts";
import { createExpressEndpoints, type TsRestExpressOptions } from "@ts-rest/express";
import { Router } from "express";
import type { StorageDeps } from "./deps";
import { storageJsonRoutes } from "./json-routes";
import { storageRouteTable } from "./route-table";
import { STREAM_ROUTES, storageJsonContract } from "./served-by";
import { storageStreamRoutes } from "./stream-routes";

export interface StorageRouterDeps extends StorageDeps {
  /** The app's ts-rest options: access from the contract, and bad input answered in Storage's shape. */
  tsRest: TsRestExpressOptions<typeof storageJsonContract>;
}

/**
 * Supabase Storage's API under /storage/v1, as stock storage-js calls it, every route from the storage
 * contract: the JSON ones through ts-rest, the byte streams (STREAM_ROUTES) by hand. `public` buckets are
 * readable by anyone (their public URLs need no token); writes, listing, signing and private reads are for
 * staff and admins; creating, changing, emptying and deleting buckets for administrators only.
 */
export function storageRouter({ tsRest, ...deps }: StorageRouterDeps): Router {
  const router = Router();
  // JSON answers may name private objects; an object's own answer sets its Cache-Control.
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  const table = storageRouteTable();
  createExpressEndpoints(storageJsonContract, storageJsonRoutes(deps), table.tsRest, tsRest);
  const streams = storageStreamRoutes(deps);
  for (const name of STREAM_ROUTES) table.stream(contract.storage[name], streams[name]);
  return table.into(router);
}
