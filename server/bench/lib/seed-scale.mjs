// Bulk data for `pnpm bench:scale`: talents, deals and timeline rows generated inside the database by one
// INSERT … SELECT per chunk (a recursive series on SQLite, generate_series on PostgreSQL), in big
// transactions, so 1M rows take seconds. Rows are deterministic: row i always has the same id and names,
// so a larger size only adds rows to the smaller one.

import pg from "pg";
import { SQLite } from "../../src/db/engine/sqlite-driver.mjs";

const FIRST_NAMES = [
  "Alva",
  "Nova",
  "Elsa",
  "Maja",
  "Ines",
  "Saga",
  "Tove",
  "Ebba",
  "Lova",
  "Wilma",
  "Astrid",
  "Freja",
  "Siri",
  "Vera",
  "Ylva",
  "Klara",
  "Moa",
  "Nellie",
  "Idun",
  "Ronja",
  "Oskar",
  "Liam",
  "Hugo",
  "Nils",
  "Olle",
  "Axel",
  "Vidar",
  "Elis",
  "Sixten",
  "Malte",
  "Isak",
  "Leo",
  "Ture",
  "Gustav",
  "Vilgot",
  "Melker",
  "Algot",
  "Edvin",
  "Folke",
  "Arvid",
];
const STEMS = [
  "Lind",
  "Berg",
  "Ek",
  "Holm",
  "Sjö",
  "Strand",
  "Dahl",
  "Lund",
  "Sand",
  "Fors",
  "Hed",
  "Wall",
  "Norr",
  "Björk",
  "Gran",
  "Alm",
  "Asp",
  "Ros",
  "Ström",
  "Kvist",
  "Hag",
  "Sten",
  "Ljung",
  "Blom",
  "Nord",
];
const ENDINGS = [
  "qvist",
  "berg",
  "gren",
  "lund",
  "holm",
  "dahl",
  "man",
  "ling",
  "by",
  "feldt",
  "hammar",
  "stedt",
  "vall",
  "mark",
  "borg",
  "bom",
  "ros",
  "hall",
  "blad",
  "näs",
  "ander",
  "elius",
  "ius",
  "ell",
  "in",
];
export const ROLES = [
  "Vocalist",
  "Producer",
  "Songwriter",
  "Mix Engineer",
  "Guitarist",
  "Drummer",
  "Topliner",
  "Beatmaker",
];
const STAGES = ["prospect", "negotiation", "contract", "won", "lost"];

/** Row i's names, as the SQL below builds them (the bench searches for real names). */
export function talentName(i) {
  return {
    first: FIRST_NAMES[(i * 7) % FIRST_NAMES.length],
    last: `${STEMS[i % STEMS.length]}${ENDINGS[Math.floor(i / STEMS.length) % ENDINGS.length]}`,
  };
}

const hex12 = (i) => i.toString(16).padStart(12, "0");
export const contactId = (i) => `00000000-0000-4000-8000-${hex12(i)}`;
export const dealId = (i) => `00000000-0000-4000-9000-${hex12(i)}`;

/** One timeline row in ten per record: records 0…n-1 of each kind get five rows each. */
const ACTIVITY_PER_TALENT = 10;
export const EPOCH = 1_767_225_600; // 2026-01-01T00:00:00Z
export const CHUNK = 100_000;

const sqlList = (values) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");

