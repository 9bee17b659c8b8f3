import {
  type Caller,
  type ColumnSpec,
  isAllowed,
  SITE_NAME,
  type TableDefinition,
  tables,
} from "@app/contracts";
import type { NextFunction, Request, Response } from "express";
import type { createAuthorizer } from "../../http/authorize";
import { negotiate } from "./media-type";
import { callerOf } from "./table-router";

/**
 * `GET /rest/v1/`, PostgREST's root: a Swagger 2.0 description of the exposed tables, derived from the
 * table registry as PostgREST derives it from the schema. Like PostgREST's follow-privileges mode it
 * shows only what the caller may use: a table they may not read is absent, and each table lists only
 * the verbs their grants allow.
 */

/** A column as PostgREST describes it: a JSON type, and PostgreSQL's type name as the format. */
const COLUMN_FORMATS: Record<ColumnSpec["type"], [type: string, format: string]> = {
  uuid: ["string", "uuid"],
  text: ["string", "text"],
  integer: ["integer", "integer"],
  number: ["number", "double precision"],
  boolean: ["boolean", "boolean"],
  timestamp: ["string", "timestamp with time zone"],
  date: ["string", "date"],
  "text[]": ["array", "text[]"],
  json: ["object", "jsonb"],
};

function property(table: TableDefinition, name: string, spec: ColumnSpec) {
  const [type, format] = COLUMN_FORMATS[spec.type];
  const described: Record<string, unknown> = { type, format };
  if (spec.type === "text[]") described.items = { type: "string" };
  const options = (spec.schema as { options?: unknown }).options;
  if (Array.isArray(options)) described.enum = options;
  const notes = [
    name === table.primaryKey ? "This is a Primary Key.<pk/>" : undefined,
    spec.references
      ? `This is a Foreign Key to \`${spec.references}.id\`.<fk table='${spec.references}' column='id'/>`
      : undefined,
  ].filter(Boolean);
  if (notes.length > 0) described.description = `Note:\n${notes.join("\n")}`;
  return described;
}

function definition(table: TableDefinition) {
  const columns = Object.entries(table.columns) as [string, ColumnSpec][];
  return {
    description: table.description,
    required: columns.filter(([, c]) => !c.nullable && !c.hasDefault && !c.readOnly).map(([name]) => name),
    properties: Object.fromEntries(columns.map(([name, spec]) => [name, property(table, name, spec)])),
    type: "object",
  };
}

const ref = (name: string) => ({ $ref: `#/parameters/${name}` });
const FILTERS = ["select", "order", "range", "rangeUnit", "offset", "limit"].map(ref);

function operations(table: TableDefinition, caller: Caller) {
  const tag = [table.name];
  const body = {
    in: "body",
    name: table.name,
    required: false,
    schema: { $ref: `#/definitions/${table.name}` },
  };
  const rows = {
    description: "OK",
    schema: { items: { $ref: `#/definitions/${table.name}` }, type: "array" },
  };
  const all = {
    get: {
      tags: tag,
      parameters: [...FILTERS, ref("preferCount")],
      responses: { 200: rows, 206: { description: "Partial Content" } },
    },
    post: {
      tags: tag,
      parameters: [body, ref("select"), ref("preferPost")],
      responses: { 201: { description: "Created" } },
    },
    put: {
      tags: tag,
      parameters: [body, ref("preferParams")],
      responses: { 200: rows, 201: { description: "Created" }, 204: { description: "No Content" } },
    },
    patch: {
      tags: tag,
      parameters: [body, ref("preferReturn")],
      responses: { 204: { description: "No Content" } },
    },
    delete: {
      tags: tag,
      parameters: [ref("preferReturn")],
      responses: { 204: { description: "No Content" } },
    },
  };
  const allowed = {
    get: isAllowed(table, caller, "select"),
    post: isAllowed(table, caller, "insert"),
    put: isAllowed(table, caller, "insert") && isAllowed(table, caller, "update"),
    patch: isAllowed(table, caller, "update"),
    delete: isAllowed(table, caller, "delete"),
  };
  return Object.fromEntries(Object.entries(all).filter(([verb]) => allowed[verb as keyof typeof allowed]));
}

