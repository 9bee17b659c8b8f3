import { describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error";
import { parsePrefer, parseQuery, parseRangeHeader, splitTopLevel } from "./parse-query";
import { columnKey } from "./parse-select";

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? `${err.status} ${err.code}` : String(err);
  }
  return "no error";
};

describe("parseQuery", () => {
  it("reads horizontal filters, negation and every operator", () => {
    const q = parseQuery({
      status: "eq.upcoming",
      title: "not.ilike.*jazz*",
      max_attendees: ["gt.10", "lte.200"],
      image_url: "is.null",
      id: 'in.(a,b,"c,d")',
      tags: 'cs.{pop,"hip hop"}',
      genres: "not.ov.{}",
    });
    expect(q.where).toEqual([
      { type: "filter", column: "status", op: "eq", negated: false, value: "upcoming" },
      { type: "filter", column: "title", op: "ilike", negated: true, value: "*jazz*" },
      { type: "filter", column: "max_attendees", op: "gt", negated: false, value: "10" },
      { type: "filter", column: "max_attendees", op: "lte", negated: false, value: "200" },
      { type: "filter", column: "image_url", op: "is", negated: false, value: "null" },
      { type: "filter", column: "id", op: "in", negated: false, value: ["a", "b", "c,d"] },
      { type: "filter", column: "tags", op: "cs", negated: false, value: '{pop,"hip hop"}' },
      { type: "filter", column: "genres", op: "ov", negated: true, value: "{}" },
    ]);
  });

  it("keeps a filter value's dots and commas outside groups", () => {
    const q = parseQuery({ email: "eq.a.b,c@example.com" });
    expect(q.where[0]).toMatchObject({ op: "eq", value: "a.b,c@example.com" });
  });

  it("reads casts and JSON paths in select, keyed as PostgREST keys them", () => {
    const q = parseQuery({
      select: "id::text,share:payload->writers->-1->>share::numeric,strengths->>lyrics,tags->0",
    });
    expect(q.select).toEqual(["id", "payload", "strengths", "tags"]);
    expect(q.tree).toEqual([
      { type: "column", name: "id", cast: "text" },
      {
        type: "column",
        name: "payload",
        alias: "share",
        path: [{ key: "writers" }, { index: -1 }, { key: "share" }],
        asText: true,
        cast: "numeric",
      },
      { type: "column", name: "strengths", path: [{ key: "lyrics" }], asText: true },
      { type: "column", name: "tags", path: [{ index: 0 }] },
    ]);
    const keys = (q.tree ?? []).map((node) => (node.type === "column" ? columnKey(node) : ""));
    // The last key of the path names a value; an index names nothing, so the column does.
    expect(keys).toEqual(["id", "share", "lyrics", "tags"]);
  });

  it.each([
    ["a cast outside the safe types", { select: "id::regclass" }, "400 PGRST100"],
    ["a JSON key with a reserved character", { select: "data->(x" }, "400 PGRST100"],
    ["a malformed negative index", { select: "data->>--34" }, "400 PGRST100"],
    ["a JSON step after ->>", { select: "data->>c->1" }, "400 42883"],
  ])("refuses %s", (_name, query, answer) => {
    expect(codeOf(() => parseQuery(query))).toBe(answer);
  });

  it("reads embedded resources, aliases, hints, !inner and the embedded resources' own parameters", () => {
    const q = parseQuery({
      select: "id,name:first_name,company:crm_companies!company_id!inner(name,crm_deals(*))",
      "company.crm_deals.order": "title.desc",
      "company.crm_deals.limit": "2",
      "company.name": "eq.Acme",
    });
    expect(q.select).toEqual(["id", "first_name"]);
    expect(q.tree).toEqual([
      { type: "column", name: "id" },
      { type: "column", name: "first_name", alias: "name" },
      {
        type: "embed",
        key: "company",
        table: "crm_companies",
        hint: "company_id",
        inner: true,
        select: [
          { type: "column", name: "name" },
          { type: "embed", key: "crm_deals", table: "crm_deals", inner: false, select: [{ type: "star" }] },
        ],
      },
    ]);
    expect(q.embedded).toEqual({
      "company.crm_deals": { where: [], order: [{ column: "title", direction: "desc" }], limit: 2 },
      company: {
        where: [{ type: "filter", column: "name", op: "eq", negated: false, value: "Acme" }],
        order: [],
      },
    });
  });

  it("reads or/and groups with quoted values and one nested level", () => {
    const q = parseQuery({
      or: '(status.eq.cancelled,and(max_attendees.gte.100,title.ilike."*a,b*"))',
      "not.and": "(location.is.null,status.in.(past,cancelled))",
    });
    expect(q.where).toEqual([
      {
        type: "group",
        op: "or",
        negated: false,
        conditions: [
          { type: "filter", column: "status", op: "eq", negated: false, value: "cancelled" },
          {
            type: "group",
            op: "and",
            negated: false,
            conditions: [
              { type: "filter", column: "max_attendees", op: "gte", negated: false, value: "100" },
              { type: "filter", column: "title", op: "ilike", negated: false, value: "*a,b*" },
            ],
          },
        ],
      },
      {
        type: "group",
        op: "and",
        negated: true,
        conditions: [
          { type: "filter", column: "location", op: "is", negated: false, value: "null" },
          { type: "filter", column: "status", op: "in", negated: false, value: ["past", "cancelled"] },
        ],
      },
    ]);
  });

  it("reads select, order with null placement, limit, offset, on_conflict and columns", () => {
    expect(
      parseQuery({
        select: "id, title",
        order: "event_date.desc.nullslast,title",
        limit: "10",
        offset: "20",
        on_conflict: "email",
        columns: '"email","name"',
      }),
    ).toEqual({
      select: ["id", "title"],
      where: [],
      order: [
        { column: "event_date", direction: "desc", nulls: "last" },
        { column: "title", direction: "asc" },
      ],
      limit: 10,
      offset: 20,
      onConflict: ["email"],
      columns: ["email", "name"],
    });
    expect(parseQuery({ select: "*" }).select).toBeUndefined();
  });

  it("reads text search filters, with and without a configuration, alone and in groups", () => {
    const q = parseQuery({
      title: "fts(swedish).sommar & fest",
      description: 'not.wfts."split sheets" -demo',
      or: '(notes.plfts(english).writer,notes.phfts."a, b")',
    });
    expect(q.where).toEqual([
      {
        type: "filter",
        column: "title",
        op: "fts",
        negated: false,
        value: "sommar & fest",
        config: "swedish",
      },
      { type: "filter", column: "description", op: "wfts", negated: true, value: '"split sheets" -demo' },
      {
        type: "group",
        op: "or",
        negated: false,
        conditions: [
          {
            type: "filter",
            column: "notes",
            op: "plfts",
            negated: false,
            value: "writer",
            config: "english",
          },
          { type: "filter", column: "notes", op: "phfts", negated: false, value: "a, b" },
        ],
      },
    ]);
  });

  it("reads JSON paths in filter keys, group items and order terms", () => {
    const q = parseQuery({
      "strengths->>lyrics": "eq.9",
      "payload->writers->0->>share_percent": "gt.10",
      or: "(payload->writers->-1->>society.eq.TONO,strengths->lyrics.is.null)",
      order: "strengths->>lyrics.desc.nullslast,last_name",
    });
    expect(q.where).toEqual([
      {
        type: "filter",
        column: "strengths",
        path: { steps: ["lyrics"], asText: true },
        op: "eq",
        negated: false,
        value: "9",
      },
      {
        type: "filter",
        column: "payload",
        path: { steps: ["writers", 0, "share_percent"], asText: true },
        op: "gt",
        negated: false,
        value: "10",
      },
      {
        type: "group",
        op: "or",
        negated: false,
        conditions: [
          {
            type: "filter",
            column: "payload",
            path: { steps: ["writers", -1, "society"], asText: true },
            op: "eq",
            negated: false,
            value: "TONO",
          },
          {
            type: "filter",
            column: "strengths",
            path: { steps: ["lyrics"], asText: false },
            op: "is",
            negated: false,
            value: "null",
          },
        ],
      },
    ]);
    expect(q.order).toEqual([
      { column: "strengths", path: { steps: ["lyrics"], asText: true }, direction: "desc", nulls: "last" },
      { column: "last_name", direction: "asc" },
    ]);
  });

  it.each([
    ["an unknown text search configuration", { title: "fts(german).haus" }],
    ["a configuration with SQL in it", { title: "plfts(english'::regconfig).x" }],
    ["->> before the end of a path", { "payload->>writers->0": "eq.x" }],
    ["a path step with SQL in it", { "payload->'x'": "eq.1" }],
    ["an empty path step", { "payload->": "eq.1" }],
    ["a path of too many steps", { "p->a->b->c->d->e->f->g->h->>i": "eq.1" }],
    ["a path in order with a bad step", { order: "strengths->lyrics x.desc" }],
  ])("refuses %s with 400 PGRST100", (_name, query) => {
    expect(codeOf(() => parseQuery(query))).toBe("400 PGRST100");
  });

  it.each([
    ["an unknown operator", { title: "matches.x" }],
    ["a missing operator", { title: "upcoming" }],
    ["a bad is value", { title: "is.maybe" }],
    ["an in list without parentheses", { id: "in.a,b" }],
    ["unbalanced parentheses", { or: "(a.eq.1" }],
    ["an empty group", { or: "()" }],
    ["a column name with SQL in it", { "title;drop table x": "eq.1" }],
    ["an embedded resource left open", { select: "*,owner(*" }],
    ["embedded resources nested too deep", { select: "a(b(c(d(e(*)))))" }],
    ["two hints on one embedded resource", { select: "owner!a!b(*)" }],
    ["a negative limit", { limit: "-1" }],
    ["a repeated limit", { limit: ["1", "2"] }],
    ["an unknown order modifier", { order: "title.sideways" }],
    ["groups nested too deep", { or: "(and(or(and(a.eq.1))))" }],
  ])("refuses %s with 400 PGRST100", (_name, query) => {
    expect(codeOf(() => parseQuery(query))).toBe("400 PGRST100");
  });
});

