import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LegalDocumentsPage } from "@/features/legal/routes/legal-documents-page";
import { listedDocument } from "@/features/legal/test/legal-fixtures";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderBackOffice } from "@/test/render-back-office";

const nda = listedDocument({ title: "NDA – Nova Lind", template: { title: "Mutual NDA" } });
const unshared = listedDocument({
  id: "00000000-0000-4000-8000-000000000299",
  title: "Producer Agreement – Omar",
  template: null,
});

describe("the legal documents list", () => {
  it("reads each document's template title in the same request, and names it on the card", async () => {
    const { requests } = stubFetch((request) =>
      request.url.startsWith("/rest/v1/legal_documents") ? jsonResponse([nda, unshared]) : jsonResponse([]),
    );
    renderBackOffice(<LegalDocumentsPage />, { route: "/app/legal/documents" });
    const card = (await screen.findByRole("heading", { name: "NDA – Nova Lind" })).closest("article");
    expect(within(card as HTMLElement).getByText(/^From Mutual NDA ·/)).toBeInTheDocument();
    // A template the reader cannot see embeds as null: the card names none.
    const other = screen.getByRole("heading", { name: "Producer Agreement – Omar" }).closest("article");
    expect(within(other as HTMLElement).queryByText(/^From /)).not.toBeInTheDocument();

    const reads = requests.map((r) => new URL(r.url, "http://app.test"));
    const documents = reads.filter((url) => url.pathname === "/rest/v1/legal_documents");
    expect(documents).toHaveLength(1);
    expect(documents[0]?.searchParams.get("select")).toBe("*,template:legal_templates(title)");
    expect(reads.filter((url) => url.pathname === "/rest/v1/legal_templates")).toEqual([]);
  });
});
