import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SessionsPage } from "@/features/crm/routes/sessions-page";
import { TalentMatchingPage } from "@/features/crm/routes/talent-matching-page";
import { renderWithProviders } from "@/test/render";

describe("CRM screens", () => {
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
