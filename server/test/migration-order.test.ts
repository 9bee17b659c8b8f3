import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationNames, migrations, migratorFor } from "../src/db/migrate";
import { addMigration, NUMBERED_MIGRATION, registeredMigrations } from "../src/db/new-migration";
import { openTestDatabase, type TestDatabase } from "./support/test-database";

const dbDir = join(import.meta.dirname, "..", "src", "db");
const repoRoot = join(import.meta.dirname, "..", "..");

/** The migrations named by date that shipped, in the order every deployed database ran them. Frozen. */
const SHIPPED = [
  "2026_11_22_100000_create_events_and_crm_contacts",
  "2026_11_22_110000_create_form_submissions",
  "2026_11_23_100000_create_auth_tables",
  "2026_11_24_100000_add_factor_lockout",
  "2026_11_24_120000_add_token_password_fingerprint",
  "2026_11_24_130000_create_newsletter_pending",
  "2026_11_25_100000_create_rate_limits",
  "2026_11_26_100000_create_crm_tables",
  "2026_11_27_100000_create_portfolio_items",
  "2026_11_28_090000_create_setup_tokens",
  "2026_11_28_100000_create_storage",
  "2026_11_28_120000_store_event_status_without_past",
  "2026_11_29_100000_create_legal_tables",
  "2026_11_30_100000_create_studio_sessions",
  "2026_12_01_140000_create_flow_state",
  "2026_12_01_150000_add_user_bans_and_invitations",
  "2026_12_05_100000_add_list_indexes",
];

const today = () => new Date().toISOString().slice(0, 10);

/** A date written in a name (2026_12_05, 2026-12-05 or 20261205), as YYYY-MM-DD. */
function datesIn(name: string): string[] {
  return [...name.matchAll(/(?<!\d)(20\d\d)[_-]?(0[1-9]|1[0-2])[_-]?(0[1-9]|[12]\d|3[01])(?!\d)/g)].map(
    ([, y, m, d]) => `${y}-${m}-${d}`,
  );
}

/**
 * What is wrong with a list of migrations (names in the record's order) beside the files in the
 * migrations folder. Each problem would stop a deployed database or let two of them differ.
 */
function listProblems(names: readonly string[], files: readonly string[], on = today()): string[] {
  const problems: string[] = [];
  // Kysely runs migrations sorted by name (a plain sort), so the record says the run order only if equal.
  if (names.join() !== [...names].sort().join()) problems.push("the list is not in its names' order");
  for (const name of SHIPPED) if (!names.includes(name)) problems.push(`${name} shipped and is missing`);
  names.forEach((name, i) => {
    if (SHIPPED.includes(name)) return;
    const numbered = NUMBERED_MIGRATION.exec(name);
    if (!numbered) problems.push(`${name} is not named m<NNNN>_<verb_noun>`);
    else if (Number(numbered[1]) !== i + 1) problems.push(`${name} is number ${i + 1} in the list`);
    for (const date of datesIn(name)) if (date > on) problems.push(`${name} carries ${date}, after ${on}`);
  });
  const modules = files.filter((f) => f !== "dialect.ts").map((f) => f.replace(/\.ts$/, ""));
  for (const m of modules) if (!names.includes(m)) problems.push(`${m}.ts is not registered`);
  for (const n of names) if (!modules.includes(n)) problems.push(`${n} has no file`);
  return problems;
}

const migrationFiles = (dir: string) => readdirSync(join(dir, "migrations"));
const nextName = (verbNoun: string, names = migrationNames()) =>
  `m${String(names.length + 1).padStart(4, "0")}_${verbNoun}`;

describe("the list of migrations", () => {
  it("is in Kysely's order, the shipped ones then m<NNNN> by position, each with its file", () => {
    expect(listProblems(migrationNames(), migrationFiles(dbDir))).toEqual([]);
    expect(registeredMigrations(readFileSync(join(dbDir, "migrate.ts"), "utf8"))).toEqual(migrationNames());
  });

  it("would be refused out of order, with a gap, a future date, a stray file or a shipped one gone", () => {
    const names = [...SHIPPED, "m0018_add_a", "m0019_add_b"];
    const files = ["dialect.ts", ...names.map((n) => `${n}.ts`)];
    const filesWith = (name: string) => [...files, `${name}.ts`];
    expect(listProblems(names, files)).toEqual([]);
    const swapped = [...SHIPPED];
    [swapped[11], swapped[12]] = [swapped[12] as string, swapped[11] as string];
    expect(listProblems([...swapped, "m0018_add_a", "m0019_add_b"], files)).toEqual([
      "the list is not in its names' order",
    ]);
    expect(listProblems([...SHIPPED, "m0019_add_b", "m0018_add_a"], files)).toEqual([
      "the list is not in its names' order",
      "m0019_add_b is number 18 in the list",
      "m0018_add_a is number 19 in the list",
    ]);
    expect(listProblems([...names, "m0021_add_c"], filesWith("m0021_add_c"))).toEqual([
      "m0021_add_c is number 20 in the list",
    ]);
    expect(listProblems([...names, "0020_add_c"], filesWith("0020_add_c"))).toEqual([
      "the list is not in its names' order",
      "0020_add_c is not named m<NNNN>_<verb_noun>",
    ]);
    expect(
      listProblems([...names, "m0020_add_20261204_c"], filesWith("m0020_add_20261204_c"), "2026-11-26"),
    ).toEqual(["m0020_add_20261204_c carries 2026-12-04, after 2026-11-26"]);
    expect(listProblems(names, filesWith("m0020_add_c"))).toEqual(["m0020_add_c.ts is not registered"]);
    expect(listProblems([...names, "m0020_add_c"], files)).toEqual(["m0020_add_c has no file"]);
    expect(
      listProblems(
        names.slice(1),
        files.filter((f) => f !== `${SHIPPED[0]}.ts`),
      ),
    ).toEqual([
      `${SHIPPED[0]} shipped and is missing`,
      "m0018_add_a is number 17 in the list",
      "m0019_add_b is number 18 in the list",
    ]);
  });
});

