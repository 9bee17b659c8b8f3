import { AppError } from "../../http/app-error";
import type { TableHooksByTable } from "../../rest/table-hooks";
import { timelineHooks } from "../crm/timeline";

/**
 * The deliverables' rules for the data API: every change on the timeline, and an approved deliverable
 * frozen, as the client approved it. Its status and its versions move only through the RPCs.
 */
export const deliverableTableHooks = {
  deliverables: {
    ...timelineHooks("deliverables", { stateField: "status" }),
    frozen: {
      column: "status",
      states: ["approved"],
      refusal: (verb) =>
        new AppError(
          "invalid_state",
          `An approved deliverable cannot be ${verb === "delete" ? "deleted" : "changed"}: the client approved it as it is`,
          { details: "status is approved" },
        ),
    },
  },
} satisfies TableHooksByTable;
