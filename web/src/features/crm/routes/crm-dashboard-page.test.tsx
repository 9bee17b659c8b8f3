import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { reportingYear } from "@/features/crm/api/get-ar-figures";
import { CrmDashboardPage } from "@/features/crm/routes/crm-dashboard-page";
import { rowsResponse, stubCrmApi } from "@/features/crm/test/crm-api";
import { makeContact, makeRoom, makeSession } from "@/features/crm/test/crm-fixtures";
import { SESSION_SELECT, withRoomAndTeam } from "@/features/crm/test/session-reads";
import { renderBackOffice } from "@/test/render-back-office";

const DAY = 24 * 60 * 60 * 1000;
const figure = (label: string) =>
  screen.getByRole("heading", { name: label }).parentElement?.nextElementSibling;

describe("CrmDashboardPage", () => {
  it("computes its figures from the API, this year's releases and signed contracts too, and the royalties of open periods", async () => {
    const api = stubCrmApi({
      "GET crm_brief_talent": () => rowsResponse([{ id: "x" }], { total: 12 }),
      "GET crm_briefs": () => rowsResponse([{ id: "y" }], { total: 3 }),
      "GET portfolio_items": () => rowsResponse([], { total: 4 }),
      "GET legal_documents": () => rowsResponse([], { total: 2 }),
      "GET royalty_periods": () => rowsResponse([{ id: "p1" }, { id: "p2" }]),
      "GET royalty_imports": () => rowsResponse([{ total_ore: 1_250_050 }, { total_ore: 49_950 }]),
    });
    renderBackOffice(<CrmDashboardPage />, { route: "/app/crm" });
    await waitFor(() => expect(figure("Matches Made")).toHaveTextContent("12"));
    expect(figure("Active Briefs")).toHaveTextContent("3");
    expect(figure("Sessions Booked")).toHaveTextContent(/^0$/);
    expect(figure("New Releases")).toHaveTextContent(/^4$/);
    expect(figure("Contracts Signed")).toHaveTextContent(/^2$/);
    await waitFor(() => expect(figure("Royalty Accrual")).toHaveTextContent(/^13\s000,00\skr$/));
    expect(within(figure("Royalty Accrual") as HTMLElement).getByRole("link")).toHaveAttribute(
      "href",
      "/app/royalties",
    );
    expect(figure("Royalty Accrual")?.nextElementSibling).toHaveTextContent(
      "Imported into periods not yet closed",
    );
    expect(api.calls("GET", "royalty_periods")[0]?.params.get("status")).toBe("neq.closed");
    expect(api.calls("GET", "royalty_imports")[0]?.params.get("period_id")).toBe("in.(p1,p2)");
    expect(api.calls("GET", "crm_briefs")[0]?.params.get("status")).toBe("neq.shipped");
    const { year, startsAt } = reportingYear();
    const releases = api.calls("GET", "portfolio_items")[0]?.params;
    expect(releases?.get("status")).toBe("eq.Released");
    expect(releases?.get("year")).toBe(`eq.${year}`);
    const signed = api.calls("GET", "legal_documents")[0]?.params;
    expect(signed?.get("status")).toBe("eq.fully_signed");
    expect(signed?.get("updated_at")).toBe(`gte.${startsAt}`);
    expect(screen.getByText("No sessions in the next 7 days.")).toBeInTheDocument();
  });

  it("shows no royalty accrual, and reads no imports, while every period is closed", async () => {
    const api = stubCrmApi({ "GET royalty_periods": () => rowsResponse([]) });
    renderBackOffice(<CrmDashboardPage />, { route: "/app/crm" });
    await waitFor(() => expect(figure("Royalty Accrual")).toHaveTextContent(/^0,00\skr$/));
    expect(api.calls("GET", "royalty_imports")).toHaveLength(0);
  });

  it("counts every import of the open periods, however many pages they take", async () => {
    const api = stubCrmApi({
      "GET royalty_periods": () => rowsResponse([{ id: "p1" }]),
      "GET royalty_imports": (request) =>
        rowsResponse(
          Array.from({ length: request.params.get("offset") === "0" ? 500 : 3 }, () => ({ total_ore: 100 })),
        ),
    });
    renderBackOffice(<CrmDashboardPage />, { route: "/app/crm" });
    await waitFor(() => expect(figure("Royalty Accrual")).toHaveTextContent(/^503,00\skr$/));
    expect(api.calls("GET", "royalty_imports").map((call) => call.params.get("offset"))).toEqual([
      "0",
      "500",
    ]);
  });

  it("lists talent with no activity for 30+ days (or none) in the Nurture Queue", async () => {
    const api = stubCrmApi({
      "GET crm_contacts": () =>
        rowsResponse([
          makeContact({
            first_name: "Omar",
            last_name: "Haddad",
            roles: ["Producer"],
            last_activity_at: null,
          }),
          makeContact({
            first_name: "Astrid",
            last_name: "Nyström",
            last_activity_at: new Date(Date.now() - 45 * DAY).toISOString(),
          }),
        ]),
    });
    renderBackOffice(<CrmDashboardPage />, { route: "/app/crm" });
    const queue = (await screen.findByRole("heading", { name: "Nurture Queue" })).closest("div")
      ?.parentElement as HTMLElement;
    expect(await within(queue).findByRole("link", { name: "Astrid Nyström" })).toBeInTheDocument();
    expect(queue).toHaveTextContent("Last activity 2 months ago");
    expect(queue).toHaveTextContent("No activity yet");
    const read = api.calls("GET", "crm_contacts")[0]?.params;
    expect(read?.get("kind")).toBe("eq.talent");
    expect(read?.get("archived_at")).toBe("is.null");
    const cutoff = /^\(last_activity_at\.is\.null,last_activity_at\.lt\.(.+)\)$/.exec(
      read?.get("or") ?? "",
    )?.[1];
    const daysAgo = (Date.now() - new Date(cutoff ?? "").getTime()) / DAY;
    expect(daysAgo).toBeGreaterThanOrEqual(30);
    expect(daysAgo).toBeLessThan(30.1);
  });

  it("opens the Add Talent and Create Brief dialogs from the quick actions", async () => {
    const user = userEvent.setup();
    stubCrmApi();
    renderBackOffice(<CrmDashboardPage />, { route: "/app/crm" });
    expect(screen.getByRole("button", { name: /Link .* Song/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Talent" }));
    expect(await screen.findByRole("dialog", { name: "Add Talent" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Create Brief" }));
    expect(await screen.findByRole("dialog", { name: "New Brief" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Book Session" }));
    expect(await screen.findByRole("dialog", { name: "Book Session" })).toBeInTheDocument();
  });

  it("counts booked sessions (not cancelled) and lists the next 7 days' sessions", async () => {
    const session = makeSession({ title: "Vocal session", room_id: "r1" });
    const api = stubCrmApi({
      "GET studio_sessions": (request) =>
        request.params.get("select") === "id"
          ? rowsResponse([{ id: "z" }], { total: 5 })
          : rowsResponse([withRoomAndTeam(session, [makeRoom({ id: "r1", name: "Studio A" })])]),
    });
    renderBackOffice(<CrmDashboardPage />, { route: "/app/crm" });
    await waitFor(() => expect(figure("Sessions Booked")).toHaveTextContent(/^5$/));
    const upcoming = await screen.findByRole("list", { name: "Upcoming sessions" });
    expect(upcoming).toHaveTextContent("Vocal session");
    expect(upcoming).toHaveTextContent("2026-12-01 10:00–12:00 · Studio A");
    const reads = api.calls("GET", "studio_sessions");
    // The room's name came embedded in the upcoming sessions' read, not from a read of the rooms.
    expect(reads.find((r) => r.params.get("select") !== "id")?.params.get("select")).toBe(SESSION_SELECT);
    expect(api.calls("GET", "studio_rooms")).toEqual([]);
    expect(reads.every((r) => r.params.get("status") === "neq.cancelled")).toBe(true);
    const window = reads.find((r) => r.params.get("and"))?.params.get("and") ?? "";
    const [from, to] = [...window.matchAll(/starts_at\.(?:gte|lt)\.([^,)]+)/g)].map((m) =>
      Date.parse(m[1] ?? ""),
    );
    expect(((to ?? 0) - (from ?? 0)) / (24 * 3_600_000)).toBe(7);
  });
});
