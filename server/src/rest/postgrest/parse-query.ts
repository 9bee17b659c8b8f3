import { restError } from "../../http/rest-error";
import { parseSelectTree, type SelectNode } from "./parse-select";

/**
 * PostgREST's URL grammar for the subset we serve: horizontal filters (`col=op.value`, `col=not.op.value`),
 * `or=(…)`/`and=(…)` groups (nesting allowed up to a small depth), `select` of plain columns, `order`,
 * `limit`, `offset`, `on_conflict` and supabase-js's `columns`. The result names columns as the request
 * wrote them; the caller checks every name against its table's declaration before any SQL is built.
 */

const FILTER_OPS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "match",
  "imatch",
  "isdistinct",
  "is",
  "in",
  "cs",
  "cd",
  "ov",
  "fts",
  "plfts",
  "phfts",
  "wfts",
] as const;
type FilterOp = (typeof FILTER_OPS)[number];

/** PostgreSQL's to_tsquery, plainto_tsquery, phraseto_tsquery and websearch_to_tsquery, as PostgREST names them. */
export type TextSearchOp = "fts" | "plfts" | "phfts" | "wfts";

/**
 * A JSON path after a column, `payload->writers->0->>share`: object keys and array indexes, every arrow
 * but the last `->` (JSON), the last `->>` when the value is compared as text.
 */
export interface JsonPath {
  steps: (string | number)[];
  asText: boolean;
}

type IsValue = "null" | "true" | "false" | "unknown";

/** The column a filter or order term reads, and the JSON path into it when one follows (`->`, `->>`). */
interface ColumnRef {
  column: string;
  path?: JsonPath;
}

export type Condition =
  | (ColumnRef & {
      type: "filter";
      op: Exclude<FilterOp, "is" | "in" | "cs" | "cd" | "ov" | TextSearchOp>;
      negated: boolean;
      value: string;
    })
  | (ColumnRef & { type: "filter"; op: "is"; negated: boolean; value: IsValue })
  | (ColumnRef & { type: "filter"; op: "in"; negated: boolean; value: string[] })
  /** The value as written: `{a,b}` for a list column, JSON for a JSON column (read once the column is known). */
  | (ColumnRef & { type: "filter"; op: "cs" | "cd" | "ov"; negated: boolean; value: string })
  /** The query as written; config is the text search configuration in `fts(english).…`, when given. */
  | (ColumnRef & { type: "filter"; op: TextSearchOp; negated: boolean; value: string; config?: string })
  | { type: "group"; op: "and" | "or"; negated: boolean; conditions: Condition[] };

export interface OrderTerm extends ColumnRef {
  direction: "asc" | "desc";
  /** Unset means PostgreSQL's default: NULLs sort as the largest value. */
  nulls?: "first" | "last";
}

/** What a request asks of one embedded resource: `crm_contacts.order=last_name`, `.limit=3`, filters. */
export interface EmbedParams {
  where: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  /** undefined: every column (`*` or no select). */
  select?: string[];
  /** The whole select when it embeds or renames: what a read answers, key by key in the order asked. */
  tree?: SelectNode[];
  /** Per embedded resource (its keys joined by dots, `crm_contacts` or `company.crm_contacts`). */
  embedded?: Record<string, EmbedParams>;
  where: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  onConflict?: string[];
  /** supabase-js names the columns of a bulk insert; informative only. */
  columns?: string[];
}

