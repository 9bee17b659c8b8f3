import { Readable } from "node:stream";
import { type Caller, isAllowed, type TableDefinition, tableRoutes, type Verb } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Request, Response } from "express";
import type { Database } from "../../db/database";
import { type Principal, principalOf } from "../../http/authorize";
import { restError } from "../../http/rest-error";
import { contentRange } from "../list-params";
import type { Row } from "../table-hooks";
import { embedAndShape } from "./embed-rows";
import { insertRows } from "./insert-rows";
import { type MediaType, negotiate } from "./media-type";
import {
  type ParsedQuery,
  type Preferences,
  parsePrefer,
  parseQuery,
  parseRangeHeader,
  preferenceApplied,
} from "./parse-query";
import { type CsvColumn, csvColumns, rowsCsv } from "./rows-csv";
import {
  embedContextOf,
  hasDerivedColumns,
  type ReadRequest,
  readClock,
  readRows,
  selectedColumns,
  type TableHandle,
} from "./table-service";
import { deleteRows, updateRows, type WriteRequest } from "./write-rows";

const s = initServer();

const OBJECT_MEDIA_TYPE = "application/vnd.pgrst.object+json";

/**
 * The caller's class for table policies: a staff member without the required aal2 counts as signed in only.
 * The service_role key is its own class, which every policy lets through.
 */
export function callerOf(principal: Principal | undefined): Caller {
  if (principal?.kind === "service_role") return "service_role";
  if (principal?.kind !== "user") return "anon";
  const hasAal = !principal.needsAal2 || principal.aal === "aal2";
  if (principal.role === "admin" && hasAal) return "admin";
  if (principal.role === "staff" && hasAal) return "staff";
  return "authenticated";
}

function assertAllowed(table: TableDefinition, caller: Caller, verb: Verb) {
  if (isAllowed(table, caller, verb)) return;
  throw restError("42501", `permission denied for table ${table.name}`, {
    status: caller === "anon" ? 401 : 403,
    hint:
      caller === "authenticated"
        ? "An administrator must grant you staff access (and a second factor may be required)."
        : null,
  });
}

/**
 * Rows as the negotiated media type asks: as they are, as CSV, or one row as an object (PostgREST's 406
 * when there is not exactly one; a write has made that check inside its transaction already, see
 * assertOutcome, so its 406 changed nothing).
 */
async function shape(
  columns: CsvColumn[],
  rows: Row[],
  res: Response,
  media: MediaType,
): Promise<Row[] | Row> {
  if (media === "csv") {
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    // A stream is sent as it is (ts-rest would write any other body as JSON).
    return Readable.from([await rowsCsv(columns, rows)]) as unknown as Row[];
  }
  if (media !== "object") return rows;
  if (rows.length !== 1) {
    throw restError("PGRST116", "Cannot coerce the result to a single JSON object", {
      details: `The result contains ${rows.length} rows`,
    });
  }
  res.setHeader("Content-Type", `${OBJECT_MEDIA_TYPE}; charset=utf-8`);
  return rows[0] as Row;
}

/**
 * PostgREST's 416 for a counted read that starts past the end: the offset is beyond the total (an offset
 * equal to it is an empty, partial page).
 */
function refusePastEnd(res: Response, offset: number, total: number | undefined) {
  if (total === undefined || offset <= total) return;
  res.setHeader("Content-Range", `*/${total}`);
  throw restError("PGRST103", "Requested range not satisfiable", {
    details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
  });
}

/**
 * The keys each inserted row has: `?columns=` names them (supabase-js sends it with a bulk insert) and
 * any other key of the body is left out; without it, every key any row has. As in PostgREST, a row that
 * lacks one of them inserts null there, or the column's default with Prefer: missing=default.
 */
function insertedRows(table: TableDefinition, rows: Row[], query: ParsedQuery, prefer: Preferences): Row[] {
  for (const c of query.columns ?? []) {
    if (!(c in table.columns)) {
      throw restError("PGRST204", `Could not find the '${c}' column of '${table.name}' in the schema cache`);
    }
  }
  const keys = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const fill = prefer.missing !== "default" && (rows.length > 1 || query.columns !== undefined);
  return rows.map((r) =>
    Object.fromEntries(keys.flatMap((k) => (k in r ? [[k, r[k]]] : fill ? [[k, null]] : []))),
  );
}

/**
 * PUT's row, by PostgREST's rules: no limit or offset, the filters exactly `key=eq.value` on the primary
 * key, and the body naming that same key (an upsert whose body named another row would move it).
 */
function putRow(table: TableDefinition, query: ParsedQuery, row: Row): Row {
  if (query.limit !== undefined || query.offset !== undefined) {
    throw restError("PGRST114", "limit/offset querystring parameters are not allowed for PUT");
  }
  const [filter, ...others] = query.where;
  const isKeyEq =
    filter?.type === "filter" && filter.op === "eq" && !filter.negated && filter.column === table.primaryKey;
  if (!isKeyEq || others.length > 0) {
    throw restError("PGRST105", "Filters must include all and only primary key columns with 'eq' operators");
  }
  const key = row[table.primaryKey];
  if (key === undefined || key === null || String(key) !== filter.value) {
    throw restError("PGRST115", "Payload values do not match URL in primary key column(s)");
  }
  return row;
}