const PARAMETERS = {
  select: { name: "select", description: "Filtering Columns", required: false, in: "query", type: "string" },
  order: { name: "order", description: "Ordering", required: false, in: "query", type: "string" },
  range: {
    name: "Range",
    description: "Limiting and Pagination",
    required: false,
    in: "header",
    type: "string",
  },
  rangeUnit: {
    name: "Range-Unit",
    description: "Limiting and Pagination",
    required: false,
    default: "items",
    in: "header",
    type: "string",
  },
  offset: {
    name: "offset",
    description: "Limiting and Pagination",
    required: false,
    in: "query",
    type: "string",
  },
  limit: {
    name: "limit",
    description: "Limiting and Pagination",
    required: false,
    in: "query",
    type: "string",
  },
  preferCount: {
    name: "Prefer",
    description: "Preference",
    required: false,
    in: "header",
    type: "string",
    enum: ["count=none"],
  },
  preferParams: {
    name: "Prefer",
    description: "Preference",
    required: false,
    in: "header",
    type: "string",
    enum: ["params=single-object"],
  },
  preferPost: {
    name: "Prefer",
    description: "Preference",
    required: false,
    in: "header",
    type: "string",
    enum: [
      "return=representation",
      "return=minimal",
      "return=none",
      "resolution=ignore-duplicates",
      "resolution=merge-duplicates",
    ],
  },
  preferReturn: {
    name: "Prefer",
    description: "Preference",
    required: false,
    in: "header",
    type: "string",
    enum: ["return=representation", "return=minimal", "return=none"],
  },
};

/** The description the caller sees: only the tables they may read, only the verbs they may use. */
function rootDocument(tables: TableDefinition[], caller: Caller, host: string | undefined) {
  const readable = tables.filter((t) => isAllowed(t, caller, "select"));
  return {
    swagger: "2.0",
    info: {
      description: `${SITE_NAME} data API (PostgREST-compatible)`,
      title: "standard public schema",
      version: "1.0.0",
    },
    ...(host ? { host } : {}),
    basePath: "/rest/v1",
    schemes: ["http", "https"],
    consumes: ["application/json", "application/vnd.pgrst.object+json", "text/csv"],
    produces: ["application/json", "application/vnd.pgrst.object+json", "text/csv"],
    paths: {
      "/": {
        get: {
          tags: ["Introspection"],
          summary: "OpenAPI description (this document)",
          produces: ["application/openapi+json", "application/json"],
          responses: { 200: { description: "OK" } },
        },
      },
      ...Object.fromEntries(readable.map((t) => [`/${t.name}`, operations(t, caller)])),
    },
    definitions: Object.fromEntries(readable.map((t) => [t.name, definition(t)])),
    parameters: PARAMETERS,
    externalDocs: {
      description: "PostgREST Documentation",
      url: "https://postgrest.org/en/stable/references/api.html",
    },
  };
}

/** What the root answers: OpenAPI's JSON (PostgREST's own type for it) or plain JSON; else 406. */
const ROOT_MEDIA = {
  "*/*": "json",
  "application/*": "json",
  "application/json": "json",
  "application/openapi+json": "json",
};

/** `GET /rest/v1/` with the API key, as the caller the key and token say. */
export const openApiRootHandler =
  (authorizer: ReturnType<typeof createAuthorizer>) => (req: Request, res: Response, next: NextFunction) => {
    authorizer
      .authorize("public", req)
      .then((principal) => {
        negotiate(req.get("accept"), ROOT_MEDIA);
        const doc = rootDocument(Object.values(tables), callerOf(principal), req.get("host"));
        res.type("application/openapi+json; charset=utf-8").send(JSON.stringify(doc));
      })
      .catch(next);
  };
