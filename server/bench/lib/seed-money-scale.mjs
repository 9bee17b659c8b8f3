// Bulk data for the money reads of `pnpm bench:scale`: invoices and imported royalty lines, generated inside
// the database by one INSERT … SELECT per chunk as seed-scale.mjs does the CRM's, so 1M rows take seconds.
// Row i always has the same id and values, so a larger size only adds rows to the smaller one.
import pg from "pg";
import { SQLite } from "../../src/db/engine/sqlite-driver.mjs";
import { CHUNK, EPOCH, sqliteSeries, sqliteTime } from "./seed-scale.mjs";

/** Buyers the invoices go to, in turn; the bench searches for one of them by a word of its name. */
export const BUYERS = Array.from({ length: 400 }, (_, n) => `Kund${n} Musik AB`);
/** The recordings matched lines name; one line in 25 matches none (the unmatched queue). */
const RECORDINGS = 400;
const LINES_PER_IMPORT = 10_000;
const SOURCE = "00000000-0000-4000-c000-000000000000";
const PERIOD = "00000000-0000-4000-c000-000000000001";

/**
 * SQL for one engine: row i's id with a prefix, a time and day `expr` seconds before the start of 2026 (row
 * 0 is the newest, so a larger size adds older rows and every issued invoice is past its due date), a
 * chunk of i, and insert-if-missing.
 */
function dialect(engine) {
  if (engine === "sqlite")
    return {
      id: (prefix, expr) => `printf('00000000-0000-4000-${prefix}-%012x', ${expr})`,
      time: (expr) => sqliteTime(`-(${expr})`),
      day: (expr) => `date(${EPOCH} - (${expr}), 'unixepoch')`,
      pick: (values, expr) => `json_extract('${JSON.stringify(values)}', '$[' || (${expr}) || ']')`,
      chunk: (a, b, select) => `${sqliteSeries(a, b)} ${select} from s`,
      missing: (statement) => statement.replace("insert into", "insert or ignore into"),
    };
  return {
    id: (prefix, expr) => `('00000000-0000-4000-${prefix}-' || lpad(to_hex(${expr}), 12, '0'))::uuid`,
    time: (expr) => `to_timestamp(${EPOCH} - (${expr}))`,
    day: (expr) => `(to_timestamp(${EPOCH} - (${expr})))::date`,
    pick: (values, expr) => `(array[${values.map((v) => `'${v}'`).join(", ")}])[1 + (${expr})]`,
    chunk: (a, b, select) => `${select} from generate_series(${a}, ${b - 1}) as i`,
    missing: (statement) => `${statement} on conflict do nothing`,
  };
}

/** The statements adding invoices and royalty lines from..to-1 (and the imports and recordings they need). */
function statements(engine, from, to) {
  const d = dialect(engine);
  const out = [
    d.missing(
      `insert into royalty_sources (id, name, kind, mapping_key) values ('${SOURCE}', 'Bench distributor', 'distributor', 'distrokid_tsv')`,
    ),
    d.missing(
      `insert into royalty_periods (id, name, starts_on, ends_on) values ('${PERIOD}', 'Bench period', '2026-01-01', '2026-06-30')`,
    ),
  ];
  if (from === 0)
    out.push(
      d.chunk(
        0,
        RECORDINGS,
        `insert into recordings (id, title, isrc) select ${d.id("e000", "i")}, 'Track ' || i, 'SEZ9Z25' || (10000 + i)`,
      ),
    );
  const imports = [Math.floor(from / LINES_PER_IMPORT), Math.ceil(to / LINES_PER_IMPORT)];
  out.push(
    d.missing(
      d.chunk(
        ...imports,
        `insert into royalty_imports (id, source_id, period_id, file_name, file_sha256, encoding, currency, lines, matched, unmatched, total_ore, created_at)
        select ${d.id("c100", "i")}, '${SOURCE}', '${PERIOD}', 'bench-' || i || '.tsv', 'bench-' || i, 'utf-8', 'USD', ${LINES_PER_IMPORT}, 9600, 400, 0, ${d.time("i * 3600")}`,
      ),
    ),
  );
  for (let a = from; a < to; a += CHUNK) {
    const b = Math.min(to, a + CHUNK);
    // One invoice in ten a draft (no number), a fifth paid, a tenth part paid, the rest issued.
    const status = `${d.pick(["draft", "paid", "paid", "partially_paid", "issued", "issued", "issued", "issued", "issued", "issued"], "i % 10")}`;
    out.push(
      d.chunk(
        a,
        b,
        `insert into invoices (id, series, number, status, buyer_name, buyer_city, delivery_date, issue_date, due_date, net_ore, vat_ore, total_ore, paid_ore, issued_at, created_at, updated_at)
        select ${d.id("b000", "i")}, 'S', case when i % 10 = 0 then null else i + 1 end, ${status},
          ${d.pick(BUYERS, `i % ${BUYERS.length}`)}, 'Stockholm', ${d.day("i * 300")},
          case when i % 10 = 0 then null else ${d.day("i * 300")} end, ${d.day("i * 300 - 30 * 86400")},
          (i % 100) * 10000, (i % 100) * 2500, (i % 100) * 12500,
          case when i % 10 in (1, 2) then (i % 100) * 12500 when i % 10 = 3 then (i % 100) * 5000 else 0 end,
          case when i % 10 = 0 then null else ${d.time("i * 300")} end, ${d.time("i * 300")}, ${d.time("i * 300")}`,
      ),
      d.chunk(
        a,
        b,
        `insert into royalty_lines (id, import_id, row_number, usage_period, store, territory, isrc, title, artist, quantity, amount, currency, amount_ore, recording_id, match_method)
        select ${d.id("d000", "i")}, ${d.id("c100", `i / ${LINES_PER_IMPORT}`)}, 1 + i % ${LINES_PER_IMPORT}, '2026-01',
          ${d.pick(["Spotify", "Apple Music", "YouTube Music", "Deezer", "Tidal"], "i % 5")}, 'SE',
          case when i % 25 = 11 then 'QZZZZ25' || (10000 + i % 90000) else 'SEZ9Z25' || (10000 + i % ${RECORDINGS}) end,
          'Track ' || (i % ${RECORDINGS}), 'Nordvind Kollektiv', '' || (1 + i % 2000), '0.' || (1000 + i % 9000), 'USD', 1 + i % 5000,
          case when i % 25 = 11 then null else ${d.id("e000", `i % ${RECORDINGS}`)} end,
          case when i % 25 = 11 then null else 'isrc' end`,
      ),
    );
  }
  return out;
}

/** Adds invoices and royalty lines from..to-1 to the database (the same count of each). */
export async function seedMoneyScale(engine, url, from, to) {
  if (to <= from) return;
  const sql = statements(engine, from, to);
  if (engine === "sqlite") {
    const db = new SQLite(url);
    db.pragma("busy_timeout = 5000");
    db.transaction(() => {
      for (const statement of sql) db.exec(statement);
    })();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    for (const statement of sql) await client.query(statement);
    await client.query("commit");
    // What autovacuum would do after such a load: fresh statistics for the planner (and count=planned).
    await client.query("analyze invoices, royalty_lines, royalty_imports");
  } finally {
    await client.end();
  }
}
