import { type RawBuilder, sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOP_WORDS } from "../src/db/text-search-stop-words";
import { createTestContext, type TestContext } from "./helpers";
import { type SeededRandom, seededRandom } from "./support/seeded-random";

/**
 * Text search (`fts`, `plfts`, `phfts`, `wfts` under simple, english and swedish) against the same search
 * written directly in SQL, over generated queries on the seeded rows. On PostgreSQL the SQL is its own
 * to_tsvector and to_tsquery, plainto_tsquery, phraseto_tsquery or websearch_to_tsquery; on SQLite an FTS5
 * table of the column's values built here with the documented tokenizers (unicode61 with accents kept,
 * with Porter's stemmer for english). Words are drawn from the rows' own text, without stop words, so
 * each query can find something; the rows come in id order (text search does not rank).
 */
let ctx: TestContext;
let token = "";
/** Each searched column's rows as words, read once the fixture is written. */
const words = new Map<Target, string[][]>();

const TARGETS = [
  ["events", "title"],
  ["events", "description"],
  ["crm_companies", "name"],
  ["crm_companies", "notes"],
  ["crm_contacts", "first_name"],
  ["crm_contacts", "last_name"],
  ["crm_contacts", "notes"],
] as const;
type Target = (typeof TARGETS)[number];
type Config = "simple" | "english" | "swedish";
type Op = "fts" | "plfts" | "phfts" | "wfts";

/** Notes with mixed case, accents and punctuation, so the contacts' notes have words to find. */
const NOTES = [
  "Writes LYRICS in Swedish; co-writes with Åsa at Söder studios.",
  "Producer & mixer: mixing sessions, stems, vocal edits.",
  "Topline writer, strong melodies (pop, vispop) and demos.",
  "Göteborg-based drummer. Plays sessions, records demos at home.",
  "Sings harmonies; writes melodies for film and games.",
  "Mixing engineer, mastering engineer: loud, clean masters.",
];

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.userToken({ role: "staff" });
  const res = await request(ctx.app)
    .post("/rest/v1/crm_contacts")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .send(NOTES.map((notes, i) => ({ first_name: `Searcher${i}`, last_name: "Differential", notes })));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const companies = await request(ctx.app)
    .post("/rest/v1/crm_companies")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .send(NOTES.slice(0, 3).map((notes, i) => ({ name: `Differential ${i} AB`, notes })));
  expect(companies.status, JSON.stringify(companies.body)).toBe(201);
  for (const target of TARGETS) words.set(target, await wordsOf(target));
});
afterAll(() => ctx.close());

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const stop = (word: string) => STOP_WORDS.english.has(word) || STOP_WORDS.swedish.has(word);

/** Each row's words in order (lower case), as both engines' tokenizers read them. */
async function wordsOf([table, column]: Target): Promise<string[][]> {
  const { rows } = await sql<{ text: string }>`select ${sql.ref(column)} as text from ${sql.table(table)}
    where ${sql.ref(column)} is not null`.execute(ctx.db);
  return rows.map((r) => (r.text.match(WORD) ?? []).map((w) => w.toLowerCase()));
}

/** A query: its text for the URL and PostgreSQL, and the same as an FTS5 expression. */
interface Drawn {
  target: Target;
  op: Op;
  config?: Config;
  text: string;
  fts5: string;
}

/** A word as a user might type it: sometimes in capitals (ASCII only: other folding is the locale's). */
const typed = (random: SeededRandom, word: string) =>
  random.next() < 0.3 ? word.replace(/[a-z]/g, (c) => c.toUpperCase()) : word;
const quoted = (...words: string[]) => `"${words.join(" ")}"`;

