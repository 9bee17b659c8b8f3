import { describe, expect, it } from "vitest";
import { DOCUMENT_STATUSES } from "@/features/legal/data/sample-legal";
import { getDocumentActions } from "@/features/legal/utils/document-actions";

const unrendered = { rendered_pdf_url: null, rendered_docx_url: null };

describe("getDocumentActions", () => {
  it("allows Edit for drafts only", () => {
    for (const status of DOCUMENT_STATUSES) {
      expect(getDocumentActions({ status, ...unrendered }).canEdit, status).toBe(status === "draft");
    }
  });

  it("shows the Signatures indicator for every status but draft", () => {
    for (const status of DOCUMENT_STATUSES) {
      expect(getDocumentActions({ status, ...unrendered }).showsSignatures, status).toBe(status !== "draft");
    }
  });

  it("offers each download only when that rendered file exists", () => {
    expect(getDocumentActions({ status: "fully_signed", ...unrendered })).toMatchObject({
      canDownloadPdf: false,
      canDownloadDocx: false,
    });
    expect(
      getDocumentActions({ status: "fully_signed", rendered_pdf_url: "/a.pdf", rendered_docx_url: null }),
    ).toMatchObject({ canDownloadPdf: true, canDownloadDocx: false });
    expect(
      getDocumentActions({ status: "draft", rendered_pdf_url: null, rendered_docx_url: "/a.docx" }),
    ).toMatchObject({ canDownloadPdf: false, canDownloadDocx: true });
  });
});
