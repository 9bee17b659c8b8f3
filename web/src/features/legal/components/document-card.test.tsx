import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DocumentCard } from "@/features/legal/components/document-card";
import { type LegalDocument, SAMPLE_DOCUMENTS } from "@/features/legal/data/sample-legal";
import { renderWithProviders } from "@/test/render";

const base = SAMPLE_DOCUMENTS[0] as LegalDocument;
const doc = (overrides: Partial<LegalDocument>): LegalDocument => ({ ...base, ...overrides });

describe("DocumentCard", () => {
  it("lets a draft be edited, without signatures or downloads when nothing is rendered", () => {
    renderWithProviders(<DocumentCard document={doc({ status: "draft" })} />);
    expect(screen.getByText("Draft")).toBeInTheDocument();
    for (const name of ["View", "Edit", "Share", "Delete"]) {
      expect(
        screen.getByRole(name === "View" || name === "Edit" ? "link" : "button", { name }),
      ).toBeVisible();
    }
    expect(screen.queryByText(/Signatures/)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Download PDF" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Download DOCX" })).not.toBeInTheDocument();
  });

  it("hides Edit and shows the Signatures indicator once a document is sent", () => {
    renderWithProviders(
      <DocumentCard
        document={doc({ status: "awaiting_signatures", rendered_pdf_url: "/x.pdf", rendered_docx_url: null })}
      />,
    );
    expect(screen.getByText("Awaiting Signatures")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.getByTestId("signatures-indicator")).toHaveTextContent("Signatures");
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", "/x.pdf");
    expect(screen.queryByRole("link", { name: "Download DOCX" })).not.toBeInTheDocument();
  });

  it("offers both downloads when both files are rendered", () => {
    renderWithProviders(
      <DocumentCard
        document={doc({ status: "fully_signed", rendered_pdf_url: "/x.pdf", rendered_docx_url: "/x.docx" })}
      />,
    );
    expect(screen.getByText("Fully Signed")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download DOCX" })).toHaveAttribute("href", "/x.docx");
    expect(screen.getByRole("link", { name: "Download PDF" })).toBeInTheDocument();
  });

  it.each([
    ["partially_signed", "Partially Signed"],
    ["void", "Void"],
  ] as const)("labels %s as %s with the Signatures indicator", (status, label) => {
    renderWithProviders(<DocumentCard document={doc({ status })} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByTestId("signatures-indicator")).toBeInTheDocument();
  });
});
