import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";
import { renderBackOffice, STAFF_USER } from "@/test/render-back-office";

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
    expect(figure("Open Approvals")).toHaveTextContent(/^0$/);
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
    expect(screen.getByText("No version is waiting for a client.")).toBeInTheDocument();
    expect(screen.getByText("Nothing assigned to you is due.")).toBeInTheDocument();
  });

  it("shows the receivables in SEK: still owed, overdue and paid this month, linked to the invoices", async () => {
    const { requests } = stubFetch((request) => {
      if (request.url.startsWith("/rest/v1/invoices?"))
        return jsonResponse([
          { total_ore: 1_250_000, paid_ore: 0, status: "issued" },
          { total_ore: 800_050, paid_ore: 300_000, status: "overdue" },
        ]);
      if (request.url.startsWith("/rest/v1/invoice_payments?"))
        return jsonResponse([{ amount_ore: 300_000 }]);
      return jsonResponse([]);
    });
    renderWithProviders(<DashboardPage />);
    const link = await screen.findByRole("link", { name: /^SEK\s17,500\.50 Receivables$/ });
    expect(link).toHaveAttribute("href", "/app/invoices");
    expect(figure("Receivables")?.nextElementSibling).toHaveTextContent(
      /^SEK\s5,000\.50 overdue · SEK\s3,000 paid this month$/,
    );
    const invoiceRead = new URL(
      requests.find((r) => r.url.startsWith("/rest/v1/invoices?"))?.url ?? "",
      "http://localhost",
    ).searchParams;
    expect(invoiceRead.get("status")).toBe("in.(issued,partially_paid,overdue)");
    expect(invoiceRead.get("kind")).toBe("eq.invoice");
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

  it("lists the versions waiting for a client, longest first, and the signed-in person's tasks with priorities", async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { requests } = stubFetch((request) => {
      if (request.url.startsWith("/rest/v1/deliverable_versions"))
        return new Response(
          JSON.stringify([
            { id: "v1", deliverable_id: "d1", version: 2, approval_requested_at: "2026-11-20T10:00:00Z" },
            { id: "v2", deliverable_id: "d2", version: 1, approval_requested_at: "2026-11-24T10:00:00Z" },
          ]),
          // Five more wait beyond the two the card lists.
          { status: 200, headers: { "content-type": "application/json", "content-range": "0-1/7" } },
        );
      if (request.url.startsWith("/rest/v1/deliverables?select=id%2Ctitle&id="))
        return jsonResponse([
          { id: "d1", title: "Album master" },
          { id: "d2", title: "TV mix" },
        ]);
      if (request.url.startsWith("/rest/v1/deliverables"))
        return jsonResponse([
          { id: "t1", title: "Overdue stems", due_date: "2020-01-01" },
          { id: "t2", title: "Artwork", due_date: inDays(5) },
          { id: "t3", title: "Lyric sheet", due_date: null },
        ]);
      if (request.url.startsWith("/rest/v1/project_milestones"))
        return jsonResponse([{ id: "m1", title: "Mix sign-off", due_date: inDays(30), project_id: "p1" }]);
      return jsonResponse([]);
    });
    renderBackOffice(<DashboardPage />);
    await waitFor(() => expect(figure("Open Approvals")).toHaveTextContent(/^7$/));
    const approvals = screen.getByRole("list", { name: /waiting for a client/ });
    expect(approvals.querySelectorAll("li")[0]).toHaveTextContent("Album master, version 2");
    expect(approvals.querySelectorAll("li")[1]).toHaveTextContent("TV mix, version 1");
    const tasks = await screen.findByRole("list", { name: /Your deliverables and milestones/ });
    await waitFor(() => expect(tasks.querySelectorAll("li")).toHaveLength(4));
    expect(tasks.querySelectorAll("li")[0]).toHaveTextContent("High priority");
    expect(tasks.querySelectorAll("li")[1]).toHaveTextContent("Medium priority");
    expect(tasks.querySelectorAll("li")[2]).toHaveTextContent("Milestone · Due");
    expect(tasks.querySelectorAll("li")[2]).toHaveTextContent("Low priority");
    expect(within(tasks).getByRole("link", { name: "Mix sign-off" })).toHaveAttribute(
      "href",
      "/app/projects/p1",
    );
    expect(tasks.querySelectorAll("li")[3]).toHaveTextContent("Lyric sheet");
    const urls = requests.map((r) => decodeURIComponent(r.url));
    expect(urls).toContainEqual(expect.stringContaining("approval_state=eq.awaiting"));
    // Only links that still work: a version whose link expired waits for staff, not for the client.
    expect(urls).toContainEqual(expect.stringMatching(/approval_expires_at=gt\.\d{4}-\d\d-\d\dT/));
    expect(urls).toContainEqual(expect.stringContaining("order=approval_requested_at.asc"));
    expect(urls).toContainEqual(expect.stringContaining(`assignee_id=eq.${STAFF_USER.id}`));
    expect(urls).toContainEqual(expect.stringMatching(/project_milestones\?.*reached_at=is\.null/));
  });
});
