import { type Request, Router } from "express";
import type { Config } from "../../config";
import { apiNotFound } from "../../http/error-middleware";
import { isLoopbackAddress } from "../../http/loopback";

type DevMailConfig = Pick<Config, "DEV_MAIL_UI" | "NODE_ENV" | "TRUST_PROXY">;

/**
 * The outbox lists every live one-time link, so it opens only when asked for explicitly (DEV_MAIL_UI), never
 * in production, and only to a peer on this machine. Behind a proxy every request arrives from the proxy's
 * address (often loopback), so a trusted proxy closes it too. The socket's address is used, never a header.
 */
export function isDevMailOpen(config: DevMailConfig, req: Pick<Request, "socket">): boolean {
  return (
    config.DEV_MAIL_UI &&
    config.NODE_ENV !== "production" &&
    config.TRUST_PROXY === false &&
    isLoopbackAddress(req.socket.remoteAddress)
  );
}

/**
 * Mounted at /api ahead of the API routes: a closed outbox answers exactly what an unknown /api path does,
 * before query validation could reveal that the route exists.
 */
export function devMailGate(config: DevMailConfig): Router {
  const router = Router();
  router.all("/dev/mail", (req, res, next) =>
    isDevMailOpen(config, req) ? next() : apiNotFound(req, res, next),
  );
  return router;
}
