import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BriefsPage } from "@/features/crm/routes/briefs-page";
import { CompaniesPage } from "@/features/crm/routes/companies-page";
import { CrmDashboardPage } from "@/features/crm/routes/crm-dashboard-page";
import { SessionsPage } from "@/features/crm/routes/sessions-page";
import { TalentMatchingPage } from "@/features/crm/routes/talent-matching-page";
import { renderWithProviders } from "@/test/render";

describe("CRM screens", () => {
  it("A&R Dashboard: metrics in SEK, nurture queue, next 7 days and quick actions", () => {
    renderWithProviders(<CrmDashboardPage />);
    for (const label of [
      "Matches Made",
      "Sessions Booked",
      "Active Briefs",
      "New Releases",
      "Contracts Signed",
      "Royalty Accrual",
    ]) {
      expect(screen.getByRole("heading", { name: label })).toBeInTheDocument();
    }
    expect(screen.getByText(/SEK/)).toHaveTextContent(/SEK\s86,500/);
    const nurture = screen.getByRole("heading", { name: "Nurture Queue" }).closest("div")?.parentElement;
    expect(nurture).toHaveTextContent("Astrid Nyström");
    expect(nurture).toHaveTextContent("Last activity 2 months ago");
    expect(nurture).not.toHaveTextContent("Linnea Ek");
    const upcoming = screen.getByRole("heading", { name: "Upcoming Sessions" }).closest("div")?.parentElement;
    expect(upcoming).toHaveTextContent("in 1 day");
    expect(upcoming).not.toHaveTextContent("Vocal comp");
    for (const action of ["Add Talent", "Create Brief", "Book Session"]) {
      expect(screen.getByRole("link", { name: action })).toBeInTheDocument();
    }
    expect(screen.getByRole("button", { name: /Link .* Song/ })).toBeInTheDocument();
  });

  it("Creative Briefs: five empty columns with count 0, a search box and New Brief", () => {
    renderWithProviders(<BriefsPage />);
    const columns = ["Draft", "Sourcing", "In Session", "In Review", "Shipped"];
    for (const column of columns) {
      const region = screen.getByRole("region", { name: new RegExp(`^${column}`) });
      expect(within(region).getByText("0")).toBeInTheDocument();
    }
    expect(screen.getByRole("searchbox", { name: "Search briefs" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New Brief" })).toBeInTheDocument();
  });

  it("Companies: 'No Companies Found' with Add Company", () => {
    renderWithProviders(<CompaniesPage />);
    expect(screen.getByRole("heading", { name: "No Companies Found" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Company" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New Company" })).toBeInTheDocument();
  });

  it("Sessions: Calendar disabled (coming soon), List with 'No Sessions Found'", () => {
    renderWithProviders(<SessionsPage />);
    expect(screen.getByRole("tab", { name: /Calendar/ })).toBeDisabled();
    expect(screen.getByRole("tab", { name: /coming soon/ })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "List" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { name: "No Sessions Found" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Book Session" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New Session" })).toBeInTheDocument();
  });

  it("Talent Matching: empty Available Talent and Selected Team, Create Session", () => {
    renderWithProviders(<TalentMatchingPage />);
    expect(screen.getByRole("heading", { name: "Available Talent" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Selected Team" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No Available Talent" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No team members selected" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Session" })).toBeInTheDocument();
  });
});
