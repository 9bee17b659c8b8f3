import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SessionsPage } from "@/features/crm/routes/sessions-page";
import { TalentMatchingPage } from "@/features/crm/routes/talent-matching-page";
import { rowsResponse, stubCrmApi } from "@/features/crm/test/crm-api";
import { makeContact, makeRoom, makeSession } from "@/features/crm/test/crm-fixtures";
import { SESSION_SELECT, withRoomAndTeam } from "@/features/crm/test/session-reads";
import { renderBackOffice } from "@/test/render-back-office";

const nova = makeContact({ first_name: "Nova", last_name: "Lind" });

describe("CRM screens", () => {
  it("Sessions: Calendar and List tabs, 'No Sessions Found' with Book Session while there are none", async () => {
    stubCrmApi();
    renderBackOffice(<SessionsPage />, { route: "/app/crm/sessions" });
    expect(screen.getByRole("tab", { name: "Calendar" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Calendar" })).toBeEnabled();
    expect(await screen.findByRole("heading", { name: "No Sessions Found" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Book Session" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New Session" })).toBeInTheDocument();
  });

  it("Sessions: a week per room in Stockholm time, with previous and next week", async () => {
    const user = userEvent.setup();
    const studio = makeRoom({ name: "Studio A" });
    const api = stubCrmApi({
      "GET studio_rooms": () => rowsResponse([studio]),
      "GET studio_sessions": (request) =>
        request.params.get("select") === "id"
          ? rowsResponse([{ id: "x" }], { total: 1 })
          : rowsResponse([
              withRoomAndTeam(
                makeSession({
                  title: "Late take",
                  room_id: studio.id,
                  starts_at: "2026-12-01T23:30:00.000Z",
                  ends_at: "2026-12-02T01:00:00.000Z",
                }),
                [studio],
                [nova],
              ),
            ]),
    });
    renderBackOffice(<SessionsPage />, { route: "/app/crm/sessions?week=2026-12-02" });
    const week = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: /^Week of Monday,? 30 November 2026$/ })).toBeInTheDocument();
    const row = within(week).getByRole("row", { name: /^Studio A/ });
    const cells = within(row).getAllByRole("cell");
    // 23:30 UTC on Tuesday is 00:30 on Wednesday in Stockholm.
    expect(cells[2]).toHaveTextContent("Late take00:30–02:00");
    // The team's names came embedded in the sessions' read: no read of the contacts or the join table.
    expect(cells[2]).toHaveTextContent("Nova Lind");
    expect(cells[1]).toHaveTextContent("");
    const read = api.calls("GET", "studio_sessions").find((r) => r.params.get("limit") === "500");
    expect(read?.params.get("select")).toBe(SESSION_SELECT);
    expect(api.calls("GET", "studio_session_talent")).toEqual([]);
    expect(api.calls("GET", "crm_contacts")).toEqual([]);
    expect(read?.params.get("starts_at")).toBe("lt.2026-12-06T23:00:00.000Z");
    expect(read?.params.get("ends_at")).toBe("gt.2026-11-29T23:00:00.000Z");
    await user.click(screen.getByRole("button", { name: "Next week" }));
    expect(
      await screen.findByRole("heading", { name: /^Week of Monday,? 7 December 2026$/ }),
    ).toBeInTheDocument();
  });

  it("Sessions: a Monday-first month from the address, whose days open their Day view", async () => {
    const user = userEvent.setup();
    const studio = makeRoom({ name: "Studio A" });
    const late = makeSession({
      title: "Late take",
      room_id: studio.id,
      starts_at: "2026-12-01T23:30:00.000Z",
      ends_at: "2026-12-02T01:00:00.000Z",
    });
    const api = stubCrmApi({
      "GET studio_rooms": () => rowsResponse([studio]),
      "GET studio_sessions": (request) =>
        request.params.get("select") === "id"
          ? rowsResponse([{ id: "x" }], { total: 1 })
          : rowsResponse([withRoomAndTeam(late, [{ id: studio.id, name: "Studio A (embedded)" }])]),
    });
    renderBackOffice(<SessionsPage />, { route: "/app/crm/sessions?view=month&date=2026-12-10" });
    const month = await screen.findByRole("table", { name: "Sessions per day, in Stockholm time" });
    expect(screen.getByRole("heading", { name: "December 2026" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Month" })).toBeChecked();
    expect(within(month).getAllByRole("columnheader")[0]).toHaveTextContent("Mon");
    // The grid runs from Monday 30 November to Sunday 3 January, and reads exactly those days.
    const read = api.calls("GET", "studio_sessions").find((r) => r.params.get("limit") === "500");
    expect(read?.params.get("ends_at")).toBe("gt.2026-11-29T23:00:00.000Z");
    expect(read?.params.get("starts_at")).toBe("lt.2027-01-03T23:00:00.000Z");
    // 23:30 UTC on Tuesday 1 December is Wednesday 00:30 in Stockholm.
    expect(
      within(month).getByRole("button", { name: /^Tuesday,? 1 December 2026, no sessions$/ }),
    ).toBeInTheDocument();
    await user.click(within(month).getByRole("button", { name: /^Wednesday,? 2 December 2026, 1 session$/ }));
    expect(await screen.findByRole("heading", { name: /^Wednesday,? 2 December 2026$/ })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Day" })).toBeChecked();
    const day = await screen.findByRole("list", { name: /^Sessions on / });
    // The day view names the room the session's read embedded.
    expect(within(day).getByRole("button")).toHaveTextContent("Late take00:30–02:00Studio A (embedded)");
    await user.click(screen.getByRole("button", { name: "Next day" }));
    expect(await screen.findByRole("heading", { name: /^Thursday,? 3 December 2026$/ })).toBeInTheDocument();
  });

  it("Talent Matching: empty Available Talent and Selected Team, Create Session disabled", async () => {
    stubCrmApi();
    renderBackOffice(<TalentMatchingPage />, { route: "/app/crm/matching" });
    expect(screen.getByRole("heading", { name: "Available Talent" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Selected Team" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "No Available Talent" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No team members selected" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Session" })).toBeDisabled();
  });

  it("Talent Matching: picks talent into the team and opens the booking dialog with them", async () => {
    const user = userEvent.setup();
    const omar = makeContact({ first_name: "Omar", last_name: "Berg" });
    stubCrmApi({ "GET crm_contacts": () => rowsResponse([omar, nova]) });
    renderBackOffice(<TalentMatchingPage />, { route: "/app/crm/matching" });
    await user.click(await screen.findByRole("button", { name: "Add Nova Lind to the team" }));
    await user.click(screen.getByRole("button", { name: "Add Omar Berg to the team" }));
    expect(screen.getByRole("list", { name: "Selected team" })).toHaveTextContent("Nova Lind");
    expect(screen.queryByRole("button", { name: "Add Nova Lind to the team" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Session" }));
    const dialog = await screen.findByRole("dialog", { name: "Book Session" });
    const team = within(dialog).getByRole("list", { name: "Team members" });
    expect(team).toHaveTextContent("Nova Lind");
    expect(team).toHaveTextContent("Omar Berg");
  });
});
