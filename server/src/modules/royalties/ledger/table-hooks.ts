import { AppError } from "../../../http/app-error";
import { restError } from "../../../http/rest-error";
import type { Row, TableHooksByTable } from "../../../rest/table-hooks";
import { assertSourceMapping } from "./source-mapping";

/** A period's days run forwards: its first day is on or before its last. */
function assertPeriodDays(row: Row) {
  if (String(row.starts_on) <= String(row.ends_on)) return;
  throw restError(
    "23514",
    'new row for relation "royalty_periods" violates check constraint "royalty_periods_dates"',
    { details: "Failing check: starts_on is on or before ends_on" },
  );
}

export const closedPeriodRefusal = (what: string) =>
  new AppError("royalty_period_closed", `${what}: the period is closed`, {
    details: "A closed period never changes; a correction goes into a later period",
  });

/**
 * An advance a closed period counted is part of that period's statements, so it never changes: a mistake
 * in it is corrected by what the next period counts. (Its counting period is a column that is set, not a
 * state among others, so the check is here rather than a table's frozen states.)
 */
function refuseCountedAdvance(before: Row, verb: "update" | "delete") {
  if (before.counted_in_period_id == null) return;
  throw closedPeriodRefusal(
    verb === "delete" ? "The advance cannot be deleted" : "The advance cannot be changed",
  );
}

/** The royalty ledger's rules for the data API. */
export const royaltyLedgerTableHooks = {
  royalty_sources: {
    beforeInsert(_ctx, values) {
      assertSourceMapping(values);
      return values;
    },
    beforeUpdate(_ctx, changes, before) {
      if ("mapping" in changes || "mapping_key" in changes) assertSourceMapping({ ...before, ...changes });
      return changes;
    },
  },
  royalty_advances: {
    beforeUpdate(_ctx, changes, before) {
      refuseCountedAdvance(before, "update");
      return changes;
    },
    beforeDelete(_ctx, before) {
      refuseCountedAdvance(before, "delete");
    },
  },
  royalty_periods: {
    frozen: {
      column: "status",
      states: ["closed"],
      refusal: (verb) =>
        closedPeriodRefusal(
          verb === "delete" ? "The period cannot be deleted" : "The period cannot be changed",
        ),
    },
    beforeInsert(_ctx, values) {
      assertPeriodDays(values);
      return values;
    },
    beforeUpdate(_ctx, changes, before) {
      if ("starts_on" in changes || "ends_on" in changes) assertPeriodDays({ ...before, ...changes });
      return changes;
    },
  },
} satisfies TableHooksByTable;
