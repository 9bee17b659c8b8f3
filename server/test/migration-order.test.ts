import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestOf, migrateTo, migrateToLatest, migrationNames, migrations } from "../src/db/migrate";
import { addMigration, NUMBERED_MIGRATION, registeredMigrations } from "../src/db/new-migration";
import { openTestDatabase, type TestDatabase } from "./support/test-database";

const dbDir = join(import.meta.dirname, "..", "src", "db");
const repoRoot = join(import.meta.dirname, "..", "..");

/** The migrations named by date that shipped, in the order every deployed database ran them. */
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
 * What is wrong with a list of migrations (names in the order they run) beside the files in the
 * migrations folder. Each problem would stop a deployed database or let two of them differ.
 */
function listProblems(names: readonly string[], files: readonly string[], on = today()): string[] {
  const problems: string[] = [];
  const shipped = names.slice(0, SHIPPED.length);
  if (shipped.join() !== SHIPPED.join())
    problems.push("the shipped migrations are not first, in their order");
  names.slice(SHIPPED.length).forEach((name, i) => {
    const position = SHIPPED.length + i + 1;
    const numbered = NUMBERED_MIGRATION.exec(name);
    if (!numbered) problems.push(`${name} is not named <NNNN>_<verb_noun>`);
    else if (Number(numbered[1]) !== position) problems.push(`${name} is number ${position} in the list`);
  });
  for (const name of names.filter((n) => !SHIPPED.includes(n))) {
    for (const date of datesIn(name)) if (date > on) problems.push(`${name} carries ${date}, after ${on}`);
  }
  const modules = files.filter((f) => f !== "dialect.ts").map((f) => f.replace(/\.ts$/, ""));
  for (const m of modules) if (!names.includes(m)) problems.push(`${m}.ts is not registered`);
  for (const n of names) if (!modules.includes(n)) problems.push(`${n} has no file`);
  return problems;
}

const migrationFiles = (dir: string) => readdirSync(join(dir, "migrations"));