/** SQLite: `pick(list, expr)` is the list's element at expr (0-based) via a CASE-free JSON lookup. */
const sqlitePick = (values, expr) => `json_extract('${JSON.stringify(values)}', '$[' || (${expr}) || ']')`;
export const sqliteTime = (expr) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${EPOCH} + (${expr}), 'unixepoch')`;
export const sqliteSeries = (from, to) =>
  `with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${to - 1})`;

function seedSqlite(path, from, to) {
  const db = new SQLite(path);
  db.pragma("busy_timeout = 5000");
  const first = sqlitePick(FIRST_NAMES, `(i * 7) % ${FIRST_NAMES.length}`);
  const last = `${sqlitePick(STEMS, `i % ${STEMS.length}`)} || ${sqlitePick(ENDINGS, `(i / ${STEMS.length}) % ${ENDINGS.length}`)}`;
  const role = (expr) => sqlitePick(ROLES, expr);
  db.transaction(() => {
    for (let a = from; a < to; a += CHUNK) {
      const b = Math.min(to, a + CHUNK);
      db.exec(`${sqliteSeries(a, b)}
        insert into crm_contacts (id, first_name, last_name, email, roles, kind, created_at, updated_at)
        select printf('00000000-0000-4000-8000-%012x', i), ${first}, ${last},
          lower(${first} || '.' || ${last} || '.' || i || '@example.com'),
          json_array(${role(`i % ${ROLES.length}`)}, ${role(`(i + 1 + (i / ${ROLES.length}) % ${ROLES.length - 1}) % ${ROLES.length}`)}),
          'talent', ${sqliteTime("i")}, ${sqliteTime("i")}
        from s`);
      db.exec(`${sqliteSeries(a, b)}
        insert into crm_deals (id, title, contact_id, stage, value_sek, position, created_at, updated_at)
        select printf('00000000-0000-4000-9000-%012x', i), 'Deal ' || i,
          printf('00000000-0000-4000-8000-%012x', i), ${sqlitePick(STAGES, `i % ${STAGES.length}`)},
          (i % 100) * 1000, i % 1000, ${sqliteTime("i")}, ${sqliteTime("i")}
        from s`);
    }
    const activityTo = to * ACTIVITY_PER_TALENT;
    for (let a = from * ACTIVITY_PER_TALENT; a < activityTo; a += CHUNK) {
      const b = Math.min(activityTo, a + CHUNK);
      db.exec(`${sqliteSeries(a, b)}
        insert into crm_activity (id, record_type, record_id, action, changes, created_at)
        select printf('00000000-0000-4000-a000-%012x', i),
          case when i % 2 = 0 then 'crm_contacts' else 'crm_deals' end,
          printf(case when i % 2 = 0 then '00000000-0000-4000-8000-%012x' else '00000000-0000-4000-9000-%012x' end,
            i / ${ACTIVITY_PER_TALENT}),
          'updated', '{}', ${sqliteTime("i")}
        from s`);
    }
  })();
  db.close();
}

async function seedPostgres(url, from, to) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pick = (values, expr) => `(array[${sqlList(values)}])[1 + (${expr})]`;
  const first = pick(FIRST_NAMES, `(i * 7) % ${FIRST_NAMES.length}`);
  const last = `${pick(STEMS, `i % ${STEMS.length}`)} || ${pick(ENDINGS, `(i / ${STEMS.length}) % ${ENDINGS.length}`)}`;
  const uuid = (prefix, expr) => `('00000000-0000-4000-${prefix}-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
  const time = (expr) => `to_timestamp(${EPOCH} + (${expr}))`;
  try {
    await client.query("begin");
    for (let a = from; a < to; a += CHUNK) {
      const b = Math.min(to, a + CHUNK) - 1;
      await client.query(`
        insert into crm_contacts (id, first_name, last_name, email, roles, kind, created_at, updated_at)
        select ${uuid("8000", "i")}, ${first}, ${last},
          lower(${first} || '.' || ${last} || '.' || i || '@example.com'),
          array[${pick(ROLES, `i % ${ROLES.length}`)}, ${pick(ROLES, `(i + 1 + (i / ${ROLES.length}) % ${ROLES.length - 1}) % ${ROLES.length}`)}],
          'talent', ${time("i")}, ${time("i")}
        from generate_series(${a}, ${b}) as i`);
      await client.query(`
        insert into crm_deals (id, title, contact_id, stage, value_sek, position, created_at, updated_at)
        select ${uuid("9000", "i")}, 'Deal ' || i, ${uuid("8000", "i")}, ${pick(STAGES, `i % ${STAGES.length}`)},
          (i % 100) * 1000, i % 1000, ${time("i")}, ${time("i")}
        from generate_series(${a}, ${b}) as i`);
    }
    const activityTo = to * ACTIVITY_PER_TALENT;
    for (let a = from * ACTIVITY_PER_TALENT; a < activityTo; a += CHUNK) {
      const b = Math.min(activityTo, a + CHUNK) - 1;
      await client.query(`
        insert into crm_activity (id, record_type, record_id, action, changes, created_at)
        select ${uuid("a000", "i")}, case when i % 2 = 0 then 'crm_contacts' else 'crm_deals' end,
          case when i % 2 = 0 then ${uuid("8000", `i / ${ACTIVITY_PER_TALENT}`)} else ${uuid("9000", `i / ${ACTIVITY_PER_TALENT}`)} end,
          'updated', '{}'::jsonb, ${time("i")}
        from generate_series(${a}, ${b}) as i`);
    }
    await client.query("commit");
    // What autovacuum would do after such a load: fresh statistics for the planner (and count=planned).
    await client.query("analyze crm_contacts, crm_deals, crm_activity");
  } finally {
    await client.end();
  }
}

/** Adds talents from..to-1 (with as many deals and ten timeline rows each) to the database. */
export async function seedScale(engine, url, from, to) {
  if (to <= from) return;
  if (engine === "sqlite") seedSqlite(url, from, to);
  else await seedPostgres(url, from, to);
}
