import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

// The stat card's heading (the first one: "Open Approvals" is also a list's heading).
const figure = (label: string) =>
  screen.getAllByRole("heading", { name: label })[0]?.parentElement?.nextElementSibling;

describe("DashboardPage", () => {
  it("computes the Pipeline Snapshot and Pipeline Value from the deals, and 0 for what is not tracked yet", async () => {
    const { requests } = stubFetch(() =>
      jsonResponse([
        { stage: "prospect", value_sek: 45_000 },
        { stage: "prospect", value_sek: 30_000 },
        { stage: "won", value_sek: 85_000 },
        { stage: "lost", value_sek: 50_000 },
      ]),
    );
    renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(figure("Pipeline Value")).toHaveTextContent(/^SEK\s160,000$/));
    for (const label of ["Today's Sessions", "Open Approvals", "Active Projects"]) {
      expect(figure(label)).toHaveTextContent(/^0$/);
    }
    expect(screen.getByRole("row", { name: /^prospect 2 SEK\s75,000$/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /^negotiation 0 SEK\s0$/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /^won 1 SEK\s85,000$/ })).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /^lost/ })).not.toBeInTheDocument();
    expect(requests[0]?.url).toBe("/rest/v1/crm_deals?select=stage%2Cvalue_sek&limit=500");
    for (const text of ["Nothing scheduled today.", "No approvals waiting.", "No tasks assigned to you."]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });
});
