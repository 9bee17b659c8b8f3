import { join } from "node:path";
import { readPassword } from "./cli-password";
import { ConfigError, loadConfig, loadDotEnvFile } from "./config";
import { type Database, openConfiguredDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { addMigration } from "./db/new-migration";
import { seedDemoData } from "./db/seed";
import {
  createUserAsAdmin,
  listUsersForAdmin,
  parseRole,
  setUserRole,
  tailAuditLog,
} from "./modules/auth/admin";
import { createTokenSigner } from "./modules/auth/jwt";
import { signingKeyCommands } from "./modules/auth/signing-keys-cli";
import { backupCommands } from "./modules/backups/cli";
import { personalDataCommands } from "./modules/personal-data/cli";

type Command = (args: string[], ctx: { config: ReturnType<typeof loadConfig> }) => Promise<void> | void;

async function withDatabase<T>(config: ReturnType<typeof loadConfig>, fn: (db: Database) => Promise<T>) {
  const db = await openConfiguredDatabase(config);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** `--name value` or `--name=value`; undefined when absent. */
function option(args: string[], name: string): string | undefined {
  const flag = `--${name}`;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === flag) return args[i + 1];
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return undefined;
}

function required(args: string[], name: string): string {
  const value = option(args, name);
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

/** Opens and migrates the database, so user commands work on a fresh install. */
const withMigratedDatabase = <T>(
  config: ReturnType<typeof loadConfig>,
  fn: (db: Database) => Promise<T> | T,
) =>
  withDatabase(config, async (db) => {
    await migrateToLatest(db);
    return fn(db);
  });

export const commands: Record<string, Command> = {
  "db migrate": (_args, { config }) =>
    withDatabase(config, async (db) => {
      const { results = [] } = await migrateToLatest(db);
      if (results.length === 0) console.log("Database is up to date.");
      for (const r of results) console.log(`${r.status}: ${r.migrationName}`);
    }),
  // Writes source files, so it runs from a checkout and needs no config. This module runs as src/cli.ts
  // or, through scripts/cli.mjs, as the bundle dist/cli.js: from either, the sources are ../src/db.
  "db new-migration": (args) => {
    const [name, ...extra] = args;
    if (!name || extra.length > 0) throw new Error("usage: npm run db:new-migration -- <verb_noun>");
    const added = addMigration(join(import.meta.dirname, "..", "src", "db"), name);
    console.log(
      `Wrote server/src/db/migrations/${added}.ts and registered it last in server/src/db/migrate.ts.`,
    );
  },
  "db seed": (_args, { config }) =>
    withDatabase(config, async (db) => {
      await migrateToLatest(db);
      const { events, talent } = await seedDemoData(db);
      console.log(`Seeded ${events} events and ${talent} talents (existing rows kept).`);
    }),
  "users create": async (args, { config }) => {
    const email = required(args, "email");
    const role = option(args, "role") === undefined ? null : parseRole(option(args, "role"), true);
    const password = option(args, "password") ?? (await readPassword());
    await withMigratedDatabase(config, async (db) => {
      const user = await createUserAsAdmin({ db, config }, { email, password, role });
      console.log(`Created confirmed user ${user.email} (${user.id}) with role ${user.role ?? "none"}.`);
    });
  },
  "users set-role": (args, { config }) =>
    withMigratedDatabase(config, async (db) => {
      const result = await setUserRole(
        { db, config },
        { email: required(args, "email"), role: parseRole(required(args, "role"), true) },
      );
      console.log(
        `${result.email}: role ${result.from ?? "none"} -> ${result.to ?? "none"}; ${result.endedSessions} session(s) ended.`,
      );
    }),
  "users list": (_args, { config }) =>
    withMigratedDatabase(config, async (db) => {
      const users = await listUsersForAdmin({ db, config });
      if (users.length === 0) console.log("No users.");
      else console.table(users);
    }),
  "audit tail": (args, { config }) =>
    withMigratedDatabase(config, async (db) => {
      const limit = Number(option(args, "limit") ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
        throw new Error("--limit must be 1..10000");
      for (const e of await tailAuditLog({ db, config }, limit)) {
        console.log(
          `${e.at}  ${e.action.padEnd(22)} ${e.email}  ip=${e.ip}  ${e.detail}  ua=${e.user_agent}`,
        );
      }
    }),
  keys: (_args, { config }) => {
    const { anonKey, serviceRoleKey } = createTokenSigner(config.JWT_SECRET);
    console.log(`anon key: ${anonKey}`);
    // A server-side secret: it passes GoTrue's admin API. Keep it out of browsers, logs and repositories.
    console.log(`service_role key: ${serviceRoleKey}`);
  },
  ...personalDataCommands({ option, withDatabase: withMigratedDatabase }),
  ...signingKeyCommands({ option, withDatabase: withMigratedDatabase }),
  ...backupCommands,
};

function usage() {
  console.log(
    `Usage: npm run cli -- <command>\n\nCommands:\n${Object.keys(commands)
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
  loadDotEnvFile();
  // Read when a command asks for it: one that touches no database runs without a configuration.
  await commands[name]?.(rest, {
    get config() {
      return loadConfig();
    },
  });
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Error: ${(err as Error).message}`);
  process.exitCode = 1;
});