describe("the list of migrations", () => {
  it("runs the shipped ones first as they ran, then numbered ones by position, each with its file", () => {
    expect(listProblems(migrationNames(), migrationFiles(dbDir))).toEqual([]);
    expect(registeredMigrations(readFileSync(join(dbDir, "migrate.ts"), "utf8"))).toEqual(migrationNames());
  });

  it("would be refused with a migration out of place, a gap, a future date or a stray file", () => {
    const names = [...SHIPPED, "0018_add_a", "0019_add_b"];
    const files = ["dialect.ts", ...names.map((n) => `${n}.ts`)];
    expect(listProblems(names, files)).toEqual([]);
    const swapped = [...SHIPPED];
    [swapped[11], swapped[12]] = [swapped[12] as string, swapped[11] as string];
    expect(listProblems([...swapped, "0018_add_a", "0019_add_b"], files)).toContain(
      "the shipped migrations are not first, in their order",
    );
    expect(listProblems(["0018_add_a", ...SHIPPED, "0019_add_b"], files)).toContain(
      "the shipped migrations are not first, in their order",
    );
    expect(listProblems([...SHIPPED, "0019_add_b", "0018_add_a"], files)).toContain(
      "0019_add_b is number 18 in the list",
    );
    expect(listProblems([...SHIPPED, "0018_add_a", "0020_add_c"], files)).toContain(
      "0020_add_c is number 19 in the list",
    );
    const dated = [...names, "2027_01_04_100000_add_c"];
    expect(listProblems(dated, [...files, "2027_01_04_100000_add_c.ts"], "2026-11-26")).toEqual([
      "2027_01_04_100000_add_c is not named <NNNN>_<verb_noun>",
      "2027_01_04_100000_add_c carries 2027-01-04, after 2026-11-26",
    ]);
    expect(
      listProblems([...names, "0020_add_20270104_c"], [...files, "0020_add_20270104_c.ts"], "2026-11-26"),
    ).toEqual(["0020_add_20270104_c carries 2027-01-04, after 2026-11-26"]);
    expect(listProblems(names, [...files, "0020_add_c.ts"])).toEqual(["0020_add_c.ts is not registered"]);
    expect(listProblems([...names, "0020_add_c"], files)).toEqual(["0020_add_c has no file"]);
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

  it("writes the next numbered migration and registers it last, keeping the list sound", () => {
    const before = migrationNames();
    const next = (n: number) => String(before.length + n).padStart(4, "0");
    expect(addMigration(copy, "add_deal_probability")).toBe(`${next(1)}_add_deal_probability`);
    expect(addMigration(copy, "drop_fax_numbers")).toBe(`${next(2)}_drop_fax_numbers`);

    const source = readFileSync(join(copy, "migrate.ts"), "utf8");
    const names = registeredMigrations(source);
    expect(names).toEqual([...before, `${next(1)}_add_deal_probability`, `${next(2)}_drop_fax_numbers`]);
    expect(listProblems(names, migrationFiles(copy))).toEqual([]);
    expect(source).toContain(
      `import * as addDealProbability from "./migrations/${next(1)}_add_deal_probability";`,
    );
    const written = readFileSync(join(copy, "migrations", `${next(1)}_add_deal_probability.ts`), "utf8");
    expect(written).toMatch(/export async function up\(db: Kysely<any>\): Promise<void>/);
    expect(written).toMatch(/export async function down\(db: Kysely<any>\): Promise<void>/);
    expect(written).toContain('from "./dialect"');

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
const nextName = (verbNoun: string, after = migrationNames()) =>
  `${String(after.length + 1).padStart(4, "0")}_${verbNoun}`;

const executedNames = async (db: TestDatabase["db"]) =>
  (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name).sort();

describe("a database the previous release migrated", () => {
  let dir: string;
  let old: TestDatabase;
  const withProbe = { ...migrations, [nextName("add_migration_probe")]: probe };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sms-migration-order-"));
    old = await openTestDatabase(dir, { migrated: false });
  });
  afterAll(async () => {
    await old.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("migrates forward to a numbered migration without Kysely finding the history corrupted", async () => {
    // What the release with only dated migrations ran: Kysely's migrator, names in alphabetical order.
    const shipped = Object.fromEntries(SHIPPED.map((name) => [name, migrations[name] as Migration]));
    const previous = await new Migrator({
      db: old.db,
      provider: { getMigrations: async () => shipped },
    }).migrateToLatest();
    expect(previous.error).toBeUndefined();

    const { results = [] } = await migrateToLatest(old.db, withProbe);
    expect(results.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(withProbe)
        .slice(SHIPPED.length)
        .map((name) => [name, "Success"]),
    );
    await sql`select id from migration_probe`.execute(old.db);
    expect((await migrateToLatest(old.db, withProbe)).results).toEqual([]);
    expect(await executedNames(old.db)).toEqual(Object.keys(withProbe).sort());
    // A backup names this schema by its newest migration: the probe, though the dated names sort after it.
    expect(latestOf(await executedNames(old.db), withProbe)).toBe(Object.keys(withProbe).at(-1));
  });

  it("refuses a list with a migration placed before one the database has run", async () => {
    const names = Object.keys(withProbe);
    const latecomer = nextName("add_latecomer", names);
    const misplaced = Object.fromEntries([
      ...names.slice(0, -1).map((name) => [name, withProbe[name] as Migration]),
      [latecomer, probe],
      [names[names.length - 1] as string, probe],
    ]);
    await expect(migrateToLatest(old.db, misplaced)).rejects.toThrow(
      new RegExp(`corrupted migrations: ${names[names.length - 1]} has run but ${latecomer}`),
    );
    expect(await executedNames(old.db)).toEqual(names.sort());
  });

  it("steps back to the last dated migration and forward again, numbered ones in their order", async () => {
    const back = await migrateTo(old.db, SHIPPED[SHIPPED.length - 1] as string, withProbe);
    const numbered = Object.keys(withProbe).slice(SHIPPED.length);
    expect(back.results?.map((r) => [r.migrationName, r.direction])).toEqual(
      [...numbered].reverse().map((name) => [name, "Down"]),
    );
    expect(await executedNames(old.db)).toEqual([...SHIPPED].sort());
    const forward = await migrateToLatest(old.db, withProbe);
    expect(forward.results?.map((r) => r.migrationName)).toEqual(numbered);
  });
});

describe("a new database", () => {
  it("runs the dated migrations first, then the numbered ones, in the list's order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sms-migration-order-"));
    const fresh = await openTestDatabase(dir, { migrated: false });
    try {
      const list = { ...migrations, [nextName("add_migration_probe")]: probe };
      const { results = [] } = await migrateToLatest(fresh.db, list);
      expect(results.map((r) => r.migrationName)).toEqual(Object.keys(list));
    } finally {
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
