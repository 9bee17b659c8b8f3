import { type ColumnSpec, isAllowed, type TableDefinition, tables, type UrlTrait } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { sampleRowWithParents } from "./support/sample-rows";

/**
 * Every address column of the data API, found from the table declarations (a column built as an address
 * carries a `url` trait), so a new one is covered without touching this file: whatever the spelling, only
 * http(s) is stored, and a path on this site where the column takes one.
 */

let ctx: TestContext;
const writers = { staff: "", admin: "" };
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  writers.staff = await ctx.userToken({ role: "staff" });
  writers.admin = await ctx.userToken({ role: "admin" });
});
afterAll(() => ctx.close());

/** Staff write most tables; a table only administrators write (the company's own details) gets one. */
const writerOf = (table: TableDefinition) =>
  isAllowed(table, "staff", "insert") ? writers.staff : writers.admin;

const api = (method: "get" | "post" | "patch" | "delete", table: TableDefinition, query = "") =>
  request(ctx.app)
    [method](`/rest/v1/${table.name}${query}`)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${writerOf(table)}`);

type AddressColumn = { table: TableDefinition; name: string; url: UrlTrait };
const addressColumns: AddressColumn[] = Object.values(tables as Record<string, TableDefinition>).flatMap(
  (table) =>
    Object.entries(table.columns as Record<string, ColumnSpec>).flatMap(([name, column]) =>
      column.url && !column.readOnly ? [{ table, name, url: column.url }] : [],
    ),
);

/** Schemes that run script or read local files, and the spellings that sneak them past a naive check. */
const HOSTILE = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u001fjavascript:alert(1)",
  "\tjavascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript&#58;alert(1)",
  "&#106;avascript:alert(1)",
  "%6Aavascript:alert(1)",
  "javascript%3Aalert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "DATA:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "file:///etc/passwd",
  "FILE://server/share",
  // Schemeless or malformed: another site, or nothing a browser would read as a web address.
  "//evil.example/x",
  "/\\evil.example/x",
  "/\t/evil.example/x",
  "www.example.com",
  "not a url",
  "https://",
  "https:///evil.example",
  "http:evil.example",
  "https:\\\\evil.example",
  " https://example.com/",
  "https://exa mple.com/",
  "",
];
/** A path on this site: an address for an image column, junk for a link a reader follows. */
const SITE_PATH = "/images/events/sample.svg";

const refusedBy = ({ url }: AddressColumn) => (url.accepts === "web" ? [...HOSTILE, SITE_PATH] : HOSTILE);

/** The row as stored, read back through the API, with the address column's value. */
async function stored(column: AddressColumn, id: string) {
  const res = await api("get", column.table, `?id=eq.${id}&select=${column.name}`);
  expect(res.status, res.text).toBe(200);
  return res.body[0]?.[column.name];
}
async function rowCount(table: TableDefinition) {
  const res = await api("get", table, "?select=id").set("Prefer", "count=exact");
  return res.headers["content-range"];
}
async function insert(column: AddressColumn, value: unknown) {
  const row = { ...(await sampleRowWithParents(ctx.db, column.table)), [column.name]: value };
  return api("post", column.table).set("Prefer", "return=representation").send(row);
}
function expectRefusal(res: request.Response, column: AddressColumn, value: string) {
  const label = `${column.table.name}.${column.name} ← ${JSON.stringify(value)}: ${res.text}`;
  expect(res.status, label).toBe(400);
  expect(Object.keys(res.body).sort(), label).toEqual(["code", "details", "hint", "message"]);
  expect(res.body.code, label).toBe("22P02");
  expect(res.body.message, label).toContain(`"${column.name}"`);
}

describe("address columns", () => {
  it("are found in the declarations: at least the company website, work links and event links", () => {
    expect(addressColumns.map((c) => `${c.table.name}.${c.name}`)).toEqual(
      expect.arrayContaining([
        "crm_companies.website",
        "portfolio_items.external_links",
        "events.external_link",
        "events.image_url",
      ]),
    );
  });

  describe.each(addressColumns.map((c) => [`${c.table.name}.${c.name}`, c] as const))(
    "%s",
    (_label, column) => {
      let id: string;
      beforeAll(async () => {
        const created = await insert(column, column.url.holding("https://example.com/first"));
        expect(created.status, created.text).toBe(201);
        id = created.body[0].id;
      });

      it("refuses each hostile address on insert with PostgREST's 400, and stores no row", async () => {
        const before = await rowCount(column.table);
        for (const value of refusedBy(column)) {
          expectRefusal(await insert(column, column.url.holding(value)), column, value);
        }
        expect(await rowCount(column.table)).toBe(before);
      });

      it("refuses each hostile address on update with PostgREST's 400, and leaves the row as it was", async () => {
        const before = await stored(column, id);
        for (const value of refusedBy(column)) {
          const res = await api("patch", column.table, `?id=eq.${id}`).send({
            [column.name]: column.url.holding(value),
          });
          expectRefusal(res, column, value);
        }
        expect(await stored(column, id)).toEqual(before);
      });

      it("accepts http and https addresses (and a path on this site where the column takes one)", async () => {
        const accepted = ["https://example.com/a?b=c#d", "HTTP://EXAMPLE.COM/shouting"];
        if (column.url.accepts === "web-or-site-path") accepted.push(SITE_PATH);
        for (const value of accepted) {
          const res = await api("patch", column.table, `?id=eq.${id}`).send({
            [column.name]: column.url.holding(value),
          });
          expect(res.status, res.text).toBe(204);
          expect(await stored(column, id)).toEqual(column.url.holding(value));
        }
        // A table may hold one row (the company's own details): the row made above goes first.
        expect((await api("delete", column.table, `?id=eq.${id}`)).status).toBe(204);
        const created = await insert(column, column.url.holding("http://example.org/new"));
        expect(created.status, created.text).toBe(201);
        expect(created.body[0][column.name]).toEqual(column.url.holding("http://example.org/new"));
      });
    },
  );
});
