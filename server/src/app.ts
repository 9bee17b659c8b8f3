import { contract } from "@app/contracts";
import type { AppRouter } from "@ts-rest/core";
import { createExpressEndpoints } from "@ts-rest/express";
import express, { type Express } from "express";
import type { Logger } from "pino";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { apiFamilyOf } from "./http/api-family";
import { AppError } from "./http/app-error";
import { createAuthorizer } from "./http/authorize";
import { apiNotFound, errorMiddleware } from "./http/error-middleware";
import { httpLogger } from "./http/logger";
import { openApiRouter } from "./http/openapi";
import { createRateLimiter } from "./http/rate-limit";
import { cors, noStore, securityHeaders } from "./http/security";
import { spa } from "./http/spa";
import { createTokenSigner } from "./modules/auth/jwt";
import { eventsRouter } from "./modules/events/router";
import { formsRouter } from "./modules/forms/router";
import { configRouter, healthRouter, publicConfig } from "./modules/system/router";
import { talentRouter } from "./modules/talent/router";

export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

const API_PREFIXES = ["/auth/v1", "/rest/v1", "/api", "/health"];

function describeValidationError(err: {
  body: unknown;
  query: unknown;
  headers: unknown;
  pathParams: unknown;
}) {
  for (const [part, zodError] of Object.entries(err)) {
    const issue = (
      zodError as { issues?: { path: (string | number)[]; message: string; code: string }[] } | null
    )?.issues?.[0];
    if (issue) {
      const where = [part === "pathParams" ? "path" : part, ...issue.path].join(".");
      return { where, message: issue.code === "unrecognized_keys" ? issue.message : issue.message };
    }
  }
  return { where: "request", message: "Invalid request" };
}

/** Builds the whole product (API and web app) as one Express app; main.ts listens. */
export function createApp({ config, db, logger }: AppDeps): Express {
  const tokens = createTokenSigner(config.JWT_SECRET);
  const limiter = createRateLimiter();
  const authorizer = createAuthorizer({
    tokens,
    // Replaced by the auth service's session store once it lands.
    isSessionActive: () => true,
    requireAal2: config.AUTH_REQUIRE_AAL2,
  });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("query parser", "simple");

  app.use(httpLogger(logger));
  app.use(securityHeaders(config));
  app.use(cors(config.CORS_ORIGINS));
  app.use(["/auth/v1", "/rest/v1", "/api"], noStore);
  app.use(express.json({ limit: "100kb", type: ["application/json", "application/*+json"] }));
  app.use(openApiRouter());

  const options = {
    globalMiddleware: [authorizer.middleware],
    responseValidation: config.NODE_ENV !== "production",
    requestValidationErrorHandler: (
      err: Parameters<typeof describeValidationError>[0],
      req: express.Request,
      _res: express.Response,
      next: express.NextFunction,
    ) => {
      const { where, message } = describeValidationError(err);
      const family = apiFamilyOf(req.path);
      next(
        AppError.badRequest(family === "rest" ? `Invalid ${where}: ${message}` : message, {
          code: family === "auth" ? "validation_failed" : where.startsWith("body") ? "PGRST102" : "PGRST100",
          details: family === "rest" ? where : undefined,
        }),
      );
    },
  };
  const mount = <T extends AppRouter>(routes: T, impl: Parameters<typeof createExpressEndpoints<T>>[1]) =>
    createExpressEndpoints(routes, impl, app, options as never);

  mount(contract.health, healthRouter(db));
  mount(contract.config, configRouter(config, tokens.anonKey));
  mount(contract.events, eventsRouter(db));
  mount(contract.talent, talentRouter(db));
  mount(
    contract.forms,
    formsRouter({
      db,
      limiter,
      rule: { limit: config.RATE_LIMITS ? 10 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
      pepper: config.JWT_SECRET,
    }),
  );

  app.use(API_PREFIXES, apiNotFound);
  app.use(spa(config.WEB_DIST, publicConfig(config, tokens.anonKey)));
  app.use(errorMiddleware(logger));
  return app;
}