/** The operators PostgREST lets a request quantify over a list: `like(any).{a*,b*}`, `gt(all).{1,2}`. */
const QUANTIFIABLE = new Set<string>(["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);

const MAX_GROUP_DEPTH = 3;
const MAX_CONDITIONS = 100;
/** More wildcards than a search ever needs only makes each row's match costlier. */
const MAX_LIKE_WILDCARDS = 32;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(["select", "order", "limit", "offset", "on_conflict", "columns"]);

/** PostgREST's operators on range columns, which no declared table has. */
const RANGE_OPS = new Set<string>(["sl", "sr", "nxr", "nxl", "adj"]);

/** A form PostgREST reads that this server does not implement: its own "not implemented" answer. */
const notImplemented = (details: string) => restError("PGRST127", "Feature not implemented", { details });

const syntaxError = (message: string, details?: string) =>
  restError("PGRST100", `"failed to parse ${message}"`, { details: details ?? null });

function identifier(name: string, where: string): string {
  const trimmed = name.trim();
  if (!IDENTIFIER.test(trimmed)) throw syntaxError(`${where} (${name})`, `Unexpected column name "${name}"`);
  return trimmed;
}

/** A path step: an object key (a name) or an array index (an integer; negative counts from the end). */
const PATH_STEP = /^(?:[A-Za-z_][A-Za-z0-9_]*|-?\d{1,6})$/;
const MAX_PATH_STEPS = 8;

/**
 * `column`, or `column->key->0->>key`: the column must be a name, each step a name or an integer, and only
 * the last arrow may be `->>` (text has no keys to follow).
 */
function columnRef(text: string, where: string): ColumnRef {
  const trimmed = text.trim();
  const parts = trimmed.split(/(->>?)/);
  const column = identifier(parts[0] ?? "", where);
  if (parts.length === 1) return { column };
  const steps: (string | number)[] = [];
  let asText = false;
  for (let i = 1; i < parts.length; i += 2) {
    const arrow = parts[i];
    const step = parts[i + 1] ?? "";
    const last = i + 2 >= parts.length;
    if (!PATH_STEP.test(step) || (arrow === "->>" && !last) || steps.length >= MAX_PATH_STEPS) {
      throw syntaxError(
        `${where} (${text})`,
        `A JSON path is column->key->0->>key: names or integers, ->> only last, at most ${MAX_PATH_STEPS} steps`,
      );
    }
    steps.push(/^-?\d+$/.test(step) ? Number(step) : step);
    asText = arrow === "->>";
  }
  return { column, path: { steps, asText } };
}

/** Only these configurations are installed alike on both engines (see docs on text search). */
const TEXT_SEARCH_CONFIGS = new Set(["simple", "english", "swedish"]);

/**
 * Splits on `separator` at nesting depth 0, outside double quotes (a backslash escapes the next character
 * inside quotes), as PostgREST does for `or=(…)` and `in.(…)` lists.
 */
export function splitTopLevel(text: string, separator = ","): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === "\\") i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "(" || ch === "{") depth++;
    else if (ch === ")" || ch === "}") depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) throw syntaxError("logic tree", `Unbalanced parentheses in "${text}"`);
  }
  if (quoted || depth !== 0) throw syntaxError("logic tree", `Unbalanced quotes or parentheses in "${text}"`);
  parts.push(text.slice(start));
  return parts;
}

/** A list item: `"quoted, with \" escapes"` or bare text. */
function unquote(item: string): string {
  const trimmed = item.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return trimmed;
}

/** `{a,"b c"}`, the list a cs/cd/ov filter of a list column takes. */
export function arrayLiteral(raw: string, op: string): string[] {
  return listValue(raw, "{", "}", op);
}

/** Unescaped `*`, `%` and `_` in a like pattern. */
function wildcardsIn(pattern: string): number {
  let n = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") i++;
    else if (ch === "*" || ch === "%" || ch === "_") n++;
  }
  return n;
}

function listValue(raw: string, open: string, close: string, op: string): string[] {
  if (!raw.startsWith(open) || !raw.endsWith(close)) {
    throw syntaxError(`filter (${op}.${raw})`, `${op} takes a list written as ${open}a,b${close}`);
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === "") return [];
  return splitTopLevel(inner).map(unquote);
}

