import { restError } from "../../http/rest-error";
import { type SharedOut, shareCapHooks } from "../../rest/share-cap";
import type { Row, TableHooks, TableHooksByTable } from "../../rest/table-hooks";
import { takeSubmitterWorkId } from "./counters";
import { splitSheetLinkHooks } from "./split-sheets";

const WORK_WRITERS: SharedOut = {
  table: "work_writers",
  parentTable: "works",
  parentColumn: "work_id",
  shareColumn: "manuscript_share_bp",
  sharesNoun: "the work's shares",
  leftOver: "of the work is left to share out",
};

const RECORDING_PAYEES: SharedOut = {
  table: "recording_payees",
  parentTable: "recordings",
  parentColumn: "recording_id",
  shareColumn: "share_bp",
  sharesNoun: "the recording's shares",
  leftOver: "of the recording is left to share out",
};

/**
 * A writer the business controls is registered with societies: CWR needs their IPI name number and the
 * society that collects their performing right.
 */
function assertControlledWriterIdentified(row: Row) {
  if (!row.controlled || (row.ipi_name_number && row.society_code)) return;
  throw restError(
    "23514",
    'new row for relation "work_writers" violates check constraint "work_writers_controlled_identified_check"',
    {
      details: "Failing check: a controlled writer has an IPI name number and a society",
      hint: "Give the writer's IPI name number and society code (079 for STIM), or mark them not controlled.",
    },
  );
}

const writerShareCap = shareCapHooks(WORK_WRITERS);

const workWriterHooks: TableHooks = {
  async beforeInsert(ctx, values) {
    assertControlledWriterIdentified(values);
    return writerShareCap.beforeInsert(ctx, values);
  },
  async beforeUpdate(ctx, changes, before) {
    assertControlledWriterIdentified({ ...before, ...changes });
    return writerShareCap.beforeUpdate(ctx, changes, before);
  },
};

/** A payee is one party of the CRM at most: a contact or a company, not both. */
function assertOneParty(row: Row) {
  if (!row.contact_id || !row.company_id) return;
  throw restError(
    "23514",
    'new row for relation "royalty_payees" violates check constraint "royalty_payees_one_party"',
    { details: "Failing check: a payee is a contact or a company, not both" },
  );
}

/** The royalty catalogue's rules for the data API, registered by the composition root. */
export const royaltyTableHooks = {
  works: {
    async beforeInsert(ctx, values) {
      return { ...values, submitter_work_id: await takeSubmitterWorkId(ctx.trx) };
    },
  },
  work_writers: workWriterHooks,
  work_split_sheets: splitSheetLinkHooks,
  recording_payees: shareCapHooks(RECORDING_PAYEES),
  royalty_payees: {
    beforeInsert(_ctx, values) {
      assertOneParty(values);
      return values;
    },
    beforeUpdate(_ctx, changes, before) {
      assertOneParty({ ...before, ...changes });
      return changes;
    },
  },
} satisfies TableHooksByTable;
