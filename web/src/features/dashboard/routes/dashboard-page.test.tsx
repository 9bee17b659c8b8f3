import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";
import { renderWithProviders } from "@/test/render";

describe("DashboardPage", () => {
  it("shows the four cards, three lists and the pipeline snapshot in SEK", () => {
    renderWithProviders(<DashboardPage />);
    for (const heading of [
      "Today's Sessions",
      "Open Approvals",
      "Active Projects",
      "Pipeline Value",
      "Today",
      "My Tasks",
      "Pipeline Snapshot",
    ]) {
      expect(screen.getAllByRole("heading", { name: heading }).length).toBeGreaterThan(0);
    }
    // The formatter puts a no-break space after the code.
    expect(screen.getByText(/^SEK\s1,475,000$/)).toBeInTheDocument();
    for (const priority of ["high", "medium", "low"]) expect(screen.getByText(priority)).toBeInTheDocument();
    for (const stage of ["prospect", "negotiation", "contract", "won"]) {
      expect(screen.getByRole("row", { name: new RegExp(`^${stage}`) })).toBeInTheDocument();
    }
    expect(screen.getByText(/^SEK\s420,000$/)).toBeInTheDocument();
    expect(screen.getAllByText(/^in \d+ hours?/).length).toBeGreaterThan(0);
  });
});
