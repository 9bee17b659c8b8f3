import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TalentPage } from "@/features/crm/routes/talent-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

const talent = {
  id: "11111111-1111-4111-8111-111111111111",
  first_name: "Nova",
  last_name: "Lind",
  stage_name: "NOVA",
  roles: ["Vocalist", "Songwriter", "Topliner"],
  genres: ["Pop"],
  languages: ["Swedish"],
  location: "Stockholm",
  email: null,
  reliability_score: 9,
  strengths: {},
  notes: null,
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-01T00:00:00Z",
};

describe("TalentPage", () => {
  it("lists talent from crm_contacts with the total from Content-Range", async () => {
    const { requests } = stubFetch(
      () =>
        new Response(JSON.stringify([talent]), {
          headers: { "content-type": "application/json", "content-range": "0-0/64" },
        }),
    );
    renderWithProviders(<TalentPage />);
    expect(await screen.findByText("Showing 1 of 64 talents")).toBeInTheDocument();
    const row = screen.getByRole("row", { name: /Nova Lind/ });
    expect(within(row).getByRole("link", { name: "Nova Lind" })).toHaveAttribute(
      "href",
      `/app/portfolio/${talent.id}`,
    );
    expect(within(row).getByRole("list", { name: "roles" })).toHaveTextContent(
      "VocalistSongwriter+11 more roles",
    );
    expect(within(row).getByText("9/10")).toBeInTheDocument();
    expect(requests[0]?.url).toBe("/rest/v1/crm_contacts?kind=eq.talent&limit=50");
    expect(requests[0]?.headers.get("prefer")).toBe("count=exact");
  });

  it("shows 'No Talent Found' with Add Talent when there is none", async () => {
    stubFetch(() => jsonResponse([]));
    renderWithProviders(<TalentPage />);
    expect(await screen.findByRole("heading", { name: "No Talent Found" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Add Talent" })).toHaveLength(2);
  });

  it("toasts 'Failed to load talent list' and shows the fetch error when the read fails", async () => {
    stubFetch(() => jsonResponse({ code: "42501", message: "denied", details: null, hint: null }, 403));
    renderWithProviders(<TalentPage />);
    expect(await screen.findByText("Failed to load talent list")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to fetch talent");
    expect(screen.getByRole("heading", { name: "No Talent Found" })).toBeInTheDocument();
  });

  it("treats a network failure the same way", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    renderWithProviders(<TalentPage />);
    expect(await screen.findByText("Failed to load talent list")).toBeInTheDocument();
  });
});
