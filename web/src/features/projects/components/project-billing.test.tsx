import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProjectDeliverables, ProjectInvoices } from "@/features/projects/components/project-billing";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

const PROJECT = "00000000-0000-4000-8000-0000000000aa";

describe("a project's deliverables and invoices", () => {
  it("lists the project's deliverables with their approval state", async () => {
    const { requests } = stubFetch(() =>
      jsonResponse([{ id: "d1", title: "Master WAV", status: "changes_requested", due_date: "2026-12-03" }]),
    );
    renderWithProviders(<ProjectDeliverables projectId={PROJECT} />);
    expect(await screen.findByText("Master WAV")).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent(/Changes requested/i);
    expect(requests[0]?.url).toContain(`project_id=eq.${PROJECT}`);
  });

  it("names issued invoices by series and number, drafts as drafts, each linking to its invoice", async () => {
    stubFetch(() =>
      jsonResponse([
        {
          id: "i2",
          series: "A",
          number: null,
          kind: "invoice",
          status: "draft",
          total_ore: 0,
          due_date: null,
        },
        {
          id: "i1",
          series: "A",
          number: 7,
          kind: "invoice",
          status: "partially_paid",
          total_ore: 1_562_500,
          due_date: "2026-12-24",
        },
      ]),
    );
    renderWithProviders(<ProjectInvoices projectId={PROJECT} />);
    expect(await screen.findByRole("link", { name: "Invoice A7" })).toHaveAttribute(
      "href",
      "/app/invoices/i1",
    );
    expect(screen.getByRole("link", { name: "Draft invoice" })).toHaveAttribute("href", "/app/invoices/i2");
    expect(screen.getAllByRole("listitem")[1]).toHaveTextContent(/SEK\s15,625 · partially paid/);
  });
});
