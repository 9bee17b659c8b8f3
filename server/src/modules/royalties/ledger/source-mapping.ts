import { restError } from "../../../http/rest-error";
import type { Row } from "../../../rest/table-hooks";

/**
 * A source reads its files by one mapping: a built-in one named by its key, or one staff built. Neither
 * or both would leave the import guessing which columns hold the money.
 */
export function assertSourceMapping(row: Row) {
  const hasKey = row.mapping_key !== null && row.mapping_key !== undefined;
  const hasMapping = row.mapping !== null && row.mapping !== undefined;
  if (hasKey === hasMapping)
    throw restError(
      "23514",
      'new row for relation "royalty_sources" violates check constraint "royalty_sources_one_mapping"',
      { details: "Failing check: exactly one of mapping_key (a built-in mapping) and mapping is set" },
    );
}
