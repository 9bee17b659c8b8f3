import { LEGAL_DOCUMENT_STATUSES } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { documentRow } from "@/features/legal/test/legal-fixtures";
import { countSignatures, getDocumentActions, pdfUrlOf } from "@/features/legal/utils/document-actions";

const unrendered = { rendered_pdf_url: null, rendered_docx_url: null };

describe("getDocumentActions", () => {
  it("allows Edit and Delete for drafts only", () => {
    for (const status of LEGAL_DOCUMENT_STATUSES) {
      const actions = getDocumentActions({ status, ...unrendered });
      expect(actions.canEdit, status).toBe(status === "draft");
      expect(actions.canDelete, status).toBe(status === "draft");
    }
  });

  it("shows the Signatures indicator for every status but draft", () => {
    for (const status of LEGAL_DOCUMENT_STATUSES) {
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

describe("countSignatures", () => {
  it("counts signers who signed, out of the signers (viewers do not sign)", () => {
    const document = documentRow({
      parties: [
        { name: "A", email: "a@example.com", role: "signer", status: "signed" },
        { name: "B", email: "b@example.com", role: "signer", status: "viewed" },
        { name: "C", email: "c@example.com", role: "viewer" },
      ],
    });
    expect(countSignatures(document)).toEqual({ signed: 1, total: 2 });
  });
});

describe("pdfUrlOf", () => {
  it("hands out the signed PDF once there is one", () => {
    expect(pdfUrlOf({ rendered_pdf_url: "/sent.pdf", signed_pdf_url: null })).toBe("/sent.pdf");
    expect(pdfUrlOf({ rendered_pdf_url: "/sent.pdf", signed_pdf_url: "/signed.pdf" })).toBe("/signed.pdf");
  });
});
