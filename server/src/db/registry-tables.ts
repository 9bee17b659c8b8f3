import type { TableName, tables } from "@app/contracts";
import type { Generated } from "kysely";
import type { z } from "zod";

/**
 * The Kysely row types of the data API's tables, derived from their declarations in @app/contracts, so a
 * table declared there is known to every query without a hand-written twin here.
 *
 * A value is typed as the engines hand it back, which is not always the API's shape: SQLite keeps lists
 * and JSON as text and booleans as 0/1, where PostgreSQL's driver returns arrays, objects and booleans.
 * Such columns are the union of both; read them through db/stored-values.ts (or Boolean()).
 */
export type StoredValue<T> = T extends boolean ? boolean | number : T extends object ? string | T : T;

type StoredColumn<C> = C extends {
  schema: infer Z extends z.ZodTypeAny;
  nullable: infer N;
  hasDefault: infer D;
}
  ? D extends true
    ? Generated<StoredValue<z.output<Z>> | (N extends true ? null : never)>
    : StoredValue<z.output<Z>> | (N extends true ? null : never)
  : never;

type StoredTable<T extends { columns: Record<string, unknown> }> = {
  [K in keyof T["columns"]]: StoredColumn<T["columns"][K]>;
};

/** Every declared table, by name, as stored. */
export type RegistryTables = { [N in TableName]: StoredTable<(typeof tables)[N]> };
