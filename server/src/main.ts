import { ConfigError, loadConfig, loadDotEnvFile } from "./config";
import { createLogger } from "./http/logger";
import { startServer } from "./server";

let config: ReturnType<typeof loadConfig>;
try {
  loadDotEnvFile();
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.LOG_LEVEL);
const running = await startServer(config, logger);
logger.info({ url: running.url, site: config.SITE_URL }, "server listening");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    await running.close();
    logger.info("shutdown complete");
    process.exit(0);
  });
}
