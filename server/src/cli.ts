import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { seedDemoData } from "./db/seed";
import { createTokenSigner } from "./modules/auth/jwt";

type Command = (args: string[], ctx: { config: ReturnType<typeof loadConfig> }) => Promise<void> | void;

function withDatabase<T>(
  config: ReturnType<typeof loadConfig>,
  fn: (db: ReturnType<typeof openDatabase>) => Promise<T>,
) {
  const db = openDatabase({ path: config.DATABASE_PATH, synchronous: config.SQLITE_SYNCHRONOUS });
  return fn(db).finally(() => db.close());
}

export const commands: Record<string, Command> = {
  "db migrate": (_args, { config }) =>
    withDatabase(config, async (db) => {
      const { results = [] } = await migrateToLatest(db.kysely);
      if (results.length === 0) console.log("Database is up to date.");
      for (const r of results) console.log(`${r.status}: ${r.migrationName}`);
    }),
  "db seed": (_args, { config }) =>
    withDatabase(config, async (db) => {
      await migrateToLatest(db.kysely);
      const { events, talent } = seedDemoData(db);
      console.log(`Seeded ${events} events and ${talent} talents (existing rows kept).`);
    }),
  keys: (_args, { config }) => {
    const { anonKey } = createTokenSigner(config.JWT_SECRET);
    console.log(`anon key: ${anonKey}`);
  },
};

function usage() {
  console.log(
    `Usage: pnpm cli <command>\n\nCommands:\n${Object.keys(commands)
      .map((c) => `  ${c}`)
      .join("\n")}`,
  );
}

async function main(argv: string[]) {
  const name = Object.keys(commands)
    .sort((a, b) => b.length - a.length)
    .find((c) => argv.slice(0, c.split(" ").length).join(" ") === c);
  if (!name) {
    usage();
    process.exitCode = argv.length === 0 || argv[0] === "help" ? 0 : 1;
    return;
  }
  const rest = argv.slice(name.split(" ").length);
  await commands[name]?.(rest, { config: loadConfig() });
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Error: ${(err as Error).message}`);
  process.exitCode = 1;
});