/** `op.value` or `not.op.value` (the part after `column=`, or after `column.` inside a group). */
function parseOperation(ref: ColumnRef, expression: string, inGroup: boolean): Condition {
  let rest = expression;
  let negated = false;
  if (rest.startsWith("not.")) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const configured = /^(fts|plfts|phfts|wfts)\(([^)]*)\)$/.exec(dot === -1 ? rest : rest.slice(0, dot));
  if (configured && dot !== -1) {
    const config = configured[2] ?? "";
    if (!TEXT_SEARCH_CONFIGS.has(config)) {
      throw syntaxError(
        `filter (${expression})`,
        `Unknown text search configuration "${config}": use simple, english or swedish`,
      );
    }
    const value = rest.slice(dot + 1);
    const op = configured[1] as TextSearchOp;
    return { ...ref, type: "filter", op, negated, value: inGroup ? unquote(value) : value, config };
  }
  const column = ref;
  const quantified = /^(\w+)\((any|all)\)$/.exec(dot === -1 ? rest : rest.slice(0, dot));
  const op = (quantified ? quantified[1] : dot === -1 ? rest : rest.slice(0, dot)) as FilterOp;
  if (RANGE_OPS.has(op)) {
    throw notImplemented(`The range operators (${[...RANGE_OPS].join(", ")}): no table has a range column`);
  }
  if (dot === -1 || !FILTER_OPS.includes(op) || (quantified && !QUANTIFIABLE.has(op))) {
    throw syntaxError(`filter (${expression})`, `Unknown or unsupported operator in "${expression}"`);
  }
  let value = rest.slice(dot + 1);
  if (quantified) {
    return quantifiedGroup(column, op, quantified[2] as "any" | "all", negated, value);
  }
  if (inGroup && op !== "in" && op !== "cs" && op !== "cd" && op !== "ov") value = unquote(value);
  switch (op) {
    case "is": {
      const v = value.toLowerCase();
      if (v !== "null" && v !== "true" && v !== "false" && v !== "unknown") {
        throw syntaxError(`filter (${expression})`, "is takes null, true, false or unknown");
      }
      return { ...column, type: "filter", op, negated, value: v };
    }
    case "in":
      return { ...column, type: "filter", op, negated, value: listValue(value, "(", ")", op) };
    case "cs":
    case "cd":
    case "ov":
      if (!/^[{[]/.test(value)) {
        throw syntaxError(`filter (${op}.${value})`, `${op} takes a list written as {a,b}, or JSON`);
      }
      return { ...column, type: "filter", op, negated, value };
    case "like":
    case "ilike":
      if (wildcardsIn(value) > MAX_LIKE_WILDCARDS) {
        throw syntaxError(
          `filter (${op}.${value.slice(0, 40)}…)`,
          `A ${op} pattern takes at most ${MAX_LIKE_WILDCARDS} wildcards`,
        );
      }
      return { ...column, type: "filter", op, negated, value };
    default:
      return { ...column, type: "filter", op, negated, value };
  }
}

/** One filter as a query parameter writes it, `column` and `op.value` (realtime's filters use this form). */
export function parseFilter(column: string, expression: string): Condition {
  return parseOperation(columnRef(column, "filter"), expression, false);
}

/**
 * `op(any).{a,b}` is PostgreSQL's `op ANY('{a,b}')`: the operator ORed over the list (ANDed for `all`),
 * which is the same three-valued answer. An empty list is FALSE for any and TRUE for all, as an empty
 * or/and group answers.
 */
function quantifiedGroup(
  column: ColumnRef,
  op: FilterOp,
  quantifier: "any" | "all",
  negated: boolean,
  value: string,
): Condition {
  const items = listValue(value, "{", "}", `${op}(${quantifier})`);
  const conditions = items.map((item) => parseOperation(column, `${op}.${item}`, false));
  return { type: "group", op: quantifier === "any" ? "or" : "and", negated, conditions };
}

/** `and(…)`, `or(…)`, `not.and(…)` or `column.op.value` inside a logic tree. */
function parseGroupItem(item: string, depth: number): Condition {
  const text = item.trim();
  const logic = /^(not\.)?(and|or)\((.*)\)$/s.exec(text);
  if (logic) return parseGroup(logic[2] as "and" | "or", Boolean(logic[1]), `(${logic[3]})`, depth + 1);
  const dot = text.indexOf(".");
  if (dot <= 0) throw syntaxError("logic tree", `Expected column.operator.value, got "${text}"`);
  return parseOperation(columnRef(text.slice(0, dot), "logic tree"), text.slice(dot + 1), true);
}

function parseGroup(op: "and" | "or", negated: boolean, value: string, depth: number): Condition {
  if (depth > MAX_GROUP_DEPTH)
    throw syntaxError("logic tree", `Logic trees nest at most ${MAX_GROUP_DEPTH} deep`);
  if (!value.startsWith("(") || !value.endsWith(")")) {
    throw syntaxError(`logic tree (${value})`, `${op} takes a list written as (a.eq.1,b.eq.2)`);
  }
  const items = splitTopLevel(value.slice(1, -1)).filter((s) => s.trim() !== "");
  if (items.length === 0) throw syntaxError(`logic tree (${value})`, `${op} needs at least one condition`);
  return { type: "group", op, negated, conditions: items.map((item) => parseGroupItem(item, depth)) };
}

function parseOrder(value: string): OrderTerm[] {
  return value.split(",").map((term) => {
    const [column = "", ...modifiers] = term.trim().split(".");
    if (/^\w+(!\w+)?\(/.test(column)) {
      throw notImplemented(`Ordering by an embedded resource's column ("${column}") is not implemented`);
    }
    const parsed: OrderTerm = { ...columnRef(column, "order"), direction: "asc" };
    for (const m of modifiers) {
      if (m === "asc" || m === "desc") parsed.direction = m;
      else if (m === "nullsfirst") parsed.nulls = "first";
      else if (m === "nullslast") parsed.nulls = "last";
      else throw syntaxError(`order (${value})`, `Unknown order modifier "${m}"`);
    }
    return parsed;
  });
}

function parseSelect(parsed: ParsedQuery, value: string) {
  const tree = parseSelectTree(value);
  if (tree.length === 1 && tree[0]?.type === "star") return;
  parsed.select = tree.flatMap((node) =>
    node.type === "star" ? ["*"] : node.type === "column" ? [node.name] : [],
  );
  const shaped = (node: SelectNode) =>
    node.type === "embed" || (node.type === "column" && (node.alias || node.path || node.cast));
  if (tree.some(shaped)) parsed.tree = tree;
}

/** `crm_contacts.order=…`, `company.crm_contacts.last_name=eq.X`: a parameter of an embedded resource. */
function parseEmbedded(parsed: ParsedQuery, key: string, values: string[]) {
  const segments = key.split(".");
  const last = segments.pop() ?? "";
  const path = segments.map((segment) => identifier(segment, "embedded resource")).join(".");
  parsed.embedded ??= {};
  const params = parsed.embedded[path] ?? { where: [], order: [] };
  parsed.embedded[path] = params;
  for (const value of values) {
    if (last === "order") params.order = parseOrder(value);
    else if (last === "limit") params.limit = nonNegativeInteger(key, value);
    else if (last === "offset") params.offset = nonNegativeInteger(key, value);
    else if (last === "or" || last === "and") params.where.push(parseGroup(last, false, value, 1));
    else params.where.push(parseOperation(columnRef(last, "filter"), value, false));
  }
}

function nonNegativeInteger(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value))
    throw syntaxError(`${name} parameter (${value})`, `${name} must be a non-negative integer`);
  return Number(value);
}

