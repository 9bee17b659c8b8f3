import type { LegalDocument } from "@/features/legal/api/legal-types";

export type DocumentActions = {
  canEdit: boolean;
  canDelete: boolean;
  canDownloadPdf: boolean;
  canDownloadDocx: boolean;
  showsSignatures: boolean;
};

/** Only drafts are edited or deleted; downloads need a rendered file; signatures matter once sent. */
export function getDocumentActions(
  document: Pick<LegalDocument, "status" | "rendered_pdf_url" | "rendered_docx_url">,
): DocumentActions {
  const isDraft = document.status === "draft";
  return {
    canEdit: isDraft,
    canDelete: isDraft,
    canDownloadPdf: Boolean(document.rendered_pdf_url),
    canDownloadDocx: Boolean(document.rendered_docx_url),
    showsSignatures: !isDraft,
  };
}

/** Why a document that is not a draft cannot be edited, in the screen's words. */
export const EDIT_REFUSED_REASON =
  "Only drafts can be edited: this document has been sent, so its text is frozen.";

/** How many of the document's signers have signed, out of how many. */
export function countSignatures(document: Pick<LegalDocument, "parties">) {
  const signers = document.parties.filter((party) => party.role === "signer");
  return { signed: signers.filter((party) => party.status === "signed").length, total: signers.length };
}

/**
 * The PDF to hand out: the signed one (the document plus its audit certificate) once every signer has
 * signed, else the one rendered or sent.
 */
export function pdfUrlOf(document: Pick<LegalDocument, "rendered_pdf_url" | "signed_pdf_url">) {
  return document.signed_pdf_url ?? document.rendered_pdf_url;
}
