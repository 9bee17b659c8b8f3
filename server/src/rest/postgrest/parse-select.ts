import { restError } from "../../http/rest-error";
import { splitTopLevel } from "./parse-query";

/**
 * PostgREST's `select`, as a tree: columns (each optionally renamed, `name:first_name`), `*`, and embedded
 * resources, `alias:table!hint!inner(select…)`, nested up to MAX_EMBED_DEPTH.
 */
export type SelectNode = { type: "star" } | ColumnNode | EmbedNode;

/** One step of a JSON path: an object's key or an array's index (negative counts from the end). */
export type JsonStep = { key: string } | { index: number };

/** The types a select may cast to: those whose value reads the same from either engine. */
const SELECT_CASTS = ["text", "integer", "int", "bigint", "numeric", "boolean", "json", "jsonb"] as const;
export type SelectCast = (typeof SELECT_CASTS)[number];

/** `alias:column->path->>last::cast`: a column, optionally renamed, followed into its JSON and cast. */
export interface ColumnNode {
  type: "column";
  name: string;
  alias?: string;
  /** `->` steps, then the last one `->>` (answered as text) when `asText`. */
  path?: JsonStep[];
  asText?: boolean;
  cast?: SelectCast;
}

export interface EmbedNode {
  type: "embed";
  /** The key the embedded rows are answered under: the alias, else the table's name. */
  key: string;
  table: string;
  /** A foreign key's column or constraint, or a join table's name: which relationship to follow. */
  hint?: string;
  /** `!inner`: a parent without a matching row is left out (its count and page too). */
  inner: boolean;
  select: SelectNode[];
}

const MAX_EMBED_DEPTH = 3;
const MAX_EMBEDS = 10;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const selectError = (value: string, details: string) =>
  restError("PGRST100", `"failed to parse select parameter (${value})"`, { details });

function name(text: string, value: string): string {
  const trimmed = text.trim();
  if (!IDENTIFIER.test(trimmed)) throw selectError(value, `Unexpected name "${text}"`);
  return trimmed;
}

/** `table!hint!inner(…)` once the alias is off. */
function embedOf(text: string, alias: string | undefined, value: string, depth: number): EmbedNode {
  const open = text.indexOf("(");
  if (!text.endsWith(")")) throw selectError(value, `Unclosed embedded resource "${text}"`);
  const [table = "", ...modifiers] = text.slice(0, open).split("!");
  const node: EmbedNode = {
    type: "embed",
    key: alias ?? name(table, value),
    table: name(table, value),
    inner: false,
    select: parseSelectTree(text.slice(open + 1, -1), value, depth + 1),
  };
  for (const modifier of modifiers) {
    if (modifier === "inner") node.inner = true;
    else if (modifier === "left") node.inner = false;
    else if (node.hint === undefined) node.hint = name(modifier, value);
    else throw selectError(value, `More than one hint on "${text}"`);
  }
  return node;
}

/** A JSON key: any text but PostgREST's reserved characters; a well formed number is an index. */
const JSON_KEY = /^[^.,>()\s:]+$/;

function stepOf(text: string, value: string): JsonStep {
  if (/^-?\d{1,9}$/.test(text)) return { index: Number(text) };
  if (text.startsWith("-") || !JSON_KEY.test(text)) throw selectError(value, `Unexpected JSON key "${text}"`);
  return { key: text };
}

/** `column->a->0->>b::type`, the alias already off. */
function columnOf(text: string, alias: string | undefined, value: string): ColumnNode {
  const castAt = text.indexOf("::");
  const pathText = castAt === -1 ? text : text.slice(0, castAt);
  const node: ColumnNode = { type: "column", name: "" };
  if (alias) node.alias = alias;
  if (castAt !== -1) {
    const cast = text
      .slice(castAt + 2)
      .trim()
      .toLowerCase();
    if (!(SELECT_CASTS as readonly string[]).includes(cast))
      throw selectError(value, `Casts are to one of ${SELECT_CASTS.join(", ")}, not "${cast}"`);
    node.cast = cast as SelectCast;
  }
  // "a->b->>c" splits into ["a", "->", "b", "->>", "c"].
  const [column = "", ...rest] = pathText.split(/(->>?)/);
  node.name = name(column, value);
  if (rest.length === 0) return node;
  node.path = [];
  for (let i = 0; i < rest.length; i += 2) {
    if (node.asText)
      // As PostgreSQL answers `text -> …`: text has no JSON operators.
      throw restError(
        "42883",
        `operator does not exist: text -> ${/^-?\d+$/.test(rest[i + 1] ?? "") ? "integer" : "unknown"}`,
        {
          hint: "No operator matches the given name and argument types. You might need to add explicit type casts.",
        },
      );
    node.path.push(stepOf(rest[i + 1] ?? "", value));
    if (rest[i] === "->>") node.asText = true;
  }
  return node;
}

/**
 * The key a column is answered under: its alias, else the last key of its JSON path (an index names
 * nothing), else its name, as PostgREST names them.
 */
export function columnKey(node: ColumnNode): string {
  if (node.alias) return node.alias;
  const keys = (node.path ?? []).flatMap((step) => ("key" in step ? [step.key] : []));
  return keys.at(-1) ?? node.name;
}

/** `count()`, `amount.sum()`, `id.count()::text`: PostgREST's aggregate functions. */
const AGGREGATE = /^(count\(\s*\)|[^()]+\.(count|sum|avg|min|max)\(\s*\))(::\w+)?$/;

/**
 * PostgREST forms read here only to answer them with PostgREST's own refusal: aggregates as its default
 * configuration refuses them (db-aggregates-enabled off), the spread of an embedded resource as a feature
 * not implemented, so a client learns what is missing instead of reading a parse error.
 */
function refuseUnimplemented(item: string) {
  if (AGGREGATE.test(item.trim())) throw restError("PGRST123", "Use of aggregate functions is not allowed");
  if (item.trim().startsWith("..."))
    throw restError("PGRST127", "Feature not implemented", {
      details: "Spreading an embedded resource (`...table(columns)`) is not implemented",
    });
}

export function parseSelectTree(text: string, value = text, depth = 0): SelectNode[] {
  if (depth > MAX_EMBED_DEPTH)
    throw selectError(value, `Embedded resources nest at most ${MAX_EMBED_DEPTH} deep`);
  const items = splitTopLevel(text).map((item) => item.trim());
  if (items.length === 1 && items[0] === "") return [{ type: "star" }];
  const nodes = items.map((item): SelectNode => {
    if (item === "*") return { type: "star" };
    const aliased = /^([A-Za-z_][A-Za-z0-9_]*):(?!:)(.*)$/s.exec(item);
    const alias = aliased ? aliased[1] : undefined;
    const rest = aliased ? (aliased[2] ?? "") : item;
    refuseUnimplemented(rest);
    if (rest.includes("(")) return embedOf(rest, alias, value, depth);
    return columnOf(rest, alias, value);
  });
  if (depth === 0 && countEmbeds(nodes) > MAX_EMBEDS)
    throw selectError(value, `At most ${MAX_EMBEDS} embedded resources per request`);
  return nodes;
}

function countEmbeds(nodes: SelectNode[]): number {
  return nodes.reduce((n, node) => (node.type === "embed" ? n + 1 + countEmbeds(node.select) : n), 0);
}

export const embedsOf = (nodes: SelectNode[]) => nodes.filter((n): n is EmbedNode => n.type === "embed");
