import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

// The stat card's heading (the first one: "Open Approvals" is also a list's heading).
const figure = (label: string) =>
  screen.getAllByRole("heading", { name: label })[0]?.parentElement?.nextElementSibling;

describe("DashboardPage", () => {
  it("computes the Pipeline Snapshot and Pipeline Value from the deals, and a dash for what is not tracked yet", async () => {
    const { requests } = stubFetch((request) =>
      request.url.startsWith("/rest/v1/crm_deals")
        ? jsonResponse([
            { stage: "prospect", value_sek: 45_000 },
            { stage: "prospect", value_sek: 30_000 },
            { stage: "won", value_sek: 85_000 },
            { stage: "lost", value_sek: 50_000 },
          ])
        : request.url.startsWith("/rest/v1/projects")
          ? new Response("[]", { status: 200, headers: { "content-range": "*/3" } })
          : jsonResponse([]),
    );
    renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(figure("Pipeline Value")).toHaveTextContent(/^SEK\s160,000$/));
    expect(figure("Today's Sessions")).toHaveTextContent(/^0$/);
    expect(figure("Open Approvals")).toHaveTextContent(/^—$/);
    expect(figure("Open Approvals")?.nextElementSibling).toHaveTextContent(/^Not tracked yet/);
    await waitFor(() => expect(figure("Active Projects")).toHaveTextContent(/^3$/));
    expect(screen.getByRole("link", { name: "3 Active Projects" })).toHaveAttribute(
      "href",
      "/app/projects?status=active",
    );
    expect(requests.map((r) => r.url)).toContain("/rest/v1/projects?select=id&status=eq.active&limit=0");
    expect(screen.getByRole("row", { name: /^prospect 2 SEK\s75,000$/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /^negotiation 0 SEK\s0$/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /^won 1 SEK\s85,000$/ })).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /^lost/ })).not.toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContain("/rest/v1/crm_deals?select=stage%2Cvalue_sek&limit=500");
    expect(screen.getByText("Nothing scheduled today.")).toBeInTheDocument();
    expect(screen.getByText(/client approvals come with deliverables/)).toBeInTheDocument();
    expect(screen.getByText(/tasks come with projects and deliverables/)).toBeInTheDocument();
  });

  it("counts and lists today's sessions, Stockholm's today, not cancelled", async () => {
    const { requests } = stubFetch((request) => {
      if (request.url.startsWith("/rest/v1/studio_sessions")) {
        return jsonResponse([
          {
            id: "s1",
            title: "Vocal session",
            starts_at: "2026-12-01T09:00:00.000Z",
            ends_at: "2026-12-01T11:00:00.000Z",
            status: "confirmed",
            room_id: "r1",
          },
        ]);
      }
      if (request.url.startsWith("/rest/v1/studio_rooms"))
        return jsonResponse([{ id: "r1", name: "Studio A" }]);
      return jsonResponse([]);
    });
    renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(figure("Today's Sessions")).toHaveTextContent(/^1$/));
    const today = screen.getByRole("list", { name: "Today's sessions" });
    expect(today).toHaveTextContent("Vocal session");
    expect(today).toHaveTextContent("10:00–12:00 · Studio A");
    const asked = new URL(
      requests.find((r) => r.url.startsWith("/rest/v1/studio_sessions"))?.url ?? "",
      "http://localhost",
    ).searchParams;
    expect(asked.get("status")).toBe("neq.cancelled");
    // A Stockholm day is 23 to 25 hours between two Stockholm midnights.
    const from = Date.parse(asked.get("ends_at")?.slice(3) ?? "");
    const to = Date.parse(asked.get("starts_at")?.slice(3) ?? "");
    expect((to - from) / 3_600_000).toBeGreaterThanOrEqual(23);
    expect((to - from) / 3_600_000).toBeLessThanOrEqual(25);
  });
});
