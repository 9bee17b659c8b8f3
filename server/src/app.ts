import {
  contract,
  EVENT_PAGE_ROUTE,
  tables as registeredTables,
  type TableDefinition,
  type TableRouteMetadata,
} from "@app/contracts";
import type { AppRouter } from "@ts-rest/core";
import { createExpressEndpoints } from "@ts-rest/express";
import express, { type Express } from "express";
import type { Logger } from "pino";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { apiFamilyOf } from "./http/api-family";
import { AppError } from "./http/app-error";
import { createAuthorizer } from "./http/authorize";
import { compressJson } from "./http/compress-json";
import { apiNotFound, errorMiddleware } from "./http/error-middleware";
import { jsonBodiesOnly } from "./http/json-bodies-only";
import { utf8JsonOnly } from "./http/json-charset";
import { jsonOnce } from "./http/json-once";
import { httpLogger } from "./http/logger";
import { openApiRouter } from "./http/openapi";
import { createRateLimiter } from "./http/rate-limit";
import { cors, noStore, securityHeaders } from "./http/security";
import { spa } from "./http/spa";
import { authAdminRouter } from "./modules/auth/admin-router";
import { createTokenSigner } from "./modules/auth/jwt";
import { createKeyring } from "./modules/auth/keyring";
import { authRouter } from "./modules/auth/router";
import { createAuthDeps } from "./modules/auth/setup";
import { setupRouter } from "./modules/auth/setup-router";
import { createKeySealer } from "./modules/auth/signing-keys";
import { type BackupService, createBackupService } from "./modules/backups/backup-service";
import { backupsRouter } from "./modules/backups/router";
import { crmRouter } from "./modules/crm/router";
import { crmTableHooks } from "./modules/crm/table-hooks";
import { dashboardRouter } from "./modules/dashboard/router";
import type { DeliverableDeps } from "./modules/deliverables/deps";
import { approvalFileHandler, approvalRouter, deliverablesRpcRouter } from "./modules/deliverables/router";
import { deliverableTableHooks } from "./modules/deliverables/table-hooks";
import { findEventPageHead } from "./modules/events/event-page";
import { eventTableHooks } from "./modules/events/table-hooks";
import { formsRouter } from "./modules/forms/router";
import type { LegalDeps } from "./modules/legal/deps";
import { storageWithDocumentLocks, storedDocumentFiles } from "./modules/legal/document-files";
import { legalTableHooks } from "./modules/legal/hooks";
import { legalRpcRouter, legalSigningRouter } from "./modules/legal/router";
import { moneyRouter } from "./modules/money/router";
import { moneyTableHooks } from "./modules/money/table-hooks";
import { erasureLogFor } from "./modules/personal-data/erasure-log";
import { personalDataRouter } from "./modules/personal-data/router";
import { personalDataService } from "./modules/personal-data/service";
import { portfolioTableHooks } from "./modules/portfolio/table-hooks";
import { projectsRouter } from "./modules/projects/router";
import { projectTableHooks } from "./modules/projects/table-hooks";
import { createChangeFeed } from "./modules/realtime/change-feed";
import { realtimeRouter } from "./modules/realtime/http-broadcast-router";
import { createRealtimeRelay } from "./modules/realtime/realtime-relay";
import { createRealtimeServer, type RealtimeServer } from "./modules/realtime/realtime-server";
import { dbCatalogue } from "./modules/royalties/ledger/db-catalogue";
import {
  type RoyaltyLedgerDeps,
  royaltyImportHandler,
  royaltyLedgerRouter,
} from "./modules/royalties/ledger/router";
import { royaltyLedgerTableHooks } from "./modules/royalties/ledger/table-hooks";
import { royaltiesRouter } from "./modules/royalties/router";
import { royaltyTableHooks } from "./modules/royalties/table-hooks";
import { createRenderCache } from "./modules/storage/render-cache";
import { imageRenderer } from "./modules/storage/render-routes";
import { storageRouter } from "./modules/storage/router";
import { createUrlSigner } from "./modules/storage/signed-url";
import { studioRouter } from "./modules/studio/router";
import { studioTableHooks } from "./modules/studio/session-hooks";
import { configRouter, healthRouter, publicConfig } from "./modules/system/router";
import { teamRouter } from "./modules/team/router";
import { devMailGate } from "./platform/mail/dev-mail";
import { openApiRootHandler, tableBodyError, tableEndpoints } from "./rest/data-api";
import { publicSchemaOnly, restFallbacks, rpcNames, rpcResultsWhole } from "./rest/postgrest/rest-fallbacks";
import type { TableHooks, TableHooksByTable } from "./rest/table-hooks";
import { createWorkQueue, type WorkQueue } from "./work-queue";

