import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DocumentCard } from "@/features/legal/components/document-card";
import { listedDocument } from "@/features/legal/test/legal-fixtures";
import { renderWithProviders } from "@/test/render";

const signers = [
  { name: "Nova Lind", email: "nova@example.com", role: "signer" as const, status: "signed" as const },
  { name: "Omar Haddad", email: "omar@example.com", role: "signer" as const, status: "pending" as const },
];

describe("DocumentCard", () => {
  it("lets a draft be viewed, edited, shared and deleted, without signatures or downloads when nothing is rendered", () => {
    const document = listedDocument({ status: "draft" });
    renderWithProviders(<DocumentCard document={document} />);
    expect(screen.getByText("Draft")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View" })).toHaveAttribute("href", `/app/legal/${document.id}`);
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      `/app/legal/${document.id}?edit=1`,
    );
    expect(screen.getByRole("button", { name: "Share" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete" })).toBeVisible();
    expect(screen.queryByText(/Signatures/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download PDF" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download DOCX" })).not.toBeInTheDocument();
  });

  it("shares the internal link with a visible confirmation, and says how signers get theirs", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const document = listedDocument({ status: "awaiting_signatures", parties: signers });
    renderWithProviders(<DocumentCard document={document} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText(/Signers get their own single-use link by e-mail/)).toBeVisible();
    await user.click(screen.getByRole("menuitem", { name: "Copy internal link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/app/legal/${document.id}`);
    expect(await screen.findByText("Internal link copied")).toBeVisible();
  });

  it("hides Edit and Delete and counts signatures once a document is sent", () => {
    renderWithProviders(
      <DocumentCard
        document={listedDocument({
          status: "awaiting_signatures",
          parties: signers,
          rendered_pdf_url: "/storage/v1/object/documents/x.pdf",
        })}
      />,
    );
    expect(screen.getByText("Awaiting Signatures")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(screen.getByTestId("signatures-indicator")).toHaveTextContent("Signatures: 1 of 2 signed");
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download DOCX" })).not.toBeInTheDocument();
  });

  it("offers both downloads when both files are rendered", () => {
    renderWithProviders(
      <DocumentCard
        document={listedDocument({
          status: "fully_signed",
          rendered_pdf_url: "/x.pdf",
          rendered_docx_url: "/x.docx",
          signed_pdf_url: "/signed.pdf",
        })}
      />,
    );
    expect(screen.getByText("Fully Signed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download DOCX" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeInTheDocument();
  });

  it.each([
    ["partially_signed", "Partially Signed"],
    ["void", "Void"],
  ] as const)("labels %s as %s with the Signatures indicator", (status, label) => {
    renderWithProviders(<DocumentCard document={listedDocument({ status })} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByTestId("signatures-indicator")).toBeInTheDocument();
  });

  it("marks a document held when a stored file failed its integrity check", () => {
    const failure = {
      at: "2026-11-26T10:00:00Z",
      action: "integrity_failed" as const,
      actor_id: null,
      actor: null,
      ip: null,
      user_agent: null,
      detail: {},
    };
    const held = renderWithProviders(
      <DocumentCard
        document={listedDocument({ status: "partially_signed", parties: signers, audit: [failure] })}
      />,
    );
    expect(screen.getByText("Held: its stored PDF failed the integrity check")).toBeVisible();
    held.unmount();
    renderWithProviders(
      <DocumentCard document={listedDocument({ status: "partially_signed", parties: signers, audit: [] })} />,
    );
    expect(screen.queryByText(/Held/)).not.toBeInTheDocument();
  });
});