function single(name: string, value: string | string[]): string {
  if (Array.isArray(value)) throw syntaxError(`${name} parameter`, `${name} may be given only once`);
  return value;
}

/**
 * Parses a request's query object (each value a string, or an array when the key was repeated: repeated
 * filters on one column are ANDed, as PostgREST does).
 */
export function parseQuery(query: Record<string, string | string[] | undefined>): ParsedQuery {
  const parsed: ParsedQuery = { where: [], order: [] };
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    if (RESERVED.has(key)) {
      const value = single(key, raw);
      if (key === "select") parseSelect(parsed, value);
      else if (key === "order") parsed.order = parseOrder(value);
      else if (key === "limit") parsed.limit = nonNegativeInteger(key, value);
      else if (key === "offset") parsed.offset = nonNegativeInteger(key, value);
      else if (key === "on_conflict") parsed.onConflict = value.split(",").map((c) => identifier(c, key));
      else parsed.columns = value.split(",").map((c) => identifier(unquote(c), key));
      continue;
    }
    if (key.includes(".") && !/^not\.(and|or)$/.test(key)) {
      parseEmbedded(parsed, key, Array.isArray(raw) ? raw : [raw]);
      continue;
    }
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      const logic = /^(not\.)?(and|or)$/.exec(key);
      parsed.where.push(
        logic
          ? parseGroup(logic[2] as "and" | "or", Boolean(logic[1]), value, 1)
          : parseOperation(columnRef(key, "filter"), value, false),
      );
    }
  }
  refuseEmbeddedFilters(parsed);
  const embeddedConditions = Object.values(parsed.embedded ?? {}).map((params) => params.where);
  if (countConditions([...parsed.where, ...embeddedConditions.flat()]) > MAX_CONDITIONS) {
    throw syntaxError("filters", `At most ${MAX_CONDITIONS} conditions per request`);
  }
  return parsed;
}

/**
 * `crm_companies=not.is.null` filters the parents by whether an embedded resource has rows: PostgREST's,
 * not implemented here (`!inner` keeps the parents with a match), and answered so rather than as an
 * unknown column.
 */
function refuseEmbeddedFilters(parsed: ParsedQuery) {
  const embedded = new Set((parsed.tree ?? []).flatMap((node) => (node.type === "embed" ? [node.key] : [])));
  for (const condition of parsed.where) {
    if (condition.type === "filter" && embedded.has(condition.column))
      throw notImplemented(
        `Filtering by an embedded resource ("${condition.column}=…") is not implemented; "!inner" keeps the rows with a match`,
      );
  }
}

function countConditions(conditions: Condition[]): number {
  return conditions.reduce((n, c) => n + (c.type === "group" ? 1 + countConditions(c.conditions) : 1), 0);
}

