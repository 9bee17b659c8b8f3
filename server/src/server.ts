import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { contract } from "@app/contracts";
import type { Logger } from "pino";
import { createApp } from "./app";
import type { Config } from "./config";
import { type Database, openConfiguredDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { isEmpty, seedDemoData } from "./db/seed";
import { createLogger } from "./http/logger";
import { createPublicReadCache } from "./http/public-read-cache";
import { offerFirstRunSetup } from "./modules/auth/first-run";
import { createBackupService } from "./modules/backups/backup-service";
import { createReminderSchedule } from "./modules/money/reminder-schedule";
import type { RealtimeServer } from "./modules/realtime/realtime-server";
import { createRowChangesPruning } from "./modules/realtime/row-changes-pruning";
import { createMailer } from "./platform/mail/transport";
import { READ_CLOCK_MS } from "./rest/data-api";
import { createWorkQueue, type WorkQueue } from "./work-queue";

/** Longer than the idle timeout of the proxies and clients in front of the server. */
export const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  server: Server;
  db: Database;
  url: string;
  /** Work the app does after answering (mail); `close` waits for it. */
  work: WorkQueue;
  /** Stops accepting, lets in-flight requests and their background work finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens and migrates the database, seeds an empty one, and listens. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
): Promise<RunningServer> {
  const db = await openConfiguredDatabase(config, logger);
  await migrateToLatest(db);
  if (config.SEED_DEMO && (await isEmpty(db))) {
    const seeded = await seedDemoData(db);
    logger.info(seeded, "seeded demo data into the empty database");
  }
  await offerFirstRunSetup({ db, config, now: Date.now }, logger);
  const work = createWorkQueue(logger);
  const backups = createBackupService({ config, db, logger });
  const app = await createApp({ config, db, logger, work, backups });
  const handler = createPublicReadCache(app, {
    paths: [contract.tables.events.list.path],
    anonKey: app.locals.anonKey as string,
    // Events read as past once their date has gone by (a derived status, computed to the minute), so a
    // kept answer also expires with the minute, not only when the data changes.
    changeStamp: () => `${db.changeStamp()}:${Math.floor(Date.now() / READ_CLOCK_MS)}`,
    logger,
  });
  const server = createServer(handler).listen(config.PORT, config.HOST);
  // A client or proxy that reuses a kept-alive connection just as the server closes it gets a reset for a
  // request it sent once. Node closes idle connections after 5 s, sooner than proxies and browsers drop
  // theirs (a load balancer's usual 60 s), so the server keeps them longer than those do; headers must
  // still arrive within their own, longer limit. Shutdown closes idle connections at once either way.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const realtime = app.locals.realtime as RealtimeServer;
  realtime.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  backups.start();
  // Off until the company settings name the days after the due date; it looks again every few minutes.
  const reminders = createReminderSchedule({
    db,
    mailer: createMailer({ db, config, logger, now: Date.now }),
    logger,
  });
  reminders.start();
  const pruning = createRowChangesPruning({ db, keepSeconds: config.REALTIME_CHANGES_KEEP_SECONDS, logger });
  pruning.start();
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;

  let closing: Promise<void> | undefined;
  function close() {
    closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      force.unref();
      realtime.close();
      server.close(async () => {
        clearTimeout(force);
        await backups.stop();
        await reminders.stop();
        await pruning.stop();
        await realtime.stopRelay();
        await work.whenIdle();
        await db.close();
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  }
  return { server, db, url, work, close };
}
