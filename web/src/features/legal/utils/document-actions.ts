import type { LegalDocument } from "@/features/legal/data/sample-legal";

export type DocumentActions = {
  canEdit: boolean;
  canDownloadPdf: boolean;
  canDownloadDocx: boolean;
  showsSignatures: boolean;
};

/** Spec §2/§4: only drafts are editable; downloads need a rendered file; signatures matter once sent. */
export function getDocumentActions(
  document: Pick<LegalDocument, "status" | "rendered_pdf_url" | "rendered_docx_url">,
): DocumentActions {
  return {
    canEdit: document.status === "draft",
    canDownloadPdf: Boolean(document.rendered_pdf_url),
    canDownloadDocx: Boolean(document.rendered_docx_url),
    showsSignatures: document.status !== "draft",
  };
}

export function countSignatures(document: Pick<LegalDocument, "audit">): number {
  return document.audit.filter((entry) => entry.action === "signed").length;
}
