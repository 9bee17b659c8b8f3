import { randomUUID } from "node:crypto";
import { type TableDefinition, type TableName, tables } from "@app/contracts";
import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DynamicTables, dynamicTables } from "../src/db/dynamic-tables";
import { createTestContext, type TestContext } from "./helpers";
import { type SeededRandom, seededRandom } from "./support/seeded-random";

/**
 * Embedded reads against the same reads written directly in SQL (the engine's own JSON aggregation, by
 * Kysely's helpers), over generated queries on the seeded data: relationship, embedded filter, order,
 * limit and !inner drawn from a seeded generator, so a failure names a query that can be replayed.
 */
let ctx: TestContext;
let token = "";

type Spec = {
  parent: string;
  /** The embedded table and its columns; the relationship the URL's hint names. */
  child: string;
  hint?: string;
  columns: string[];
  /** How the child's rows relate to one parent row, in SQL over `p` (the parent) and the child's table. */
  kind: "many-to-one" | "one-to-many" | "many-to-many";
  link: {
    parentColumn: string;
    childColumn: string;
    junction?: { table: string; toParent: string; toChild: string };
  };
};

const SPECS: Spec[] = [
  {
    parent: "crm_deals",
    child: "crm_companies",
    columns: ["name"],
    kind: "many-to-one",
    link: { parentColumn: "company_id", childColumn: "id" },
  },
  {
    parent: "crm_contacts",
    child: "crm_companies",
    columns: ["name", "id"],
    kind: "many-to-one",
    link: { parentColumn: "company_id", childColumn: "id" },
  },
  {
    parent: "crm_companies",
    child: "crm_contacts",
    columns: ["first_name", "last_name"],
    kind: "one-to-many",
    link: { parentColumn: "id", childColumn: "company_id" },
  },
  {
    parent: "crm_companies",
    child: "crm_deals",
    columns: ["title", "stage"],
    kind: "one-to-many",
    link: { parentColumn: "id", childColumn: "company_id" },
  },
  {
    parent: "projects",
    child: "project_milestones",
    columns: ["title"],
    kind: "one-to-many",
    link: { parentColumn: "id", childColumn: "project_id" },
  },
  {
    parent: "crm_briefs",
    child: "crm_contacts",
    hint: "crm_brief_talent",
    columns: ["last_name", "first_name"],
    kind: "many-to-many",
    link: {
      parentColumn: "id",
      childColumn: "id",
      junction: { table: "crm_brief_talent", toParent: "brief_id", toChild: "contact_id" },
    },
  },
];

interface Drawn {
  spec: Spec;
  filter?: { column: string; value: string };
  order?: { column: string; direction: "asc" | "desc" };
  limit?: number;
  inner: boolean;
}

/**
 * The child rows as JSON in the engine's own SQL: one object (or null), or an array in the subquery's
 * order (an empty one when nothing matches).
 */
