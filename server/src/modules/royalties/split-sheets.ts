import type { SplitWriter } from "@app/contracts";
import type { Db } from "../../db/database";
import { restError } from "../../http/rest-error";
import type { Row, TableHooks } from "../../rest/table-hooks";

const WHOLE_BP = 10_000;

/** A writer's share on a split sheet (percent with two decimals) in basis points, exactly. */
export const sheetShareBp = (writer: Pick<SplitWriter, "share_percent">) =>
  Math.round(writer.share_percent * 100);

/** A split sheet's writers as signed, with what it takes for their shares to be paid by. */
export async function signedSheetWriters(trx: Db, documentIds: string[]) {
  if (documentIds.length === 0) return new Map<string, SplitWriter[]>();
  const rows = await trx
    .selectFrom("legal_documents")
    .select(["id", "payload"])
    .where("id", "in", documentIds)
    .execute();
  return new Map(
    rows.map((row) => {
      const payload = (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as {
        writers?: SplitWriter[];
      };
      return [row.id, payload.writers ?? []];
    }),
  );
}

const refused = (details: string, hint?: string) =>
  restError(
    "23514",
    'new row for relation "work_split_sheets" violates check constraint "work_split_sheets_signed_sheet_check"',
    { details: `Failing check: ${details}`, ...(hint && { hint }) },
  );

/**
 * A work's money may only follow a split sheet every writer has signed: a legal document of the Split
 * Sheet category, fully signed, whose writers' shares make exactly 100 %. Anything else is refused before
 * it is linked, so no money is ever divided by an unsigned or incomplete split.
 */
async function assertSignedSplitSheet(trx: Db, row: Row) {
  const documentId = String(row.legal_document_id);
  const doc = await trx
    .selectFrom("legal_documents as d")
    .innerJoin("legal_templates as t", "t.id", "d.template_id")
    .select(["d.title", "d.status", "t.category"])
    .where("d.id", "=", documentId)
    .executeTakeFirst();
  // A missing document is the foreign key's to refuse, in its own words.
  if (!doc) return;
  if (doc.category !== "Split Sheet") throw refused(`"${doc.title}" is a ${doc.category}, not a split sheet`);
  if (doc.status !== "fully_signed")
    throw refused(
      `"${doc.title}" is not fully signed (it is ${doc.status.replace(/_/g, " ")})`,
      "Link a split sheet once every writer has signed it.",
    );
  const writers = (await signedSheetWriters(trx, [documentId])).get(documentId) ?? [];
  const total = writers.reduce((sum, w) => sum + sheetShareBp(w), 0);
  if (total !== WHOLE_BP)
    throw refused(`the writers of "${doc.title}" add up to ${total / 100} %, not 100 %`);
}

/** work_split_sheets: each link names a split sheet every writer has signed. */
export const splitSheetLinkHooks: TableHooks = {
  async beforeInsert(ctx, values) {
    await assertSignedSplitSheet(ctx.trx, values);
    return values;
  },
  async beforeUpdate(ctx, changes, before) {
    if ("legal_document_id" in changes) await assertSignedSplitSheet(ctx.trx, { ...before, ...changes });
    return changes;
  },
};