describe("npm run db:new-migration", () => {
  let copy: string;
  beforeAll(() => {
    // Named db/ as in the repository, so the linter's settings for migrations apply to the copy.
    copy = join(mkdtempSync(join(tmpdir(), "sms-new-migration-")), "db");
    cpSync(join(dbDir, "migrate.ts"), join(copy, "migrate.ts"));
    cpSync(join(dbDir, "migrations"), join(copy, "migrations"), { recursive: true });
  });
  afterAll(() => rmSync(join(copy, ".."), { recursive: true, force: true }));

  it("writes the next m<NNNN> migration and registers it last, keeping the list sound and linted", () => {
    const before = migrationNames();
    const first = nextName("add_deal_probability", before);
    const second = nextName("drop_fax_numbers", [...before, first]);
    expect(addMigration(copy, "add_deal_probability")).toBe(first);
    expect(addMigration(copy, "drop_fax_numbers")).toBe(second);

    const source = readFileSync(join(copy, "migrate.ts"), "utf8");
    const names = registeredMigrations(source);
    expect(names).toEqual([...before, first, second]);
    expect(listProblems(names, migrationFiles(copy))).toEqual([]);
    expect(source).toContain(`import * as addDealProbability from "./migrations/${first}";`);
    const written = readFileSync(join(copy, "migrations", `${first}.ts`), "utf8");
    expect(written).toMatch(/export async function up\(db: Kysely<any>\): Promise<void>/);
    expect(written).toMatch(/export async function down\(db: Kysely<any>\): Promise<void>/);

    // As the repository's linter and formatter want them, so the new files go in unedited.
    const lint = spawnSync(
      join(repoRoot, "node_modules", ".bin", "biome"),
      ["check", "--config-path", repoRoot, "--vcs-enabled=false", "--files-ignore-unknown=true", copy],
      { encoding: "utf8" },
    );
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);
  });

  it("refuses a name that is not lower-case words, or that carries a date, and writes nothing", () => {
    const files = migrationFiles(copy);
    const source = readFileSync(join(copy, "migrate.ts"), "utf8");
    for (const bad of [
      "AddThing",
      "add-thing",
      "thing",
      "add thing",
      "2027_01_04_add_thing",
      "add_20270104_x",
    ]) {
      expect(() => addMigration(copy, bad)).toThrow(/lower-case words joined by underscores, no date/);
    }
    expect(migrationFiles(copy)).toEqual(files);
    expect(readFileSync(join(copy, "migrate.ts"), "utf8")).toBe(source);
  });
});

/** A stand-in for the next migration someone writes: a table of its own, on both engines. */
const probe: Migration = {
  up: (db: Kysely<unknown>) => db.schema.createTable("migration_probe").addColumn("id", "integer").execute(),
  down: (db: Kysely<unknown>) => db.schema.dropTable("migration_probe").execute(),
};

const latestByName = async (db: TestDatabase["db"]) =>
  (await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db)).rows[0]?.name;

describe("a database the release with only the shipped migrations left", () => {
  let dir: string;
  let old: TestDatabase;
  const shipped = Object.fromEntries(SHIPPED.map((name) => [name, migrations[name] as Migration]));
  const withProbe = { ...migrations, [nextName("add_migration_probe")]: probe };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sms-migration-order-"));
    old = await openTestDatabase(dir, { migrated: false });
    const previous = await migratorFor(old.db, shipped).migrateToLatest();
    expect(previous.error).toBeUndefined();
  });
  afterAll(async () => {
    await old.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("would refuse a migration named by the day this scheme began: it sorts before shipped ones", async () => {
    const dated = { ...shipped, "2026_11_26_120000_add_migration_probe": probe };
    const { error } = await migratorFor(old.db, dated).migrateToLatest();
    expect(String(error)).toMatch(/corrupted migrations/);
  });

  it("migrates forward to the next m<NNNN> migration, run last, with max(name) still the latest", async () => {
    expect(
      listProblems(Object.keys(withProbe), [
        ...migrationFiles(dbDir),
        `${nextName("add_migration_probe")}.ts`,
      ]),
    ).toEqual([]);
    const { error, results = [] } = await migratorFor(old.db, withProbe).migrateToLatest();
    expect(error).toBeUndefined();
    expect(results.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(withProbe)
        .slice(SHIPPED.length)
        .map((name) => [name, "Success"]),
    );
    await sql`select id from migration_probe`.execute(old.db);
    // Kysely's own order is the record's, and a backup's schema version (max(name)) is the newest one.
    expect((await migratorFor(old.db, withProbe).getMigrations()).map((m) => m.name)).toEqual(
      Object.keys(withProbe),
    );
    expect(await latestByName(old.db)).toBe(Object.keys(withProbe).at(-1));
  });
});
