import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { TalentDetailPage } from "@/features/crm/routes/contact-detail-page";
import { rowsResponse, stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { makeActivity, makeCompany, makeContact } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const company = makeCompany({ name: "Söder Songs Publishing" });
const nova = makeContact({ company_id: company.id, notes: "Prefers mornings", reliability_score: 8.5 });
const renderPage = (id = nova.id) =>
  renderBackOffice(
    <Routes>
      <Route path="crm/talent/:id" element={<TalentDetailPage />} />
    </Routes>,
    { route: `/app/crm/talent/${id}` },
  );

/** The contact as the server holds it: reads see `current`, which a test may change behind the screen's back. */
function serveContact(current: { row: typeof nova }) {
  return {
    "GET crm_contacts": () => rowsResponse([current.row]),
    "GET crm_companies": () => rowsResponse([company]),
  };
}

describe("a talent's page", () => {
  it("shows every field, the star above 8 and the record's timeline", async () => {
    const api = stubCrmApi({
      ...serveContact({ row: nova }),
      "GET crm_activity": () =>
        rowsResponse([
          makeActivity({
            record_id: nova.id,
            action: "updated",
            changes: { notes: { from: null, to: "Prefers mornings" } },
            actor_id: STAFF_USER.id,
            created_at: new Date(Date.now() - 3 * 60_000).toISOString(),
          }),
          makeActivity({ record_id: nova.id, action: "note", note: "Met at Fasching" }),
        ]),
    });
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Nova Lind" })).toBeInTheDocument();
    expect(screen.getByText("NOVA")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Top reliability" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Söder Songs Publishing" })).toHaveAttribute(
      "href",
      `/app/crm/companies/${company.id}`,
    );
    expect(screen.getByText("STIM")).toBeInTheDocument();
    const timeline = await screen.findByRole("list", { name: "Timeline" });
    expect(within(timeline).getByText("Updated notes")).toBeInTheDocument();
    expect(within(timeline).getByText("notes: empty → Prefers mornings")).toBeInTheDocument();
    expect(within(timeline).getAllByRole("listitem")[0]).toHaveTextContent("You · 3 minutes ago");
    expect(within(timeline).getByText("Met at Fasching")).toBeInTheDocument();
    const [timelineRead] = api.calls("GET", "crm_activity");
    expect(timelineRead?.params.get("record_type")).toBe("eq.crm_contacts");
    expect(timelineRead?.params.get("record_id")).toBe(`eq.${nova.id}`);
    expect(timelineRead?.params.get("order")).toBe("created_at.desc");
  });

  it("saves an edit against the version it read", async () => {
    const user = userEvent.setup();
    const current = { row: nova };
    const api = stubCrmApi({
      ...serveContact(current),
      "PATCH crm_contacts": (request) => {
        current.row = { ...nova, ...(request.body as object), updated_at: "2026-11-02T09:00:00.000Z" };
        return writeResponse([current.row]);
      },
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit talent" });
    const notes = within(dialog).getByLabelText(/^Notes/);
    await user.clear(notes);
    await user.type(notes, "Evenings now");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    const [save] = api.calls("PATCH", "crm_contacts");
    expect(save?.params.get("id")).toBe(`eq.${nova.id}`);
    expect(save?.params.get("updated_at")).toBe(`eq.${nova.updated_at}`);
    expect(save?.body).toMatchObject({ notes: "Evenings now", first_name: "Nova", reliability_score: 8.5 });
    expect(save?.body).not.toHaveProperty("kind");
    expect(await screen.findByText("Evenings now")).toBeInTheDocument();
  });

  it("says someone else changed the record when the save is stale, saves nothing and offers to reload", async () => {
    const user = userEvent.setup();
    const current = { row: nova };
    const api = stubCrmApi({
      ...serveContact(current),
      // Someone saved first: the version this screen read matches no row any more.
      "PATCH crm_contacts": () => writeResponse([]),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit talent" });
    current.row = { ...nova, notes: "Changed by Maja", updated_at: "2026-11-02T09:00:00.000Z" };
    await user.type(within(dialog).getByLabelText(/^Location/), " Söder");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Someone else changed this record while you were editing it");
    expect(await screen.findByText("Could not save the talent")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit talent" })).toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Notes/)).toHaveValue("Changed by Maja"));
    expect(within(dialog).getByLabelText(/^Location/)).toHaveValue("Stockholm");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(api.calls("PATCH", "crm_contacts")).toHaveLength(2));
    expect(api.calls("PATCH", "crm_contacts")[1]?.params.get("updated_at")).toBe(
      "eq.2026-11-02T09:00:00.000Z",
    );
  });

  it("archives and restores with the version on screen", async () => {
    const user = userEvent.setup();
    const current = { row: nova };
    const api = stubCrmApi({
      ...serveContact(current),
      "PATCH crm_contacts": (request) => {
        current.row = { ...current.row, ...(request.body as object), updated_at: new Date().toISOString() };
        return writeResponse([current.row]);
      },
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Talent archived")).toBeInTheDocument();
    const [archive] = api.calls("PATCH", "crm_contacts");
    expect(archive?.params.get("updated_at")).toBe(`eq.${nova.updated_at}`);
    expect(archive?.body).toEqual({ archived_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    await user.click(await screen.findByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Talent restored")).toBeInTheDocument();
    expect(api.calls("PATCH", "crm_contacts")[1]?.body).toEqual({ archived_at: null });
  });

  it("adds a note to the timeline through the note RPC", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      ...serveContact({ row: nova }),
      "POST rpc/add_crm_note": (request) =>
        writeResponse(
          makeActivity({ action: "note", note: (request.body as { body: string }).body }) as never,
        ),
    });
    renderPage();
    const note = await screen.findByLabelText("Add a note");
    await user.click(screen.getByRole("button", { name: "Add Note" }));
    expect(screen.getByText("A note needs some text")).toBeInTheDocument();
    await user.type(note, "Called about the EP");
    await user.click(screen.getByRole("button", { name: "Add Note" }));
    expect(await screen.findByText("Note added")).toBeInTheDocument();
    expect(api.calls("POST", "rpc/add_crm_note")[0]?.body).toEqual({
      record_type: "crm_contacts",
      record_id: nova.id,
      body: "Called about the EP",
    });
    expect(note).toHaveValue("");
  });

  it("says so when the talent does not exist", async () => {
    stubCrmApi();
    renderPage("11111111-1111-4111-8111-111111111111");
    expect(await screen.findByRole("heading", { name: "No talent found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Talent" })).toHaveAttribute("href", "/app/crm/talent");
  });
});