export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** The auth service's clock (ms); tests inject one to move time instead of sleeping. */
  now?: () => number;
  /** Work done after answering (lookups, mail); the server drains it on shutdown. */
  work?: WorkQueue;
  /** Tables of the data API besides the registered ones (tests declare their own). */
  tables?: Record<string, TableDefinition>;
  /** Backups on demand and on schedule; the server starts its schedule (one is made here when absent). */
  backups?: BackupService;
}

const API_PREFIXES = ["/auth/v1", "/rest/v1", "/storage/v1", "/api", "/health"];

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

/**
 * The business rules of the data API's tables, each module's own, handed to the generic handler here so
 * the data API depends on no module. A table without rules needs no entry.
 */
export const tableHooks: TableHooksByTable = {
  ...eventTableHooks,
  ...crmTableHooks,
  ...legalTableHooks,
  ...studioTableHooks,
  ...moneyTableHooks,
  ...portfolioTableHooks,
  ...projectTableHooks,
  ...royaltyTableHooks,
  ...deliverableTableHooks,
  ...royaltyLedgerTableHooks,
};

/** Builds the whole product (API and web app) as one Express app; main.ts listens. */
export async function createApp({
  config,
  db,
  logger,
  now = Date.now,
  work = createWorkQueue(logger),
  tables: extraTables = {},
  backups = createBackupService({ config, db, logger, now }),
}: AppDeps): Promise<Express> {
  const keyring = createKeyring({
    db,
    sealer: createKeySealer(config.MFA_ENCRYPTION_KEY),
    refreshSeconds: config.JWT_KEYS_REFRESH_SECONDS,
    now,
  });
  await keyring.reload();
  const tokens = createTokenSigner(config.JWT_SECRET, now, keyring);
  const limiter = createRateLimiter(db, now);
  const auth = await createAuthDeps({ config, db, logger, tokens, limiter, work, now });
  const authorizer = createAuthorizer({
    tokens,
    sessionAal: auth.sessionAal,
    requireAal2: config.AUTH_REQUIRE_AAL2,
    browserOrigins: config.CORS_ORIGINS,
  });

  const tables: Record<string, TableDefinition> = { ...registeredTables, ...extraTables };
  const handles = new Map(
    Object.values(tables).map((table) => [
      table.name,
      { table, hooks: (tableHooks as Record<string, TableHooks | undefined>)[table.name] ?? {} },
    ]),
  );
  const app = express();
  app.locals.anonKey = tokens.anonKey;
  // The socket server rides on whichever HTTP server listens (main's, or a test's): it attaches there.
  app.locals.realtime = createRealtimeServer({
    verify: authorizer.verifyToken,
    now,
    changes: createChangeFeed({ db, handles, now, logger }),
    relay: createRealtimeRelay({ db, leaseSeconds: config.REALTIME_NODE_LEASE_SECONDS, now, logger }),
    handles,
    engine: db.engine,
    limits: {
      heartbeatTimeoutMs: config.REALTIME_HEARTBEAT_TIMEOUT_MS,
      maxChannelsPerSocket: config.REALTIME_MAX_CHANNELS_PER_SOCKET,
      maxJoinsPerSecond: config.REALTIME_MAX_JOINS_PER_SECOND,
      maxMessageBytes: config.REALTIME_MAX_MESSAGE_BYTES,
      maxBufferedBytes: config.REALTIME_MAX_BUFFERED_BYTES,
    },
  });
  app.disable("x-powered-by");
  // API answers are no-store, so an ETag (a SHA-1 of every body) buys nothing; static files keep theirs.
  app.set("etag", false);
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("query parser", "simple");

  app.use(httpLogger(logger));
  app.use(securityHeaders(config));
  app.use(cors(config.CORS_ORIGINS));
  app.use(["/auth/v1", "/rest/v1", "/api"], noStore);
  // Storage stays out: its downloads are files, sent as they were stored.
  app.use(["/auth/v1", "/rest/v1", "/api", "/health"], compressJson);
  // auth-js reads `code` as the error code only when the answer says it speaks the 2024-01-01 API.
  app.use("/auth/v1", (req, res, next) => {
    const version = req.headers["x-supabase-api-version"];
    if (typeof version === "string" && version >= "2024-01-01")
      res.setHeader("X-Supabase-Api-Version", "2024-01-01");
    next();
  });
  // GoTrue only reads JSON; neither do the administrators' routes nor the RPCs, whose arguments are a
  // JSON object (a form or XML post would otherwise reach an RPC whose arguments are all optional).
  // Tables read JSON bodies only as well: PostgREST's CSV and form bodies would otherwise arrive empty.
  app.use(["/auth/v1", "/api/admin", "/rest/v1"], jsonBodiesOnly);
  app.use("/rest/v1", publicSchemaOnly);
  app.use("/rest/v1/rpc", rpcResultsWhole);
  const options = {
    globalMiddleware: [authorizer.middleware],
    responseValidation: config.NODE_ENV !== "production",
    requestValidationErrorHandler: (
      err: Parameters<typeof describeValidationError>[0],
      req: express.Request,
      _res: express.Response,
      next: express.NextFunction,
    ) => {
      const route = (req as express.Request & { tsRestRoute?: { metadata?: TableRouteMetadata } })
        .tsRestRoute;
      const table = route?.metadata?.table ? tables[route.metadata.table] : undefined;
      if (table && err.body && route?.metadata)
        return next(tableBodyError(table, route.metadata.verb, req.body));
      const { where, message } = describeValidationError(err);
      // Storage's error body has no `details`: its clients learn the field from the message.
      const text = apiFamilyOf(req.originalUrl) === "storage" ? `${where}: ${message}` : message;
      next(
        new AppError(where.startsWith("body") ? "invalid_body" : "invalid_request", text, {
          details: where,
        }),
      );
    },
  };
  // Before the JSON parser: uploads are streamed to disk, never parsed or held in memory.
  const storage = storageWithDocumentLocks({ db, dir: config.STORAGE_DIR, now });
  app.use(
    "/storage/v1",
    storageRouter({
      db,
      authorizer,
      service: storage,
      urls: createUrlSigner(config.JWT_SECRET, now),
      sendRender: imageRenderer({
        service: storage,
        cache: createRenderCache(config.STORAGE_DIR),
        limits: {
          maxPixels: config.IMAGE_RENDER_MAX_PIXELS,
          maxBytes: config.IMAGE_RENDER_MAX_BYTES,
          timeoutSeconds: config.IMAGE_RENDER_TIMEOUT_SECONDS,
        },
      }),
      now,
      tsRest: options,
    }),
  );
  app.use(jsonOnce);
  app.use(utf8JsonOnly);
  app.use(express.json({ limit: "100kb", type: ["application/json", "application/*+json"] }));
  app.use(openApiRouter());

  const mount = <T extends AppRouter>(routes: T, impl: Parameters<typeof createExpressEndpoints<T>>[1]) =>
    createExpressEndpoints(routes, impl, app, options);

  app.use("/api", devMailGate(config));
  mount(
    contract.health,
    healthRouter({
      db,
      isAdmin: (req) => authorizer.authorize("admin", req).then(Boolean, () => false),
      lastBackupAt: backups.lastBackupAt,
      now,
    }),
  );
  mount(contract.backups, backupsRouter(backups));
  mount(contract.auth, authRouter(auth));
  mount(contract.authAdmin, authAdminRouter(auth));
  mount(contract.team, teamRouter(auth));
  mount(contract.config, configRouter(config, tokens.anonKey));
  mount(contract.realtime, realtimeRouter((app.locals.realtime as RealtimeServer).hub));
  mount(contract.crm, crmRouter({ db, now }));
  mount(contract.dashboard, dashboardRouter({ db, now }));
  const legal: LegalDeps = {
    db,
    files: storedDocumentFiles(db, storage),
    mailer: auth.mailer,
    limiter,
    signRule: { limit: config.RATE_LIMITS ? 30 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
    linkTtlSeconds: config.SIGNING_LINK_EXPIRY,
    siteUrl: config.SITE_URL,
    logger,
    now,
  };
  mount(contract.legal.rpc, legalRpcRouter(legal));
  mount(contract.legal.signing, legalSigningRouter(legal));
  const deliverables: DeliverableDeps = {
    db,
    storage,
    mailer: auth.mailer,
    limiter,
    mailRule: { limit: config.RATE_LIMITS ? 5 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
    pageRule: { limit: config.RATE_LIMITS ? 30 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
    fileGuessRule: { limit: config.RATE_LIMITS ? 20 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
    linkTtlSeconds: config.APPROVAL_LINK_EXPIRY,
    siteUrl: config.SITE_URL,
    logger,
    now,
  };
  mount(contract.deliverables.rpc, deliverablesRpcRouter(deliverables));
  // Before the contract's routes: the file is streamed by hand, like storage's downloads.
  app.get(contract.deliverables.approval.getApprovalFile.path, approvalFileHandler(deliverables));
  mount(contract.deliverables.approval, approvalRouter(deliverables));
  mount(contract.setup, setupRouter({ db, config, now }));
  mount(
    contract.money,
    moneyRouter({
      db,
      mailer: auth.mailer,
      limiter,
      mailRule: { limit: config.RATE_LIMITS ? 5 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
      now,
    }),
  );
  mount(
    contract.studio,
    studioRouter({
      db,
      now,
      siteUrl: config.SITE_URL,
      limiter,
      feedGuessRule: { limit: config.RATE_LIMITS ? 20 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
    }),
  );
  mount(contract.projects, projectsRouter({ db, now }));
  mount(contract.royalties, royaltiesRouter({ db, now }));
  const royalties: RoyaltyLedgerDeps = {
    db,
    catalogue: dbCatalogue,
    storageDir: config.STORAGE_DIR,
    mailer: auth.mailer,
    limiter,
    mailRule: { limit: config.RATE_LIMITS ? 5 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
    now,
  };
  // Before the contract's routes: the statement file is streamed to disk by hand, like storage's uploads.
  app.post(contract.royaltyLedger.importRoyaltyStatement.path, royaltyImportHandler(royalties, authorizer));
  mount(contract.royaltyLedger, royaltyLedgerRouter(royalties));
  mount(
    contract.personalData,
    personalDataRouter(personalDataService({ db, storage, now, erasureLog: erasureLogFor(config), logger })),
  );
  app.get("/rest/v1", openApiRootHandler(authorizer));
  const schema = { handleOf: (name: string) => handles.get(name), tables: Object.values(tables) };
  for (const handle of handles.values()) {
    const { routes, impl } = tableEndpoints({ db, now, schema }, handle);
    mount(routes, impl);
  }
  mount(
    contract.forms,
    formsRouter({
      db,
      limiter,
      rule: { limit: config.RATE_LIMITS ? 10 : Number.MAX_SAFE_INTEGER, windowSeconds: 600 },
      pepper: config.JWT_SECRET,
      mailRule: { limit: config.RATE_LIMITS ? 1 : Number.MAX_SAFE_INTEGER, windowSeconds: 60 },
      mailer: auth.mailer,
      work,
      siteUrl: config.SITE_URL,
      now,
    }),
  );

  app.use("/rest/v1", restFallbacks(rpcNames(contract)));
  app.use(API_PREFIXES, apiNotFound);
  app.use(
    spa(config.WEB_DIST, {
      publicConfig: publicConfig(config, tokens.anonKey),
      siteUrl: config.SITE_URL,
      dataPages: { [EVENT_PAGE_ROUTE]: (id) => findEventPageHead(db, id) },
    }),
  );
  app.use(errorMiddleware(logger));
  return app;
}