/** `Range: 0-24` (items), as supabase-js's `.range()` may send; undefined when absent or open-ended at 0. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const match = /^(?:items=)?\s*(\d{1,9})-(\d{1,9})?\s*$/.exec(header);
  if (!match)
    throw restError("PGRST103", "Requested range not satisfiable", {
      details: `Range: ${header}`,
      status: 416,
    });
  const from = Number(match[1]);
  if (match[2] === undefined) return { offset: from };
  const to = Number(match[2]);
  if (to < from)
    throw restError("PGRST103", "Requested range not satisfiable", {
      details: `Range: ${header}`,
      status: 416,
    });
  return { offset: from, limit: to - from + 1 };
}

export interface Preferences {
  return: "minimal" | "representation" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  resolution?: "merge-duplicates" | "ignore-duplicates";
  missing: "default" | "null";
  /** strict: an unknown preference is an error, and max-affected is enforced. */
  handling?: "strict" | "lenient";
  /** The most rows a PATCH or DELETE may change (enforced with handling=strict only). */
  maxAffected?: number;
  /** Each preference the request set itself, as `name=value` (see preferenceApplied). */
  given: string[];
}

/** The preferences PostgREST knows, each as the one `name=value` it accepts. */
const KNOWN_PREFERENCES = new Map<string, Partial<Preferences>>([
  ["return=minimal", { return: "minimal" }],
  ["return=representation", { return: "representation" }],
  ["return=headers-only", { return: "headers-only" }],
  ["count=exact", { count: "exact" }],
  ["count=planned", { count: "planned" }],
  ["count=estimated", { count: "estimated" }],
  ["resolution=merge-duplicates", { resolution: "merge-duplicates" }],
  ["resolution=ignore-duplicates", { resolution: "ignore-duplicates" }],
  ["missing=default", { missing: "default" }],
  ["missing=null", { missing: "null" }],
  ["handling=strict", { handling: "strict" }],
  ["handling=lenient", { handling: "lenient" }],
  // Transactions always commit here (PostgREST's default db-tx-end), so tx= is known but changes nothing.
  ["tx=commit", {}],
  ["tx=rollback", {}],
]);
/**
 * Known by prefix, whatever the value (PostgREST ignores a value it cannot use). `timezone=` is not among
 * them: instants are always answered in UTC here, so it is ignored, and refused under handling=strict.
 */
const KNOWN_PREFIXES = ["max-affected="];

/**
 * `Prefer: return=representation, count=exact`, over one header or several (joined with commas). As in
 * PostgREST, each preference is one exact `name=value`, the first of a name wins, and anything unknown is
 * ignored unless `handling=strict` asks for a 400 instead.
 */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { return: "minimal", missing: "null", given: [] };
  const seen = new Set<string>();
  const invalid: string[] = [];
  const parts = (header ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  for (const part of parts) {
    const known = KNOWN_PREFERENCES.get(part);
    if (known) {
      for (const [name, value] of Object.entries(known)) {
        if (seen.has(name)) continue;
        seen.add(name);
        Object.assign(prefs, { [name]: value });
        prefs.given.push(part);
      }
    } else if (part.startsWith("max-affected=")) {
      if (seen.has("maxAffected")) continue;
      seen.add("maxAffected");
      const value = part.slice("max-affected=".length);
      if (/^-?\d{1,15}$/.test(value)) {
        prefs.maxAffected = Number(value);
        prefs.given.push(part);
      }
    } else if (!KNOWN_PREFIXES.some((prefix) => part.startsWith(prefix))) {
      invalid.push(part);
    }
  }
  if (prefs.handling === "strict" && invalid.length > 0) {
    throw restError("PGRST122", "Invalid preferences given with handling=strict", {
      details: `Invalid preferences: ${invalid.join(", ")}`,
    });
  }
  return prefs;
}

/**
 * PostgREST's Preference-Applied: the preferences the request set that this kind of request honours, in
 * PostgREST's order. resolution is an insert's, missing an insert's or update's, return any write's,
 * max-affected an update's or delete's under handling=strict; count and handling any request's.
 */
export function preferenceApplied(prefer: Preferences, verb: "select" | "insert" | "update" | "delete") {
  const write = verb !== "select";
  const honoured: [string, boolean][] = [
    ["resolution=", verb === "insert"],
    ["missing=", verb === "insert" || verb === "update"],
    ["return=", write],
    ["count=", true],
    ["handling=", true],
    ["max-affected=", (verb === "update" || verb === "delete") && prefer.handling === "strict"],
  ];
  const applied = honoured.flatMap(([prefix, honours]) =>
    honours ? prefer.given.filter((p) => p.startsWith(prefix)) : [],
  );
  return applied.length > 0 ? applied.join(", ") : undefined;
}
