import {
  BUILT_IN_ROYALTY_MAPPING_BY_KEY,
  type RoyaltyColumnMapping,
  royaltyColumnMappingSchema,
} from "@app/contracts";
import { restError } from "../../../http/rest-error";
import type { Row } from "../../../rest/table-hooks";

const oneMappingRefusal = () =>
  restError(
    "23514",
    'new row for relation "royalty_sources" violates check constraint "royalty_sources_one_mapping"',
    { details: 'Failing check: mapping is set exactly when mapping_key is "custom"' },
  );

/**
 * A source reads its files by one mapping: a built-in one named by its key, or the one staff built
 * (mapping_key "custom"). Both, or a custom key without its mapping, would leave the import guessing which
 * columns hold the money.
 */
export function assertSourceMapping(row: Row) {
  const custom = row.mapping_key === "custom";
  const hasMapping = row.mapping !== null && row.mapping !== undefined;
  if (custom !== hasMapping) throw oneMappingRefusal();
}

/** The mapping a source's files are read with (the source as the API reads it: its JSON parsed). */
export function mappingOfSource(source: { mapping_key: string; mapping: unknown }): RoyaltyColumnMapping {
  if (source.mapping_key !== "custom") {
    const builtIn = (BUILT_IN_ROYALTY_MAPPING_BY_KEY as Record<string, RoyaltyColumnMapping>)[
      source.mapping_key
    ];
    if (builtIn) return builtIn;
  }
  const parsed = royaltyColumnMappingSchema.safeParse(source.mapping);
  if (!parsed.success) throw oneMappingRefusal();
  return parsed.data;
}
