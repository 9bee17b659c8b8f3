import type { ColumnSpec, ColumnType, TableDefinition } from "@app/contracts";
import { jsonbText } from "../../db/jsonb-text";
import { DECIMAL, postgresTypeName } from "../../db/stored-values";
import { restError } from "../../http/rest-error";
import type { ColumnNode, JsonStep, SelectCast } from "./parse-select";
import { arrayLiteral } from "./rows-csv";

/**
 * A selected column's value as PostgreSQL would answer `column->path->>last::cast`. It is computed from
 * the row as the API already answers it (JSON parsed, booleans as booleans), not by each engine's SQL:
 * SQLite's json_extract and casts differ from PostgreSQL's in a dozen corners (a JSON string's quotes,
 * booleans as 0/1, `cast('x' as integer)` being 0), and one computation answers the same on both.
 */

/** What a value is before its cast: a column's type, JSON (`->`) or text (`->>`). */
type Source = ColumnType | "jsonText";

const typeName = (source: Source) => (source === "jsonText" ? "text" : postgresTypeName[source]);

const castName: Record<SelectCast, string> = {
  text: "text",
  integer: "integer",
  int: "integer",
  bigint: "bigint",
  numeric: "numeric",
  boolean: "boolean",
  json: "json",
  jsonb: "jsonb",
};

/** Refuses before any row is read what PostgreSQL would refuse for the column's type. */
export function checkColumnNode(table: TableDefinition, node: ColumnNode): ColumnSpec {
  const spec = table.columns[node.name];
  if (!spec) throw restError("42703", `column ${table.name}.${node.name} does not exist`);
  const first = node.path?.[0];
  if (first && spec.type !== "json") {
    const arrow = node.path?.length === 1 && node.asText ? "->>" : "->";
    const operand = "index" in first ? "integer" : "unknown";
    throw restError("42883", `operator does not exist: ${postgresTypeName[spec.type]} ${arrow} ${operand}`, {
      hint: "No operator matches the given name and argument types. You might need to add explicit type casts.",
    });
  }
  if (node.cast) castable(sourceOf(spec, node), node.cast);
  return spec;
}

function sourceOf(spec: ColumnSpec, node: ColumnNode): Source {
  if (!node.path) return spec.type;
  return node.asText ? "jsonText" : "json";
}

const noCast = (source: Source, cast: SelectCast) =>
  restError("42846", `cannot cast type ${typeName(source)} to ${castName[cast]}`);

/** The casts PostgreSQL has between the column's type and the asked one. */
function castable(source: Source, cast: SelectCast) {
  const to = castName[cast];
  const allowed: Record<string, readonly Source[]> = {
    text: ["uuid", "text", "integer", "number", "boolean", "timestamp", "date", "text[]", "json", "jsonText"],
    integer: ["text", "integer", "number", "boolean", "json", "jsonText"],
    bigint: ["text", "integer", "number", "json", "jsonText"],
    numeric: ["text", "integer", "number", "json", "jsonText"],
    boolean: ["text", "integer", "boolean", "json", "jsonText"],
    json: ["text", "json", "jsonText"],
    jsonb: ["text", "json", "jsonText"],
  };
  if (!allowed[to]?.includes(source)) throw noCast(source, cast);
}

function step(value: unknown, at: JsonStep): unknown {
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    if (!("index" in at)) return null;
    return value[at.index < 0 ? value.length + at.index : at.index] ?? null;
  }
  return "key" in at ? ((value as Record<string, unknown>)[at.key] ?? null) : null;
}

