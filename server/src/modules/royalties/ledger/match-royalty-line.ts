import { randomUUID } from "node:crypto";
import { type MatchRoyaltyLine, type RoyaltyAliasKind, tables } from "@app/contracts";
import type { Database, Db } from "../../../db/database";
import { toApiRow } from "../../../db/stored-values";
import { restError } from "../../../http/rest-error";
import type { RoyaltyCatalogue } from "./catalogue";
import { aliasKeyOf, compactIdentifier, normalisedText } from "./line-matcher";
import { findPeriod, writablePeriod } from "./periods";

type Call = Omit<MatchRoyaltyLine, "remember"> & { remember: boolean };

/** Ids updated per statement: well under both engines' limits on bound parameters. */
const CHUNK = 500;

/** The line column each alias kind compares, and how its value is keyed. */
const KEYED: Record<
  RoyaltyAliasKind,
  { column: "isrc" | "upc" | "iswc" | "work_number" | "title"; key: (v: string) => string }
> = {
  isrc: { column: "isrc", key: compactIdentifier },
  iswc: { column: "iswc", key: compactIdentifier },
  work_number: { column: "work_number", key: compactIdentifier },
  upc: { column: "upc", key: compactIdentifier },
  title: { column: "title", key: normalisedText },
};

/** The unmatched lines of a source, in periods still open, that carry an identifier. */
async function likeUnmatchedLines(trx: Db, sourceId: string, kind: RoyaltyAliasKind, identifier: string) {
  const { column, key } = KEYED[kind];
  const rows = await trx
    .selectFrom("royalty_lines as l")
    .innerJoin("royalty_imports as i", "i.id", "l.import_id")
    .innerJoin("royalty_periods as p", "p.id", "i.period_id")
    .select(["l.id", `l.${column} as value`])
    .where("i.source_id", "=", sourceId)
    .where("p.status", "!=", "closed")
    .where("l.work_id", "is", null)
    .where("l.recording_id", "is", null)
    .where(`l.${column}`, "is not", null)
    .execute();
  return rows.filter((r) => r.value !== null && key(r.value) === identifier).map((r) => r.id);
}

/**
 * match_royalty_line: a line matched by hand to a work or a recording. With `remember`, the match is kept
 * as the source's alias of the line's strongest identifier, and every unmatched line of the source with
 * that identifier (in periods still open) is matched with it; later imports match by the alias. A line of
 * a closed period is never matched again: its money is already on statements.
 */
export async function matchRoyaltyLine(
  db: Database,
  catalogue: RoyaltyCatalogue,
  call: Call,
  actorId: string | null,
  at: string,
) {
  return db.withTransaction(async (trx) => {
    const line = await trx
      .selectFrom("royalty_lines as l")
      .innerJoin("royalty_imports as i", "i.id", "l.import_id")
      .select([
        "l.id",
        "l.isrc",
        "l.upc",
        "l.iswc",
        "l.work_number",
        "l.title",
        "l.artist",
        "i.source_id",
        "i.period_id",
      ])
      .where("l.id", "=", call.line_id)
      .executeTakeFirst();
    if (!line) throw restError("PGRST116", "No royalty statement line has this id", { status: 404 });
    writablePeriod(await findPeriod(trx, line.period_id), "Its lines cannot be matched again");
    const target = call.work_id
      ? { work_id: call.work_id, recording_id: null }
      : { work_id: null, recording_id: call.recording_id as string };
    const exists = await catalogue.has(
      trx,
      target.work_id ? { work_id: target.work_id } : { recording_id: target.recording_id as string },
    );
    if (!exists)
      throw restError("23503", `No ${target.work_id ? "work" : "recording"} has this id`, {
        details: `Key (${target.work_id ? "work_id" : "recording_id"}) is not present in the catalogue`,
      });

    let lineIds = [line.id];
    let alias = null;
    if (call.remember) {
      const key = aliasKeyOf(line);
      if (!key)
        throw restError("23514", "The line has no identifier or title to remember the match by", {
          details: "Match it without remember",
        });
      alias = await rememberAlias(trx, {
        source_id: line.source_id,
        ...key,
        ...target,
        created_by: actorId,
        created_at: at,
      });
      lineIds = [
        ...new Set([line.id, ...(await likeUnmatchedLines(trx, line.source_id, key.kind, key.identifier))]),
      ];
    }
    for (let i = 0; i < lineIds.length; i += CHUNK)
      await trx
        .updateTable("royalty_lines")
        .set({ ...target, match_method: "manual" })
        .where("id", "in", lineIds.slice(i, i + CHUNK))
        .execute();
    return { matched: lineIds.length, line_ids: lineIds, alias };
  });
}

/** The source's alias of an identifier, pointed at the target (a later manual match replaces an earlier one). */
async function rememberAlias(
  trx: Db,
  alias: {
    source_id: string;
    kind: RoyaltyAliasKind;
    identifier: string;
    work_id: string | null;
    recording_id: string | null;
    created_by: string | null;
    created_at: string;
  },
) {
  const { kind, ...rest } = alias;
  await trx
    .insertInto("royalty_aliases")
    .values({ id: randomUUID(), identifier_kind: kind, ...rest })
    .onConflict((oc) =>
      oc.columns(["source_id", "identifier_kind", "identifier"]).doUpdateSet({
        work_id: alias.work_id,
        recording_id: alias.recording_id,
        created_by: alias.created_by,
        created_at: alias.created_at,
      }),
    )
    .execute();
  const row = await trx
    .selectFrom("royalty_aliases")
    .selectAll()
    .where("source_id", "=", alias.source_id)
    .where("identifier_kind", "=", kind)
    .where("identifier", "=", alias.identifier)
    .executeTakeFirstOrThrow();
  return toApiRow(tables.royalty_aliases, row);
}