function draw(random: SeededRandom): Drawn {
  const target = random.pick(TARGETS);
  const rows = (words.get(target) ?? []).filter((r) => r.length > 0);
  const vocabulary = [...new Set(rows.flat())].filter((w) => !stop(w));
  // A word no row holds, now and then, so a query that finds nothing is compared too.
  const word = () => (random.next() < 0.1 ? "zzyzx" : random.pick(vocabulary));
  const pair = (): [string, string] => {
    const row = random.pick(rows);
    const starts = row.flatMap((w, i) =>
      i + 1 < row.length && !stop(w) && !stop(row[i + 1] as string) ? [i] : [],
    );
    if (starts.length === 0) return [word(), word()];
    const at = random.pick(starts);
    return [row[at] as string, row[at + 1] as string];
  };
  const op = random.pick(["fts", "plfts", "phfts", "wfts"] as const);
  const config = random.pick([undefined, "simple", "english", "swedish"] as const);
  const [a, b] = random.next() < 0.5 ? pair() : [word(), word()];
  const [ta, tb] = [typed(random, a), typed(random, b)];
  const forms: Record<Op, [string, string][]> = {
    plfts: [
      [ta, quoted(a)],
      [`${ta} ${tb}`, `${quoted(a)} AND ${quoted(b)}`],
    ],
    phfts: [[`${ta} ${tb}`, quoted(a, b)]],
    wfts: [
      [`${ta} ${tb}`, `${quoted(a)} AND ${quoted(b)}`],
      [`"${ta} ${tb}"`, quoted(a, b)],
      [`${ta} or ${tb}`, `${quoted(a)} OR ${quoted(b)}`],
      [`${ta} -${tb}`, `${quoted(a)} NOT ${quoted(b)}`],
    ],
    fts: [
      [`${ta} & ${tb}`, `${quoted(a)} AND ${quoted(b)}`],
      [`${ta} | ${tb}`, `${quoted(a)} OR ${quoted(b)}`],
      [`${ta} & !${tb}`, `${quoted(a)} NOT ${quoted(b)}`],
      [`${ta} <-> ${tb}`, quoted(a, b)],
      [`'${ta} ${tb}'`, quoted(a, b)],
      [`${ta.slice(0, 4)}:*`, `${quoted(a.slice(0, 4))} *`],
    ],
  };
  const [text, fts5] = random.pick(forms[op]);
  // A prefix that is a stop word would be left out of PostgreSQL's query: the whole word is asked then.
  if (fts5.endsWith(" *") && stop(a.slice(0, 4))) return { target, op, config, text: ta, fts5: quoted(a) };
  return { target, op, config, text, fts5 };
}

function url(d: Drawn) {
  const [table, column] = d.target;
  const params = new URLSearchParams({ select: "id", order: "id", limit: "50" });
  params.set(column, `${d.op}${d.config ? `(${d.config})` : ""}.${d.text}`);
  return `/rest/v1/${table}?${params}`;
}

const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const TO_TSQUERY: Record<Op, string> = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};

/** PostgreSQL's own search, over the column with its punctuation read as spaces (the documented words). */
async function postgresIds(d: Drawn, config: Config): Promise<string[]> {
  const [table, column] = d.target;
  const regconfig = sql.raw(`'${config}'::regconfig`);
  const words = sql`translate(${sql.ref(column)}, ${PUNCTUATION}, ${" ".repeat(PUNCTUATION.length)})`;
  const query: RawBuilder<unknown> = sql`${sql.raw(TO_TSQUERY[d.op])}(${regconfig}, ${d.text})`;
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)}
    where to_tsvector(${regconfig}, ${words}) @@ ${query} order by id limit 50`.execute(ctx.db);
  return rows.map((r) => r.id);
}

const TOKENIZERS = { words: "unicode61 remove_diacritics 0", stems: "porter unicode61 remove_diacritics 0" };
const built = new Set<string>();

/** SQLite: an FTS5 table of the column's values, built once per column and tokenizer. */
async function sqliteIds(d: Drawn, config: Config): Promise<string[]> {
  const [table, column] = d.target;
  const kind = config === "english" ? "stems" : "words";
  const oracle = `temp.oracle_${table}_${column}_${kind}`;
  if (!built.has(oracle)) {
    await sql
      .raw(`create virtual table ${oracle} using fts5(id unindexed, doc, tokenize = '${TOKENIZERS[kind]}')`)
      .execute(ctx.db);
    await sql
      .raw(`insert into ${oracle} (id, doc) select id, ${column} from ${table} where ${column} is not null`)
      .execute(ctx.db);
    built.add(oracle);
  }
  const { rows } = await sql<{ id: string }>`select id from ${sql.raw(oracle)}
    where ${sql.raw(oracle.slice("temp.".length))} match ${`doc : (${d.fts5})`} order by id limit 50`.execute(
    ctx.db,
  );
  return rows.map((r) => r.id);
}

describe("text search against direct SQL", () => {
  it("finds the same rows as the SQL for 40 generated queries", async () => {
    const random = seededRandom(20261130);
    let found = 0;
    for (let i = 0; i < 40; i++) {
      const d = draw(random);
      const config = d.config ?? "english";
      const res = await request(ctx.app)
        .get(url(d))
        .set("apikey", ctx.anonKey)
        .set("Authorization", `Bearer ${token}`);
      expect(res.status, `${url(d)} → ${JSON.stringify(res.body)}`).toBe(200);
      const expected = ctx.engine === "postgres" ? await postgresIds(d, config) : await sqliteIds(d, config);
      expect(
        (res.body as { id: string }[]).map((r) => r.id),
        url(d),
      ).toEqual(expected);
      if (expected.length > 0) found++;
    }
    // Most queries are drawn from the rows' own words, so most find something.
    expect(found).toBeGreaterThan(20);
  });
});
