import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CalendarFeedCard } from "@/features/crm/components/calendar-feed-card";
import { stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { renderBackOffice } from "@/test/render-back-office";

const CONTACT = "7f1c2a56-0000-4000-8000-000000000001";
const URL = "https://slussensound.se/api/calendar/feed.ics?token=secret-feed-token-0123456789ab";
const json = (body: object) => writeResponse(body as unknown as unknown[]);

describe("CalendarFeedCard", () => {
  it("makes a link, shows it once with a copy button, and turns the feed off", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "POST rpc/calendar_feed": () => json({ contact_id: CONTACT, active: false, created_at: null }),
      "POST rpc/create_calendar_feed": () =>
        json({ contact_id: CONTACT, active: true, created_at: "2026-11-26T10:00:00.000Z", url: URL }),
      "POST rpc/revoke_calendar_feed": () => json({ contact_id: CONTACT, active: false, created_at: null }),
    });
    renderBackOffice(<CalendarFeedCard contactId={CONTACT} name="Nova Lind" />, {
      route: "/app/crm/talent/x",
    });
    expect(await screen.findByText("Off.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn off" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create feed link" }));
    const field = await screen.findByLabelText("Feed link");
    expect(field).toHaveValue(URL);
    expect(field).toHaveAccessibleDescription("Copy it now: it is shown only this once.");
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(screen.getByText(/^On since/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Replace link" })).toBeInTheDocument();
    expect(api.calls("POST", "rpc/create_calendar_feed")[0]?.body).toEqual({ contact_id: CONTACT });

    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Off.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Feed link")).not.toBeInTheDocument();
    expect(api.calls("POST", "rpc/revoke_calendar_feed")).toHaveLength(1);
  });
});
