import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
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

  describe("creating an invoice from the project", () => {
    const RPC = "/rest/v1/rpc/invoice_from_project";
    const renderPage = () =>
      renderWithProviders(
        <Routes>
          <Route path="/app/projects/:id" element={<ProjectInvoices projectId={PROJECT} />} />
          <Route path="/app/invoices/:id" element={<h1>Draft page</h1>} />
        </Routes>,
        { route: `/app/projects/${PROJECT}` },
      );

    it("asks the server for the draft and opens it", async () => {
      const { requests } = stubFetch((request) =>
        request.url.includes(RPC) ? jsonResponse({ id: "draft-9", status: "draft" }) : jsonResponse([]),
      );
      renderPage();
      await userEvent.setup().click(await screen.findByRole("button", { name: "Create invoice" }));
      expect(await screen.findByRole("heading", { name: "Draft page" })).toBeInTheDocument();
      expect(await screen.findByText("Draft invoice created")).toBeInTheDocument();
      const call = requests.find((request) => request.url.includes(RPC));
      expect(call?.method).toBe("POST");
      expect(call?.body).toEqual({ project_id: PROJECT });
    });

    it("stays on the project and shows the server's reason when there is nothing to invoice", async () => {
      stubFetch((request) =>
        request.url.includes(RPC)
          ? jsonResponse(
              { code: "55000", message: "The project has no reached milestone left to invoice" },
              409,
            )
          : jsonResponse([]),
      );
      renderPage();
      await userEvent.setup().click(await screen.findByRole("button", { name: "Create invoice" }));
      expect(await screen.findByText("Could not create the invoice")).toBeInTheDocument();
      expect(screen.getByText(/no reached milestone left to invoice/)).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Draft page" })).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Create invoice" })).toBeEnabled();
    });
  });
});
