import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SessionFormDialog } from "@/features/crm/components/session-form-dialog";
import { postgrestError, rowsResponse, stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { makeContact, makeRoom, makeSession } from "@/features/crm/test/crm-fixtures";
import { SESSION_SELECT, withRoomAndTeam } from "@/features/crm/test/session-reads";
import { renderBackOffice } from "@/test/render-back-office";

const studioA = makeRoom({ name: "Studio A – Södermalm" });
const writing = makeRoom({ name: "Writing Room – Vasastan", kind: "writing" });
const nova = makeContact({ first_name: "Nova", last_name: "Lind" });
const vocal = makeSession({
  title: "Vocal session",
  room_id: studioA.id,
  starts_at: "2026-12-01T09:00:00.000Z",
  ends_at: "2026-12-01T11:00:00.000Z",
});

function renderDialog(onBooked = vi.fn()) {
  renderBackOffice(
    <SessionFormDialog
      open
      onOpenChange={() => {}}
      initialTeam={[{ id: nova.id, name: "Nova Lind" }]}
      onBooked={onBooked}
    />,
    { route: "/app/crm/sessions" },
  );
  return onBooked;
}

async function fill(user: ReturnType<typeof userEvent.setup>, room: string, from: string, to: string) {
  const dialog = screen.getByRole("dialog", { name: "Book Session" });
  await user.type(within(dialog).getByLabelText("Title"), "Overdubs");
  await within(dialog).findByRole("option", { name: room });
  await user.selectOptions(within(dialog).getByLabelText("Room"), room);
  fireEvent.change(within(dialog).getByLabelText("Start (Stockholm time)"), { target: { value: from } });
  fireEvent.change(within(dialog).getByLabelText("End (Stockholm time)"), { target: { value: to } });
  return dialog;
}

describe("SessionFormDialog", () => {
  it("shows a room clash as the times are filled in, in Stockholm time", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET studio_rooms": () => rowsResponse([studioA, writing]),
      "GET studio_sessions": () => rowsResponse([withRoomAndTeam(vocal, [studioA])]),
    });
    renderDialog();
    const dialog = await fill(user, "Studio A – Södermalm", "2026-12-01T11:00", "2026-12-01T13:00");
    expect(
      await within(dialog).findByText(
        "Studio A – Södermalm is already booked 2026-12-01 10:00–12:00 (Stockholm time) in “Vocal session”",
      ),
    ).toBeInTheDocument();
    // The check asked for sessions overlapping 10:00–12:00 UTC (11:00–13:00 in Stockholm), not cancelled.
    const asked = api.calls("GET", "studio_sessions").at(-1);
    expect(asked?.params.get("starts_at")).toBe("lt.2026-12-01T12:00:00.000Z");
    expect(asked?.params.get("ends_at")).toBe("gt.2026-12-01T10:00:00.000Z");
    expect(asked?.params.get("status")).toBe("neq.cancelled");
    expect(asked?.params.get("select")).toBe(SESSION_SELECT);
  });

  it("shows a team member's clash in another room", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET studio_rooms": () => rowsResponse([studioA, writing]),
      // The team comes embedded with the session: no read of the join table.
      "GET studio_sessions": () => rowsResponse([withRoomAndTeam(vocal, [studioA], [nova])]),
    });
    renderDialog();
    const dialog = await fill(user, "Writing Room – Vasastan", "2026-12-01T11:00", "2026-12-01T13:00");
    expect(
      await within(dialog).findByText(
        "Nova Lind is already booked 2026-12-01 10:00–12:00 (Stockholm time) in “Vocal session”",
      ),
    ).toBeInTheDocument();
    expect(api.calls("GET", "studio_session_talent")).toEqual([]);
  });

  it("books with UTC times and the team, and shows the server's 409 next to the form", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET studio_rooms": () => rowsResponse([studioA, writing]),
      "POST rpc/book_studio_session": () =>
        postgrestError(
          409,
          "23P01",
          "Studio A – Södermalm is already booked 2026-12-01 10:00–12:00 (Stockholm time) by “Vocal session”",
        ),
    });
    const onBooked = renderDialog();
    const dialog = await fill(user, "Studio A – Södermalm", "2026-12-01T11:00", "2026-12-01T13:00");
    await user.click(within(dialog).getByRole("button", { name: "Book Session" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Studio A – Södermalm is already booked 2026-12-01 10:00–12:00 (Stockholm time) by “Vocal session”",
    );
    const [sent] = api.calls("POST", "rpc/book_studio_session");
    expect(sent?.body).toEqual({
      title: "Overdubs",
      room_id: studioA.id,
      starts_at: "2026-12-01T10:00:00.000Z",
      ends_at: "2026-12-01T12:00:00.000Z",
      status: "tentative",
      brief_id: null,
      project_id: null,
      notes: null,
      contact_ids: [nova.id],
    });
    expect(onBooked).not.toHaveBeenCalled();
  });

  it("refuses an end before the start without asking the server", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({ "GET studio_rooms": () => rowsResponse([studioA]) });
    renderDialog();
    const dialog = await fill(user, "Studio A – Södermalm", "2026-12-01T13:00", "2026-12-01T11:00");
    await user.click(within(dialog).getByRole("button", { name: "Book Session" }));
    expect(await within(dialog).findByText("A session must end after it starts")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("End (Stockholm time)")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(api.calls("POST", "rpc/book_studio_session")).toHaveLength(0));
  });

  it("edits a session: Cancel Session saves the cancellation against the version read", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET studio_rooms": () => rowsResponse([studioA]),
      "PATCH studio_sessions": (request) =>
        writeResponse([{ ...vocal, ...(request.body as object), updated_at: "2026-11-02T10:00:00.000Z" }]),
    });
    const onOpenChange = vi.fn();
    renderBackOffice(
      <SessionFormDialog
        open
        onOpenChange={onOpenChange}
        session={{ ...vocal, roomName: studioA.name, team: [{ id: nova.id, name: "Nova Lind" }] }}
      />,
      { route: "/app/crm/sessions" },
    );
    const dialog = screen.getByRole("dialog", { name: "Edit session" });
    expect(within(dialog).getByLabelText("Start (Stockholm time)")).toHaveValue("2026-12-01T10:00");
    expect(within(dialog).getByRole("list", { name: "Team members" })).toHaveTextContent("Nova Lind");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Session" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [patch] = api.calls("PATCH", "studio_sessions");
    expect(patch?.body).toEqual({ status: "cancelled" });
    expect(patch?.params.get("id")).toBe(`eq.${vocal.id}`);
    expect(patch?.params.get("updated_at")).toBe(`eq.${vocal.updated_at}`);
  });
});
