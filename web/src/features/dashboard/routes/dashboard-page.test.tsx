import type { Dashboard } from "@app/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderBackOffice } from "@/test/render-back-office";

// The stat card's heading (the first one: "Open Approvals" is also a list's heading).
const figure = (label: string) =>
  screen.getAllByRole("heading", { name: label })[0]?.parentElement?.nextElementSibling;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** What the server answers for an empty business; each test fills in its cards. */
const EMPTY: Dashboard = {
  day: inDays(0),
  sessions_today: [],
  open_approvals: { total: 0, items: [] },
  my_tasks: { total: 0, deliverables: [], milestones: [] },
  active_projects: 0,
  pipeline: [],
  receivables: { outstanding_ore: 0, overdue_ore: 0, paid_this_month_ore: 0 },
};

/** Serves the dashboard's one read; answers the requests made, to show there was only the one. */
function serveDashboard(dashboard: Partial<Dashboard>) {
  return stubFetch((request) =>
    request.url.startsWith("/api/dashboard") ? jsonResponse({ ...EMPTY, ...dashboard }) : jsonResponse([]),
  );
}

describe("DashboardPage", () => {
  it("shows every card from one request: the Pipeline Snapshot and Value, projects, and empty lists", async () => {
    const { requests } = serveDashboard({
      active_projects: 3,
      pipeline: [
        { stage: "prospect", count: 2, value_sek: 75_000 },
        { stage: "won", count: 1, value_sek: 85_000 },
        { stage: "lost", count: 1, value_sek: 50_000 },
      ],
    });
    renderBackOffice(<DashboardPage />);
    await waitFor(() => expect(figure("Pipeline Value")).toHaveTextContent(/^SEK\s160,000$/));
    expect(figure("Today's Sessions")).toHaveTextContent(/^0$/);
    expect(figure("Open Approvals")).toHaveTextContent(/^0$/);
    expect(figure("Active Projects")).toHaveTextContent(/^3$/);
    expect(screen.getByRole("link", { name: "3 Active Projects" })).toHaveAttribute(
      "href",
      "/app/projects?status=active",
    );
    expect(screen.getByRole("row", { name: /^prospect 2 SEK\s75,000$/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /^negotiation 0 SEK\s0$/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /^won 1 SEK\s85,000$/ })).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /^lost/ })).not.toBeInTheDocument();
    expect(screen.getByText("Nothing scheduled today.")).toBeInTheDocument();
    expect(screen.getByText("No version is waiting for a client.")).toBeInTheDocument();
    expect(screen.getByText("Nothing assigned to you is due.")).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual(["/api/dashboard"]);
  });

  it("shows the receivables in SEK: still owed, overdue and paid this month, linked to the invoices", async () => {
    serveDashboard({
      receivables: { outstanding_ore: 1_750_050, overdue_ore: 500_050, paid_this_month_ore: 300_000 },
    });
    renderBackOffice(<DashboardPage />);
    const link = await screen.findByRole("link", { name: /^SEK\s17,500\.50 Receivables$/ });
    expect(link).toHaveAttribute("href", "/app/invoices");
    expect(figure("Receivables")?.nextElementSibling).toHaveTextContent(
      /^SEK\s5,000\.50 overdue · SEK\s3,000 paid this month$/,
    );
  });

  it("counts and lists today's sessions with their rooms, in Stockholm's time", async () => {
    serveDashboard({
      sessions_today: [
        {
          id: "s1",
          title: "Vocal session",
          starts_at: "2026-12-01T09:00:00.000Z",
          ends_at: "2026-12-01T11:00:00.000Z",
          status: "confirmed",
          room_name: "Studio A",
        },
      ],
    });
    renderBackOffice(<DashboardPage />);
    await waitFor(() => expect(figure("Today's Sessions")).toHaveTextContent(/^1$/));
    const today = screen.getByRole("list", { name: "Today's sessions" });
    expect(today).toHaveTextContent("Vocal session");
    expect(today).toHaveTextContent("10:00–12:00 · Studio A");
  });

  it("lists the versions waiting for a client and the signed-in person's tasks with priorities", async () => {
    serveDashboard({
      open_approvals: {
        total: 7,
        items: [
          { id: "v1", title: "Album master", version: 2, requested_at: "2026-11-20T10:00:00Z" },
          { id: "v2", title: "TV mix", version: 1, requested_at: "2026-11-24T10:00:00Z" },
        ],
      },
      my_tasks: {
        total: 4,
        deliverables: [
          { id: "t1", title: "Overdue stems", due_date: "2020-01-01" },
          { id: "t2", title: "Artwork", due_date: inDays(5) },
          { id: "t3", title: "Lyric sheet", due_date: null },
        ],
        milestones: [{ id: "m1", title: "Mix sign-off", due_date: inDays(30), project_id: "p1" }],
      },
    });
    renderBackOffice(<DashboardPage />);
    await waitFor(() => expect(figure("Open Approvals")).toHaveTextContent(/^7$/));
    const approvals = screen.getByRole("list", { name: /waiting for a client/ });
    expect(approvals.querySelectorAll("li")[0]).toHaveTextContent("Album master, version 2");
    expect(approvals.querySelectorAll("li")[1]).toHaveTextContent("TV mix, version 1");
    const tasks = await screen.findByRole("list", { name: /Your deliverables and milestones/ });
    expect(tasks.querySelectorAll("li")).toHaveLength(4);
    expect(tasks.querySelectorAll("li")[0]).toHaveTextContent("High priority");
    expect(tasks.querySelectorAll("li")[1]).toHaveTextContent("Medium priority");
    expect(tasks.querySelectorAll("li")[2]).toHaveTextContent("Milestone · Due");
    expect(tasks.querySelectorAll("li")[2]).toHaveTextContent("Low priority");
    expect(within(tasks).getByRole("link", { name: "Mix sign-off" })).toHaveAttribute(
      "href",
      "/app/projects/p1",
    );
    expect(tasks.querySelectorAll("li")[3]).toHaveTextContent("Lyric sheet");
  });
});
