import {
  LEGAL_DOCUMENT_STATUS_LABELS,
  LEGAL_DOCUMENT_TRANSITIONS,
  type LegalDocumentStatus,
} from "@app/contracts";
import { AppError } from "../../http/app-error";

/** Refuses (409, nothing changed) a move the lifecycle table does not list. */
export function assertTransition(from: LegalDocumentStatus, to: LegalDocumentStatus) {
  if (LEGAL_DOCUMENT_TRANSITIONS[from].includes(to)) return;
  throw new AppError(
    "invalid_state",
    `A ${LEGAL_DOCUMENT_STATUS_LABELS[from]} document cannot become ${LEGAL_DOCUMENT_STATUS_LABELS[to]}`,
    { details: `status is ${from}` },
  );
}

/** The refusal of a change to a document that is no longer a draft. */
export const notADraft = (status: LegalDocumentStatus, what: string) =>
  new AppError(
    "invalid_state",
    `Only drafts may be ${what}; this document is ${LEGAL_DOCUMENT_STATUS_LABELS[status]}`,
    {
      details: `status is ${status}`,
      hint: "Void it and create a new document to change its content.",
    },
  );

/** Only a draft's content may change. */
export function assertDraft(status: LegalDocumentStatus, what: string) {
  if (status !== "draft") throw notADraft(status, what);
}

export const notFound = (id: string) =>
  new AppError("PGRST116", `No legal_documents row with id ${id}`, { status: 404 });

export const invalid = (message: string, problems: string[]) =>
  new AppError("23514", message, { details: problems.join("; ") });

/** Another request changed the document while this one worked on it: nothing was written. */
export const changedMeanwhile = () =>
  new AppError("invalid_state", "The document changed while this request was working on it; try again");
