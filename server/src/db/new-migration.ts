import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm run db:new-migration -- <verb_noun>`: writes the next migration from a template and registers it
 * at the end of the list in migrate.ts. It is named `m<NNNN>_<verb_noun>`, NNNN its place in the list:
 * Kysely runs migrations in their names' order, "m" sorts after the dated names that shipped first, and
 * a number, unlike a date from the author's clock, cannot sort before a migration already deployed.
 */

/** A name says what the migration does: lower-case words, a verb first (`add_deal_stage`). */
const MIGRATION_NAME = /^[a-z]+(_[a-z0-9]+)+$/;
/** A date in a name (2026_12_05, 20261205): the order is the list's, and a date would only mislead. */
const DATE_LIKE = /\d{4}_?\d{2}_?\d{2}/;
/** A numbered migration's name: "m", its four-digit place in the list, then what it does. */
export const NUMBERED_MIGRATION = /^m(\d{4})_([a-z]+(?:_[a-z0-9]+)+)$/;

const RECORD_START = "export const migrations: Record<string, Migration> = {\n";

/** The names registered in migrate.ts's ordered list, in order, read from its source. */
export function registeredMigrations(migrateSource: string): string[] {
  const start = migrateSource.indexOf(RECORD_START);
  if (start === -1) throw new Error("migrate.ts has no `migrations` record to add to");
  const body = migrateSource.slice(start + RECORD_START.length, migrateSource.indexOf("\n};", start));
  // The dated names need quotes; the formatter leaves the m<NNNN> ones bare.
  return [...body.matchAll(/^\s*"?(\w+)"?:/gm)].map((m) => m[1] as string);
}

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A new migration's first draft. Its change is an example to replace: until then it fails on any
 * database (there is no a_table), so a migration left as drafted cannot pass the tests.
 */
const migrationTemplate = (name: string) => `import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * ${name.replace(/_/g, " ")}: what changes in the schema and why, in the schema's own terms.
 * One body for both engines: dialectOf(db) gives their column types (t.uuid, t.timestamp, t.json,
 * t.boolean, …) and defaults (t.now); branch on t.isPostgres only where the SQL itself differs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.alterTable("a_table").addColumn("a_column", t.timestamp).execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("a_table").dropColumn("a_column").execute();
}
`;

/**
 * Writes `migrations/m<NNNN>_<name>.ts` beside migrate.ts in `dbDir` and registers it last; NNNN is its
 * position in the list, counting from one. Returns the new migration's name.
 */
export function addMigration(dbDir: string, name: string): string {
  if (!MIGRATION_NAME.test(name) || DATE_LIKE.test(name) || name.length > 60) {
    throw new Error(
      `a migration is named by what it does, in lower-case words joined by underscores, no date, a verb first (add_deal_stage); got "${name}"`,
    );
  }
  const migratePath = join(dbDir, "migrate.ts");
  const source = readFileSync(migratePath, "utf8");
  const registered = registeredMigrations(source);
  const number = String(registered.length + 1).padStart(4, "0");
  const full = `m${number}_${name}`;
  const file = join(dbDir, "migrations", `${full}.ts`);
  const taken = readdirSync(join(dbDir, "migrations")).find((f) => f.startsWith(`m${number}_`));
  if (taken || existsSync(file)) throw new Error(`migrations/${taken} already holds number ${number}`);

  let binding = camelCase(name);
  if (new RegExp(`\\bimport \\* as ${binding}\\b`).test(source)) binding += number;
  // The new name sorts after every other, so its import goes last too, where the linter's order puts it.
  const imports = [...source.matchAll(/^import \* as \w+ from "\.\/migrations\/[^"]+";\n/gm)];
  const last = imports[imports.length - 1];
  if (!last) throw new Error("migrate.ts imports no migrations to add one after");
  const importAt = (last.index ?? 0) + last[0].length;
  const recordEnd = source.indexOf("\n};", source.indexOf(RECORD_START)) + 1;
  const updated =
    source.slice(0, importAt) +
    `import * as ${binding} from "./migrations/${full}";\n` +
    source.slice(importAt, recordEnd) +
    `  ${full}: ${binding},\n` +
    source.slice(recordEnd);

  writeFileSync(file, migrationTemplate(name), { flag: "wx" });
  writeFileSync(migratePath, updated);
  return full;
}
