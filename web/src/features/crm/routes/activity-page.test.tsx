import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ActivityPage } from "@/features/crm/routes/activity-page";
import { rowsResponse, stubCrmApi } from "@/features/crm/test/crm-api";
import { makeActivity, makeContact, makeDeal } from "@/features/crm/test/crm-fixtures";
import { jsonResponse } from "@/test/fetch-stub";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const deal = makeDeal({ title: "Writing camp" });
const nova = makeContact({ kind: "industry", first_name: "Sara", last_name: "Öberg" });
const timeline = [
  makeActivity({
    record_type: "crm_deals",
    record_id: deal.id,
    action: "moved",
    changes: { stage: { from: "prospect", to: "won" } },
    actor_id: STAFF_USER.id,
    created_at: new Date(Date.now() - 60_000).toISOString(),
  }),
  makeActivity({ record_type: "crm_contacts", record_id: nova.id, action: "archived" }),
  makeActivity({ record_type: "crm_briefs", action: "deleted" }),
  makeActivity({
    record_type: "crm_contacts",
    record_id: nova.id,
    action: "created",
    actor_role: "service_role",
  }),
];

describe("ActivityPage", () => {
  it("shows the whole timeline newest first, each row naming and linking its record", async () => {
    const api = stubCrmApi({
      "GET crm_activity": () => rowsResponse(timeline, { total: 120 }),
      "GET crm_deals": () => rowsResponse([{ id: deal.id, title: deal.title }]),
      "GET crm_contacts": () => rowsResponse([nova]),
    });
    renderBackOffice(<ActivityPage />, { route: "/app/activity" });
    const list = await screen.findByRole("list", { name: "Activity" });
    const [moved, archived, deleted, imported] = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    expect(moved).toHaveTextContent("Moved from Prospect to Won · deal Writing camp");
    expect(moved).toHaveTextContent("You · 1 minute ago");
    await waitFor(() =>
      expect(within(archived as HTMLElement).getByRole("link", { name: "Sara Öberg" })).toHaveAttribute(
        "href",
        `/app/crm/contacts/${nova.id}`,
      ),
    );
    expect(deleted).toHaveTextContent("Deleted · a brief that no longer exists");
    expect(imported).toHaveTextContent("An integration (service key) ·");
    expect(screen.getByText("Showing 1–4 of 120")).toBeInTheDocument();
    const read = api.calls("GET", "crm_activity")[0]?.params;
    expect(read?.get("order")).toBe("created_at.desc");
    expect(read?.get("limit")).toBe("50");
    expect(api.calls("GET", "crm_deals")[0]?.params.get("id")).toBe(`in.(${deal.id})`);
  });

  it("filters by record type and by person, from page 1", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({ "GET crm_activity": () => rowsResponse(timeline, { total: 120 }) });
    renderBackOffice(<ActivityPage />, { route: "/app/activity?page=2" });
    await screen.findByRole("list", { name: "Activity" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Record type" }), "Deals");
    await user.selectOptions(screen.getByRole("combobox", { name: "Person" }), "You");
    await waitFor(() =>
      expect(api.calls("GET", "crm_activity").at(-1)?.params.get("actor_id")).toBe(`eq.${STAFF_USER.id}`),
    );
    const read = api.calls("GET", "crm_activity").at(-1)?.params;
    expect(read?.get("record_type")).toBe("eq.crm_deals");
    expect(read?.get("offset")).toBe("0");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Person" }),
      "An integration (service key)",
    );
    await waitFor(() =>
      expect(api.calls("GET", "crm_activity").at(-1)?.params.get("actor_role")).toBe("eq.service_role"),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Person" }), "No one (imported)");
    await waitFor(() =>
      expect(api.calls("GET", "crm_activity").at(-1)?.params.get("actor_id")).toBe("is.null"),
    );
    expect(api.calls("GET", "crm_activity").at(-1)?.params.get("actor_role")).toBe("is.null");
  });

  it("says when there is no activity", async () => {
    stubCrmApi();
    renderBackOffice(<ActivityPage />, { route: "/app/activity" });
    expect(await screen.findByRole("heading", { name: "No activity found" })).toBeInTheDocument();
  });

  it("shows administrators the team's changes under the record type Team, in words", async () => {
    const admin = { ...STAFF_USER, app_metadata: { ...STAFF_USER.app_metadata, role: "admin" as const } };
    const api = stubCrmApi({
      "GET /api/team/activity": () =>
        jsonResponse({
          entries: [
            {
              id: 7,
              action: "user_banned",
              actor_email: STAFF_USER.email,
              target_email: "ny@example.com",
              created_at: new Date(Date.now() - 120_000).toISOString(),
            },
            {
              id: 6,
              action: "user_invited",
              actor_email: null,
              target_email: "ny@example.com",
              role: "staff",
              created_at: new Date(Date.now() - 3_600_000).toISOString(),
            },
          ],
          total: 2,
        }),
    });
    renderBackOffice(<ActivityPage />, {
      route: "/app/activity",
      auth: createAuthState({ user: admin }),
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Record type" }), "Team");
    const list = await screen.findByRole("list", { name: "Activity" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Banned ny@example.comYou · 2 minutes ago",
      "Invited ny@example.com as StaffThe operator · 1 hour ago",
    ]);
    expect(screen.queryByRole("combobox", { name: "Person" })).not.toBeInTheDocument();
    expect(api.calls("GET", "/api/team/activity")[0]?.params.get("page")).toBe("1");
    expect(api.calls("GET", "crm_activity").every((call) => !call.params.has("record_type"))).toBe(true);
  });

  it("offers staff no Team record type and never asks for the team's changes", async () => {
    const api = stubCrmApi();
    renderBackOffice(<ActivityPage />, { route: "/app/activity?type=team" });
    const types = await screen.findByRole("combobox", { name: "Record type" });
    expect(within(types).queryByRole("option", { name: "Team" })).not.toBeInTheDocument();
    await screen.findByRole("heading", { name: "No activity found" });
    expect(api.calls("GET", "/api/team/activity")).toHaveLength(0);
  });
});