function asJson(children: { compile(): unknown }, columns: string[], many: boolean): RawBuilder<unknown> {
  // A query builder inside sql`` brings its own parentheses.
  const rows = sql`${children}`;
  if (ctx.engine === "postgres")
    return many
      ? sql`(select coalesce(json_agg(row_to_json(x)), '[]'::json) from ${rows} as x)`
      : sql`(select row_to_json(x) from ${rows} as x)`;
  const object = sql`json_object(${sql.join(columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`x.${c}`)}`))})`;
  return many
    ? sql`(select coalesce(json_group_array(${object}), '[]') from ${rows} as x)`
    : sql`(select ${object} from ${rows} as x)`;
}
/** Text in code point order, as the data API sorts it on both engines. */
const ordered = (table: string, column: string): RawBuilder<unknown> =>
  ctx.engine === "postgres" &&
  (tables[table as TableName] as TableDefinition).columns[column]?.type === "text"
    ? sql`${sql.ref(`c.${column}`)} collate "C"`
    : sql.ref(`c.${column}`);

/** The embedded rows of one parent, as SQL: filtered, ordered (key as tie-break) and limited. */
function childRows(drawn: Drawn) {
  const { spec } = drawn;
  const db = dynamicTables(ctx.db);
  let query = db
    .selectFrom(`${spec.child} as c`)
    .select(spec.columns.map((column) => sql.ref(`c.${column}`).as(column)));
  const { link } = spec;
  if (link.junction) {
    const { table, toParent, toChild } = link.junction;
    query = query.where(
      sql.ref("c.id"),
      "in",
      db
        .selectFrom(table)
        .select(sql.ref(toChild).as("x"))
        .where(sql.ref(toParent), "=", sql.ref(`p.${link.parentColumn}`)),
    );
  } else query = query.where(sql.ref(`c.${link.childColumn}`), "=", sql.ref(`p.${link.parentColumn}`));
  if (drawn.filter) query = query.where(sql.ref(`c.${drawn.filter.column}`), "=", drawn.filter.value);
  return query as unknown as SelectQueryBuilder<DynamicTables, string, Record<string, unknown>>;
}

async function expected(drawn: Drawn) {
  const { spec } = drawn;
  let children = childRows(drawn);
  if (spec.kind !== "many-to-one") {
    // The request's order, else the table's own (as a list read without one), PostgreSQL's null
    // placement, then the key.
    const [column = "id", direction = "asc"] = drawn.order
      ? [drawn.order.column, drawn.order.direction]
      : (tables[spec.child as TableName].defaultOrder.split(",")[0] ?? "id").split(".");
    const nulls = direction === "desc" ? "first" : "last";
    children = children.orderBy(
      sql`${ordered(spec.child, column)} ${sql.raw(direction === "desc" ? "desc" : "asc")} nulls ${sql.raw(nulls)}`,
    );
    children = children.orderBy(sql.ref("c.id"));
    if (drawn.limit !== undefined) children = children.limit(drawn.limit);
  }
  const embedded = asJson(children, spec.columns, spec.kind !== "many-to-one");
  let parents = dynamicTables(ctx.db)
    .selectFrom(`${spec.parent} as p`)
    .select([sql.ref("p.id").as("id"), embedded.as("embedded")]);
  if (drawn.inner)
    parents = parents.where(sql<boolean>`exists ${childRows(drawn).clearSelect().select(sql`1`.as("one"))}`);
  const rows = await parents.orderBy(sql.ref("p.id")).limit(25).execute();
  return rows.map((row) => {
    const value = typeof row.embedded === "string" ? JSON.parse(row.embedded) : row.embedded;
    return { id: row.id, [spec.child]: value ?? null };
  });
}

function url(drawn: Drawn) {
  const { spec } = drawn;
  const embed = `${spec.child}${spec.hint ? `!${spec.hint}` : ""}${drawn.inner ? "!inner" : ""}(${spec.columns.join(",")})`;
  const params = new URLSearchParams({ select: `id,${embed}`, order: "id", limit: "25" });
  if (drawn.filter) params.set(`${spec.child}.${drawn.filter.column}`, `eq.${drawn.filter.value}`);
  if (drawn.order) params.set(`${spec.child}.order`, `${drawn.order.column}.${drawn.order.direction}`);
  if (drawn.limit !== undefined) params.set(`${spec.child}.limit`, String(drawn.limit));
  return `/rest/v1/${spec.parent}?${params}`;
}

async function draw(random: SeededRandom): Promise<Drawn> {
  const spec = random.pick(SPECS);
  const drawn: Drawn = { spec, inner: random.next() < 0.3 };
  if (random.next() < 0.5) {
    const column = random.pick(spec.columns.filter((c) => c !== "id"));
    const values = await dynamicTables(ctx.db)
      .selectFrom(spec.child)
      .select(sql.ref(column).as("v"))
      .limit(50)
      .execute();
    const value = values.length > 0 ? String(random.pick(values).v) : "none";
    drawn.filter = { column, value };
  }
  if (spec.kind !== "many-to-one") {
    if (random.next() < 0.7)
      drawn.order = { column: random.pick(spec.columns), direction: random.pick(["asc", "desc"] as const) };
    if (random.next() < 0.5) drawn.limit = 1 + Math.floor(random.next() * 3);
  }
  return drawn;
}

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.userToken({ role: "staff" });
  // The seed links no talent to briefs: a few links, so many-to-many has rows to find.
  const briefs = await dynamicTables(ctx.db)
    .selectFrom("crm_briefs")
    .select(sql.ref("id").as("id"))
    .execute();
  const contacts = await dynamicTables(ctx.db)
    .selectFrom("crm_contacts")
    .select(sql.ref("id").as("id"))
    .limit(6)
    .execute();
  const links = briefs.flatMap((brief, b) =>
    contacts
      .filter((_, c) => (b + c) % 2 === 0)
      .map((contact) => ({ id: randomUUID(), brief_id: brief.id, contact_id: contact.id })),
  );
  if (links.length > 0) await dynamicTables(ctx.db).insertInto("crm_brief_talent").values(links).execute();
});
afterAll(() => ctx.close());

describe("embedded reads against direct SQL", () => {
  it("answer the same rows as the SQL for 40 generated queries", async () => {
    const random = seededRandom(20261127);
    for (let i = 0; i < 40; i++) {
      const drawn = await draw(random);
      const res = await request(ctx.app)
        .get(url(drawn))
        .set("apikey", ctx.anonKey)
        .set("Authorization", `Bearer ${token}`);
      expect(res.status, `${url(drawn)} → ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, url(drawn)).toEqual(await expected(drawn));
    }
  });
});
