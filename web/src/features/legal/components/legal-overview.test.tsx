import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DocumentLibrary } from "@/features/legal/components/document-library";
import { LegalOverview } from "@/features/legal/components/legal-overview";
import { TemplateLibrary } from "@/features/legal/components/template-library";
import { CLAUSES, DOCUMENTS, TEMPLATES } from "@/features/legal/test/legal-fixtures";
import { renderWithProviders } from "@/test/render";

describe("LegalOverview", () => {
  it("shows the four stat cards and links to create each kind", () => {
    renderWithProviders(
      <LegalOverview
        figures={{ documents: 12, templates: 4, clauses: 7, awaiting: 3 }}
        documents={DOCUMENTS}
        templates={TEMPLATES}
        clauses={CLAUSES}
      />,
    );
    for (const label of ["Total Documents", "Templates", "Clauses", "Awaiting Signatures"]) {
      expect(screen.getByRole("heading", { level: 2, name: label })).toBeInTheDocument();
    }
    // The figures are the server's counts, not the lengths of the lists shown.
    for (const [label, value] of [
      ["Total Documents", "12"],
      ["Templates", "4"],
      ["Clauses", "7"],
      ["Awaiting Signatures", "3"],
    ] as const) {
      expect(
        screen.getByRole("heading", { level: 2, name: label }).closest("div")?.parentElement,
      ).toHaveTextContent(value);
    }
    expect(screen.getByRole("link", { name: "New Document" })).toHaveAttribute("href", "/app/legal/new");
    expect(screen.getByRole("link", { name: "New Template" })).toHaveAttribute(
      "href",
      "/app/legal/templates/new",
    );
    expect(screen.getByRole("link", { name: "New Clause" })).toHaveAttribute(
      "href",
      "/app/legal/clauses/new",
    );
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Recent Documents",
      "Templates",
      "Clauses",
    ]);
  });

  it("shows each tab's empty state", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LegalOverview figures={undefined} documents={[]} templates={[]} clauses={[]} />);
    expect(screen.getByText("No documents created yet")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Templates" }));
    expect(screen.getByText("No templates available yet")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Clauses" }));
    expect(screen.getByText("No clauses in library yet")).toBeInTheDocument();
  });
});

describe("TemplateLibrary", () => {
  it("offers the category chips and narrows the cards", async () => {
    const user = userEvent.setup();
    renderWithProviders(<TemplateLibrary templates={TEMPLATES} />);
    const chips = screen.getByRole("group", { name: "Category" });
    expect(chips).toHaveTextContent("AllNDAProducer AgreementSplit SheetLicenseCustom");
    await user.click(screen.getByRole("button", { name: "NDA" }));
    expect(screen.getByRole("button", { name: "NDA" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getAllByRole("article")).toHaveLength(1);
    const card = screen.getByRole("article", { name: "Mutual NDA" });
    expect([...card.querySelectorAll("a, button")].map((action) => action.textContent)).toEqual([
      "Create Document",
      "Preview",
      "Edit",
      "Duplicate",
      "Delete",
      "Use Template",
    ]);
    expect(within(card).getByRole("link", { name: "Use Template" })).toHaveAttribute(
      "href",
      `/app/legal/new?template=${TEMPLATES[0]?.id}`,
    );
    await user.click(screen.getByRole("button", { name: "Custom" }));
    expect(screen.getByText("No templates found")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search or filters")).toBeInTheDocument();
  });
});

describe("DocumentLibrary", () => {
  it("offers the status chips with their labels and narrows the cards", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DocumentLibrary documents={DOCUMENTS} />);
    expect(screen.getByRole("group", { name: "Status" })).toHaveTextContent(
      "AllDraftAwaiting SignaturesPartially SignedFully SignedVoid",
    );
    await user.click(screen.getByRole("button", { name: "Void" }));
    expect(screen.getAllByRole("article")).toHaveLength(1);
    await user.type(screen.getByRole("searchbox", { name: "Search documents" }), "zzz");
    expect(screen.getByText("No documents found")).toBeInTheDocument();
  });
});
