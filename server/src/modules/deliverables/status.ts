import { DELIVERABLE_STATUS_LABELS, DELIVERABLE_TRANSITIONS, type DeliverableStatus } from "@app/contracts";
import { AppError } from "../../http/app-error";

/** Refuses (409, nothing changed) a move the deliverable's lifecycle table does not list. */
export function assertTransition(from: DeliverableStatus, to: DeliverableStatus) {
  if (DELIVERABLE_TRANSITIONS[from].includes(to)) return;
  throw new AppError(
    "invalid_state",
    `A ${DELIVERABLE_STATUS_LABELS[from]} deliverable cannot become ${DELIVERABLE_STATUS_LABELS[to]}`,
    { details: `status is ${from}` },
  );
}

export const notFound = (table: string, id: string) =>
  new AppError("PGRST116", `No ${table} row with id ${id}`, { status: 404 });