/** A timestamp as PostgreSQL writes it in a UTC session: `2026-01-02 10:00:00.5+00`. */
function timestampText(value: unknown): string {
  const iso = new Date(value as string).toISOString();
  const fraction = iso.slice(19, 23).replace(/\.?0+$/, "");
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00`;
}

function asText(value: unknown, source: Source): string {
  if (source === "json") return jsonbText(value);
  if (source === "timestamp") return timestampText(value);
  if (source === "text[]") return arrayLiteral(value as unknown[]);
  return String(value);
}

const INTEGER_RANGE = { integer: 2 ** 31, bigint: 2 ** 63 } as const;

/** float to integer as PostgreSQL rounds it: half to even. */
function roundHalfEven(n: number): number {
  const floor = Math.floor(n);
  const diff = n - floor;
  if (diff !== 0.5) return Math.round(n);
  return floor % 2 === 0 ? floor : floor + 1;
}

function toInteger(value: unknown, source: Source, to: "integer" | "bigint"): number {
  let n: number;
  if (source === "text" || source === "jsonText") {
    if (!/^\s*[+-]?\d+\s*$/.test(String(value)))
      throw restError("22P02", `invalid input syntax for type ${to}: "${String(value)}"`);
    n = Number(value);
  } else if (source === "boolean") n = value ? 1 : 0;
  else n = to === "integer" || source === "number" ? roundHalfEven(Number(value)) : Number(value);
  if (n >= INTEGER_RANGE[to] || n < -INTEGER_RANGE[to]) throw restError("22003", `${to} out of range`);
  return n;
}

function toNumeric(value: unknown, source: Source): number {
  if ((source === "text" || source === "jsonText") && !DECIMAL.test(String(value)))
    throw restError("22P02", `invalid input syntax for type numeric: "${String(value)}"`);
  return Number(value);
}

const TRUE_WORDS = ["true", "yes", "on", "1"];
const FALSE_WORDS = ["false", "no", "off", "0"];

/** Text as PostgreSQL reads a boolean: a word or any unambiguous prefix of one, any case. */
function toBoolean(value: unknown, source: Source): boolean {
  if (source === "boolean") return value as boolean;
  if (source === "integer") return value !== 0;
  const text = String(value).trim().toLowerCase();
  const is = (words: string[]) => text !== "" && words.some((w) => w.startsWith(text));
  // "o" begins both "on" and "off": PostgreSQL refuses it, as any text both or neither begins.
  if (is(TRUE_WORDS) !== is(FALSE_WORDS)) return is(TRUE_WORDS);
  throw restError("22P02", `invalid input syntax for type boolean: "${String(value)}"`);
}

function toJson(value: unknown, source: Source): unknown {
  if (source === "json") return value;
  try {
    return JSON.parse(String(value));
  } catch {
    throw restError("22P02", `invalid input syntax for type json`, {
      details: `Token "${String(value)}" is invalid.`,
    });
  }
}

const jsonKind = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number"
        ? "numeric"
        : typeof value === "object"
          ? "object"
          : typeof value;

/** A JSON value (`->`) cast to a scalar: only a JSON value of that kind converts. */
function jsonScalar(value: unknown, cast: SelectCast): { value: unknown; source: Source } {
  const wanted = castName[cast] === "boolean" ? "boolean" : "numeric";
  if (jsonKind(value) !== wanted)
    throw restError("22023", `cannot cast jsonb ${jsonKind(value)} to type ${castName[cast]}`);
  return { value, source: wanted === "boolean" ? "boolean" : "number" };
}

function cast(value: unknown, source: Source, to: SelectCast): unknown {
  if (value === null) return null;
  const name = castName[to];
  if (name === "text") return asText(value, source);
  if (name === "json" || name === "jsonb") return toJson(value, source);
  const scalar = source === "json" ? jsonScalar(value, to) : { value, source };
  if (name === "integer" || name === "bigint") return toInteger(scalar.value, scalar.source, name);
  if (name === "numeric") return toNumeric(scalar.value, scalar.source);
  return toBoolean(scalar.value, scalar.source);
}

/** The value `node` selects from a row's column value (checked by checkColumnNode first). */
export function selectedValue(spec: ColumnSpec, node: ColumnNode, value: unknown): unknown {
  let out: unknown = value ?? null;
  for (const at of node.path ?? []) out = step(out, at);
  if (node.asText && out !== null) out = typeof out === "string" ? out : jsonbText(out);
  return node.cast ? cast(out, sourceOf(spec, node), node.cast) : out;
}
