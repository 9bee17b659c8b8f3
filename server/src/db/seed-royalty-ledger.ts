import { createHash } from "node:crypto";
import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { insertAll } from "./seed-rows";

/** Statement lines of the demo import as [row, ISRC, title, store, territory, USD, öre, matched recording]. */
const LINES = [
  [2, "SEXYZ2500001", "Midnattssol", "Spotify", "SE", "12.5", 13_125, 0],
  [3, "SEXYZ2500002", "Kite Season (Radio Edit)", "Apple Music", "NO", "4.2", 4410, 1],
  [4, "QZZZZ2500999", "Unknown Track", "Deezer", "FR", "0.75", 788, null],
] as const;

/**
 * The royalty ledger as a demo has it: one distributor source, an open half-year, and one imported
 * statement with two lines matched to the seeded recordings and one waiting in the unmatched queue.
 */
export async function seedRoyaltyLedger(trx: Db, engine: Engine) {
  const created = at(-7, 10);
  const source = seedId("royalty_source", 0);
  const period = seedId("royalty_period", 0);
  const importId = seedId("royalty_import", 0);
  const sources = await insertAll(trx, engine, "royalty_sources", [
    {
      id: source,
      name: "DistroKid",
      kind: "distributor",
      mapping_key: "distrokid_tsv",
      default_currency: "USD",
      created_at: created,
      updated_at: created,
    },
  ]);
  const periods = await insertAll(trx, engine, "royalty_periods", [
    {
      id: period,
      name: "2026 H1",
      starts_on: "2026-01-01",
      ends_on: "2026-06-30",
      created_at: created,
      updated_at: created,
    },
  ]);
  const matched = LINES.filter((l) => l[7] !== null).length;
  const imports = await insertAll(trx, engine, "royalty_imports", [
    {
      id: importId,
      source_id: source,
      period_id: period,
      file_name: "distrokid-demo.tsv",
      file_sha256: createHash("sha256").update("demo royalty statement").digest("hex"),
      encoding: "utf-8",
      currency: "USD",
      rate: "10.5",
      lines: LINES.length,
      matched,
      unmatched: LINES.length - matched,
      total_ore: LINES.reduce((sum, l) => sum + l[6], 0),
      created_by: null,
      created_at: created,
    },
  ]);
  const lines = await insertAll(
    trx,
    engine,
    "royalty_lines",
    LINES.map(([row, isrc, title, store, territory, amount, ore, recording], i) => ({
      id: seedId("royalty_line", i),
      import_id: importId,
      row_number: row,
      usage_period: "2025-12",
      store,
      territory,
      isrc,
      title,
      artist: "Nightjar",
      amount,
      currency: "USD",
      amount_ore: ore,
      recording_id: recording === null ? null : seedId("royalty_recording", recording),
      match_method: recording === null ? null : "isrc",
    })),
  );
  return { royaltySources: sources, royaltyPeriods: periods, royaltyImports: imports, royaltyLines: lines };
}