export interface TableRouterDeps {
  db: Database;
  now: () => number;
  /** Every table's handle, for the resources a read embeds. */
  schema?: ReadRequest["schema"];
}

/** The routes and ts-rest handlers of one declared table: every verb, PostgREST's answers. */
export function tableEndpoints(deps: TableRouterDeps, handle: TableHandle) {
  const { db } = deps;
  const { table } = handle;

  function context(req: Request, res: Response, verb: Verb) {
    const principal = principalOf(res);
    const caller = callerOf(principal);
    assertAllowed(table, caller, verb);
    const media = negotiate(req.get("accept"));
    const prefer = parsePrefer(req.get("prefer"));
    const query = parseQuery(req.query as Record<string, string | string[]>);
    const applied = preferenceApplied(prefer, verb);
    if (applied) res.setHeader("Preference-Applied", applied);
    const write: WriteRequest = {
      caller,
      actorId: principal?.kind === "user" ? principal.userId : null,
      at: new Date(deps.now()).toISOString(),
      ip: req.ip ?? null,
      query,
      prefer,
      singular: media === "object",
    };
    return { ...write, media };
  }

  /**
   * Answers written rows as asked: representation (shaped by the select as a read is, embedded resources
   * read with the caller's grants), or nothing.
   */
  async function writtenAnswer(rows: Row[], request: WriteRequest & { media: MediaType }, res: Response) {
    if (request.prefer.return !== "representation") return undefined;
    const { query } = request;
    const at = readClock(Date.parse(request.at));
    const embedding = embedContextOf(db, { ...request, at, schema: deps.schema });
    const columns = selectedColumns(table, query.select);
    const shaped =
      embedding && query.tree
        ? await embedAndShape(embedding, table, rows, query.tree)
        : rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
    return shape(csvColumns(table, columns, query.tree), shaped, res, request.media);
  }

  const routes = tableRoutes(table);
  const impl = s.router(routes, {
    list: async ({ req, res, headers }) => {
      const { caller, query, prefer, media } = context(req, res, "select");
      const range = parseRangeHeader(headers.range);
      const at = readClock(deps.now());
      // The page depends on exactly what readRows is given, so that is the cache's key (the Accept
      // header only shapes the page afterwards). A table with derived columns answers differently as
      // time passes: its reads are kept per minute.
      const read: ReadRequest = { caller, at, query, prefer, range, schema: deps.schema };
      const clock = hasDerivedColumns(handle.hooks) ? at : "";
      // A table that hides rows from some callers answers each caller class its own page; so does a read
      // that embeds other tables, whose grants and hidden rows are the caller's too.
      const reader = handle.hooks.readableRows || query.tree ? caller : "";
      const key = `${table.name}:${clock}:${reader}:${JSON.stringify([query, prefer, range])}`;
      const page = await db.cachedRead(key, () => readRows(db, handle, read));
      refusePastEnd(res, page.offset, page.total);
      res.setHeader("Content-Range", contentRange(page.offset, page.rows.length, page.total));
      res.setHeader("Range-Unit", "items");
      const isPartial = page.total !== undefined && page.rows.length < page.total;
      const columns = selectedColumns(table, query.select);
      return {
        status: isPartial ? 206 : 200,
        body: await shape(csvColumns(table, columns, query.tree), page.rows, res, media),
      };
    },

    insert: async ({ req, res, body }) => {
      const request = context(req, res, "insert");
      const rows = insertedRows(table, Array.isArray(body) ? body : [body], request.query, request.prefer);
      const { written } = await insertRows(db, handle, rows, request);
      if (request.prefer.return === "headers-only" && written[0]) {
        res.setHeader("Location", `/${table.name}?${table.primaryKey}=eq.${written[0][table.primaryKey]}`);
      }
      res.setHeader("Content-Range", `*/*`);
      return { status: 201, body: await writtenAnswer(written, request, res) };
    },

    put: async ({ req, res, body }) => {
      const request = context(req, res, "insert");
      // An existing row is replaced: the caller needs both grants, as PostgreSQL's upsert does.
      assertAllowed(table, request.caller, "update");
      const row = putRow(table, request.query, (Array.isArray(body) ? body[0] : body) as Row);
      const put = {
        ...request,
        query: { ...request.query, onConflict: [table.primaryKey] },
        prefer: { ...request.prefer, resolution: "merge-duplicates" as const },
      };
      const { written, created } = await insertRows(db, handle, [row], put);
      const answer = await writtenAnswer(written, request, res);
      if (answer === undefined) return { status: created ? 201 : 204, body: undefined };
      return { status: created ? 201 : 200, body: answer };
    },

    update: async ({ req, res, body }) => {
      const request = context(req, res, "update");
      const written = await updateRows(db, handle, body as Row, request);
      const answer = await writtenAnswer(written, request, res);
      res.setHeader("Content-Range", written.length ? `0-${written.length - 1}/*` : "*/*");
      return answer === undefined ? { status: 204, body: undefined } : { status: 200, body: answer };
    },

    remove: async ({ req, res }) => {
      const request = context(req, res, "delete");
      const removed = await deleteRows(db, handle, request);
      const answer = await writtenAnswer(removed, request, res);
      res.setHeader("Content-Range", removed.length ? `0-${removed.length - 1}/*` : "*/*");
      return answer === undefined ? { status: 204, body: undefined } : { status: 200, body: answer };
    },
  });
  return { routes, impl };
}