describe("splitTopLevel", () => {
  it("splits only at depth 0 and outside quotes, with escapes", () => {
    expect(splitTopLevel('a,(b,c),"d,\\"e",{f,g}')).toEqual(["a", "(b,c)", '"d,\\"e"', "{f,g}"]);
  });
});

describe("parseRangeHeader", () => {
  it("turns from-to into offset and limit, and an open end into an offset", () => {
    expect(parseRangeHeader("0-24")).toEqual({ offset: 0, limit: 25 });
    expect(parseRangeHeader("10-")).toEqual({ offset: 10 });
    expect(parseRangeHeader(undefined)).toBeUndefined();
    expect(codeOf(() => parseRangeHeader("5-2"))).toBe("416 PGRST103");
  });
});

describe("parsePrefer", () => {
  it("reads return, count, resolution and missing; ignores the rest", () => {
    expect(parsePrefer("return=representation, count=exact,resolution=merge-duplicates, tx=commit")).toEqual({
      return: "representation",
      count: "exact",
      resolution: "merge-duplicates",
      missing: "null",
      // What Preference-Applied echoes: the preferences honoured, as given; tx=commit is not one.
      given: ["return=representation", "count=exact", "resolution=merge-duplicates"],
    });
    expect(parsePrefer(undefined)).toEqual({ return: "minimal", missing: "null", given: [] });
  });
});
