import {
  PROJECT_START_STATUSES,
  PROJECT_STATUS_LABELS,
  PROJECT_TRANSITIONS,
  type ProjectStatus,
} from "@app/contracts";
import { AppError } from "../../http/app-error";

/** Refuses (409, nothing written) a move the project lifecycle does not list. */
export function assertProjectTransition(from: ProjectStatus, to: ProjectStatus) {
  if (from === to || PROJECT_TRANSITIONS[from].includes(to)) return;
  const allowed = PROJECT_TRANSITIONS[from].map((s) => PROJECT_STATUS_LABELS[s]).join(" or ");
  throw new AppError(
    "invalid_state",
    `A ${PROJECT_STATUS_LABELS[from]} project cannot become ${PROJECT_STATUS_LABELS[to]}`,
    {
      details: `status is ${from}`,
      hint: allowed ? `It can become ${allowed}.` : "A closed or cancelled project stays so.",
    },
  );
}

/** A new project starts as a lead or as work under way; later states are reached by moving it. */
export function assertStartStatus(status: ProjectStatus) {
  if (PROJECT_START_STATUSES.includes(status)) return;
  throw new AppError("invalid_state", `A project cannot be created as ${PROJECT_STATUS_LABELS[status]}`, {
    details: `status is ${status}`,
    hint: "Create it as Lead or Active, then move it on.",
  });
}
