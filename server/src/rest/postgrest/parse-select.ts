import { restError } from "../../http/rest-error";
import { splitTopLevel } from "./parse-query";

/**
 * PostgREST's `select`, as a tree: columns (each optionally renamed, `name:first_name`), `*`, and embedded
 * resources, `alias:table!hint!inner(select…)`, nested up to MAX_EMBED_DEPTH.
 */
export type SelectNode = { type: "star" } | { type: "column"; name: string; alias?: string } | EmbedNode;

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
    if (rest.includes("(")) return embedOf(rest, alias, value, depth);
    return { type: "column", name: name(rest, value), ...(alias ? { alias } : {}) };
  });
  if (depth === 0 && countEmbeds(nodes) > MAX_EMBEDS)
    throw selectError(value, `At most ${MAX_EMBEDS} embedded resources per request`);
  return nodes;
}

function countEmbeds(nodes: SelectNode[]): number {
  return nodes.reduce((n, node) => (node.type === "embed" ? n + 1 + countEmbeds(node.select) : n), 0);
}

export const embedsOf = (nodes: SelectNode[]) => nodes.filter((n): n is EmbedNode => n.type === "embed");
