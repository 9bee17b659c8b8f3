import { AppError } from "../http/app-error";

export interface ListQuery {
  select?: string;
  order?: string;
  limit?: number;
  offset?: number;
}

export interface ListParams<C extends string> {
  /** The columns to return, in the order asked for. */
  columns: C[];
  order: { column: C; direction: "asc" | "desc"; nulls: "first" | "last" };
  limit: number;
  offset: number;
  count: boolean;
}

export interface ListOptions<C extends string> {
  table: string;
  columns: readonly C[];
  defaultOrder: `${C}.${"asc" | "desc"}`;
  maxRows: number;
  prefer?: string;
}

function parseSelect<C extends string>(select: string | undefined, { table, columns }: ListOptions<C>): C[] {
  if (select === undefined || select.trim() === "*") return [...columns];
  const asked = select.split(",").map((s) => s.trim());
  for (const name of asked) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
      throw new AppError("PGRST100", `"failed to parse select parameter (${select})"`, {
        details: "Only plain column names or * are supported",
      });
    }
    if (!columns.includes(name as C)) {
      throw new AppError("42703", `column ${table}.${name} does not exist`);
    }
  }
  return asked as C[];
}

/** Normalises PostgREST read parameters; the contract has already checked their syntax. */
export function listParams<C extends string>(query: ListQuery, options: ListOptions<C>): ListParams<C> {
  const [column, direction, nulls] = (query.order ?? options.defaultOrder).split(".") as [
    C,
    "asc" | "desc" | undefined,
    string | undefined,
  ];
  const dir = direction ?? "asc";
  return {
    columns: parseSelect(query.select, options),
    // PostgreSQL's default: NULLs sort as the largest value.
    order: {
      column,
      direction: dir,
      nulls: nulls ? (nulls === "nullsfirst" ? "first" : "last") : dir === "asc" ? "last" : "first",
    },
    limit: Math.min(query.limit ?? options.maxRows, options.maxRows),
    offset: query.offset ?? 0,
    count: /(^|[\s,])count=exact\b/.test(options.prefer ?? ""),
  };
}

/** PostgREST's Content-Range: `0-49/123`, `*\/0` when nothing is returned, `/*` when the total is not counted. */
export function contentRange(offset: number, returned: number, total?: number): string {
  const size = total === undefined ? "*" : String(total);
  if (returned === 0) return `*/${size}`;
  return `${offset}-${offset + returned - 1}/${size}`;
}

export function pick<T extends object, C extends string>(row: T, columns: readonly C[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = (row as Record<string, unknown>)[c];
  return out as Partial<T>;
}
