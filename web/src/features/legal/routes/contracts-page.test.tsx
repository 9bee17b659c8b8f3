import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ContractsPage } from "@/features/legal/routes/contracts-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderBackOffice } from "@/test/render-back-office";

const PROJECT = "00000000-0000-4000-8000-0000000000aa";
const OTHER = "00000000-0000-4000-8000-0000000000bb";
const signer = (name: string) => ({ name, email: `${name.split(" ")[0]}@example.se`, role: "signer" });

const DOCUMENTS = [
  {
    id: "producer",
    title: "Producer Agreement",
    parties: [signer("Elias Lund")],
    audit: [],
    updated_at: "2026-11-20T10:00:00Z",
  },
  {
    id: "nda",
    title: "NDA",
    parties: [signer("Nordljus AB")],
    audit: [],
    updated_at: "2026-11-01T10:00:00Z",
  },
];
const PROJECTS = [
  { id: PROJECT, code: "P-2026-004", title: "Velvet Arc single", legal_document_id: "producer" },
  { id: OTHER, code: "P-2026-007", title: "Nordljus sync", legal_document_id: "nda" },
];
const INVOICES = [
  { id: "inv-1", series: "A", number: 12, kind: "invoice", project_id: PROJECT },
  { id: "inv-2", series: "A", number: null, kind: "invoice", project_id: PROJECT },
];

function stubContracts(tables: { documents?: unknown[]; status?: number } = {}) {
  return stubFetch((request) => {
    if (request.url.startsWith("/rest/v1/legal_documents"))
      return tables.status
        ? jsonResponse({ code: "XX000", message: "down", details: null, hint: null }, tables.status)
        : jsonResponse(tables.documents ?? DOCUMENTS);
    if (request.url.startsWith("/rest/v1/projects")) return jsonResponse(PROJECTS);
    if (request.url.startsWith("/rest/v1/invoices")) return jsonResponse(INVOICES);
    return jsonResponse([]);
  });
}

describe("the contracts screen", () => {
  it("links each contract to its projects and their invoices, reading each table once", async () => {
    const { requests } = stubContracts();
    renderBackOffice(<ContractsPage />, { route: "/app/contracts" });
    const table = await screen.findByRole("table", { name: "Contracts" });
    const projects = within(table).getByRole("list", { name: "Projects of Producer Agreement" });
    expect(within(projects).getByRole("link", { name: /P-2026-004/ })).toHaveAttribute(
      "href",
      `/app/projects/${PROJECT}`,
    );
    const invoices = within(table).getByRole("list", { name: "Invoices of Producer Agreement" });
    expect(within(invoices).getByRole("link", { name: "A12" })).toHaveAttribute(
      "href",
      "/app/invoices/inv-1",
    );
    expect(within(invoices).getByRole("link", { name: "Draft" })).toHaveAttribute(
      "href",
      "/app/invoices/inv-2",
    );
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("None");

    const urls = requests.map((r) => decodeURIComponent(r.url));
    expect(urls.filter((u) => u.startsWith("/rest/v1/legal_documents"))).toHaveLength(1);
    expect(urls.filter((u) => u.startsWith("/rest/v1/projects"))).toEqual([
      expect.stringContaining("legal_document_id=in.(producer,nda)"),
    ]);
    expect(urls.filter((u) => u.startsWith("/rest/v1/invoices"))).toEqual([
      expect.stringContaining(`project_id=in.(${PROJECT},${OTHER})`),
    ]);
  });

  it("filters by project and by counterparty", async () => {
    stubContracts();
    renderBackOffice(<ContractsPage />, { route: "/app/contracts" });
    const table = await screen.findByRole("table", { name: "Contracts" });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Project"), "P-2026-007 · Nordljus sync");
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).getByRole("link", { name: "NDA" })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Project"), "All projects");
    await user.selectOptions(screen.getByLabelText("Counterparty"), "Elias Lund");
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).getByRole("link", { name: "Producer Agreement" })).toBeInTheDocument();
  });

  it("says when nothing is signed yet, without asking for projects or invoices", async () => {
    const { requests } = stubContracts({ documents: [] });
    renderBackOffice(<ContractsPage />, { route: "/app/contracts" });
    expect(await screen.findByRole("heading", { name: "No signed contracts yet" })).toBeInTheDocument();
    expect(requests.map((r) => r.url).filter((u) => !u.startsWith("/rest/v1/legal_documents"))).toEqual([]);
  });

  it("shows a failed read with a way to try again", async () => {
    stubContracts({ status: 503 });
    renderBackOffice(<ContractsPage />, { route: "/app/contracts" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load the contracts.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
