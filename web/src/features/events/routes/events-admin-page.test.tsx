import type { Event } from "@app/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EventsAdminPage } from "@/features/events/routes/events-admin-page";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { renderBackOffice } from "@/test/render-back-office";

const HOUR = 3_600_000;

function makeEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: crypto.randomUUID(),
    title: "Songwriter Circle",
    description: null,
    event_date: new Date(Date.now() + 48 * HOUR).toISOString(),
    status: "upcoming",
    location: "Södra Teatern",
    event_type: null,
    max_attendees: null,
    image_url: null,
    external_link: null,
    published: true,
    created_at: "2027-01-01T10:00:00.000Z",
    updated_at: "2027-01-01T10:00:00.000Z",
    ...overrides,
  };
}

type Handler = (request: RecordedRequest & { params: URLSearchParams }) => Response | Promise<Response>;

/** The data API and the storage API as the screen meets them, routed by method and path. */
function stubApi(events: Event[], handlers: Record<string, Handler> = {}) {
  const stub = stubFetch((recorded) => {
    const url = new URL(recorded.url, "http://localhost");
    const key = `${recorded.method} ${url.pathname.startsWith("/storage/") ? "storage" : url.pathname}`;
    const handler = handlers[key];
    if (handler) return handler({ ...recorded, params: url.searchParams });
    if (key === "GET /rest/v1/events") return jsonResponse(events);
    return jsonResponse({ code: "XX000", message: `unexpected ${key}`, details: null, hint: null }, 500);
  });
  const calls = (method: string, path: string) =>
    stub.requests
      .filter((r) => r.method === method && new URL(r.url, "http://localhost").pathname.startsWith(path))
      .map((r) => ({ ...r, params: new URL(r.url, "http://localhost").searchParams }));
  return { ...stub, calls };
}

const openPage = () => renderBackOffice(<EventsAdminPage />, { route: "/app/events" });

beforeEach(() => {
  // jsdom has no object URLs; the picker previews a picked file through one.
  URL.createObjectURL = vi.fn(() => "blob:poster-preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe("EventsAdminPage", () => {
  it("lists upcoming events first (soonest first), then past ones, each with its status badge", async () => {
    stubApi([
      makeEvent({ title: "Last Spring's Clinic", status: "past", event_date: "2020-04-01T10:00:00.000Z" }),
      makeEvent({
        title: "Next Month's Showcase",
        event_date: new Date(Date.now() + 700 * HOUR).toISOString(),
      }),
      makeEvent({ title: "Called-off Talk", status: "cancelled" }),
    ]);
    openPage();
    const upcoming = await screen.findByRole("region", { name: "Upcoming" });
    const titles = within(upcoming)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
    expect(titles).toEqual(["Called-off Talk", "Next Month's Showcase"]);
    expect(within(upcoming).getByText("cancelled")).toHaveClass("bg-red-950");
    const past = screen.getByRole("region", { name: "Past" });
    expect(within(past).getByRole("row", { name: /Last Spring's Clinic/ })).toBeInTheDocument();
    expect(within(past).getByText("past")).toHaveClass("bg-zinc-800");
  });

  it("searches by title through the API and says 'No events found.' when nothing matches", async () => {
    const user = userEvent.setup();
    const api = stubApi([]);
    openPage();
    expect(await screen.findByRole("heading", { name: "No events found." })).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search events by title" }), "rooftop");
    await waitFor(() =>
      expect(api.calls("GET", "/rest/v1/events").some((r) => r.params.get("and") !== null)).toBe(true),
    );
    const searched = api.calls("GET", "/rest/v1/events").find((r) => r.params.get("and"));
    expect(searched?.params.get("and")).toBe('(or(title.ilike."*rooftop*"))');
    expect(await screen.findByText("Try adjusting your search.")).toBeInTheDocument();
  });

  it("shows the table's own validation next to each field and sends nothing", async () => {
    const user = userEvent.setup();
    const api = stubApi([]);
    openPage();
    await user.click(await screen.findByRole("button", { name: "New Event" }));
    const dialog = await screen.findByRole("dialog", { name: "New Event" });
    await user.type(within(dialog).getByLabelText(/^Max attendees/), "-5");
    await user.type(within(dialog).getByLabelText(/^Event info link/), "javascript:alert(1)");
    await user.click(within(dialog).getByRole("button", { name: "Create Event" }));
    const title = within(dialog).getByLabelText("Title");
    expect(title).toHaveAccessibleDescription("Required");
    expect(title).toHaveFocus();
    expect(within(dialog).getByLabelText(/^Event info link/)).toHaveAccessibleDescription(
      "must be a web address starting with https:// or http://",
    );
    expect(within(dialog).getByLabelText(/^Max attendees/)).toHaveAccessibleDescription(
      /greater than or equal to 0/,
    );
    expect(api.calls("POST", "/rest/v1/events")).toHaveLength(0);
  });

  it("uploads a picked poster under a name of its own, then creates the event with its public address", async () => {
    const user = userEvent.setup();
    const api = stubApi([], {
      "POST storage": () => jsonResponse({ Key: "event-posters/x", Id: "1" }),
      "POST /rest/v1/events": (r) => jsonResponse([makeEvent(r.body as Partial<Event>)], 201),
    });
    openPage();
    await user.click(await screen.findByRole("button", { name: "New Event" }));
    const dialog = await screen.findByRole("dialog", { name: "New Event" });
    await user.type(within(dialog).getByLabelText("Title"), "Release Night");
    await user.type(within(dialog).getByLabelText(/^Date and time/), "2027-07-01T20:00");
    const poster = new File(["png bytes"], "Release Night Poster.PNG", { type: "image/png" });
    await user.upload(within(dialog).getByLabelText(/^Poster/), poster);
    expect(within(dialog).getByRole("img", { name: "Preview of Release Night Poster.PNG" })).toHaveAttribute(
      "src",
      "blob:poster-preview",
    );
    await user.click(within(dialog).getByRole("button", { name: "Create Event" }));
    expect(await screen.findByText("Event created")).toBeInTheDocument();

    const [upload] = api.calls("POST", "/storage/v1/object/event-posters/");
    expect(upload?.url).toMatch(
      /^\/storage\/v1\/object\/event-posters\/[0-9a-f-]{36}\/release-night-poster\.png$/,
    );
    expect(upload?.headers.get("content-type")).toBe("image/png");
    expect(upload?.headers.get("authorization")).toMatch(/^Bearer /);
    expect(upload?.body).toBe(poster);
    const path = upload?.url.replace("/storage/v1/object/event-posters/", "");
    expect(api.calls("POST", "/rest/v1/events")[0]?.body).toMatchObject({
      title: "Release Night",
      event_date: "2027-07-01T18:00:00.000Z",
      status: "upcoming",
      image_url: `/storage/v1/object/public/event-posters/${path}`,
    });
  });

  it("refuses a file that is not a poster image before uploading, and shows a storage refusal by the poster", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const api = stubApi([], {
      "POST storage": () =>
        jsonResponse(
          {
            statusCode: "415",
            error: "invalid_mime_type",
            message: "The file is not a PNG, JPEG, WebP or AVIF image",
          },
          415,
        ),
    });
    openPage();
    await user.click(await screen.findByRole("button", { name: "New Event" }));
    const dialog = await screen.findByRole("dialog", { name: "New Event" });
    await user.type(within(dialog).getByLabelText("Title"), "Poster trouble");
    await user.upload(
      within(dialog).getByLabelText(/^Poster/),
      new File(["gif"], "a.gif", { type: "image/gif" }),
    );
    expect(within(dialog).getByLabelText(/^Poster/)).toHaveAccessibleDescription(
      "PNG, JPEG, WebP or AVIF, up to 5 MB. Choose a PNG, JPEG, WebP or AVIF image.",
    );
    expect(within(dialog).queryByRole("img")).not.toBeInTheDocument();

    await user.upload(
      within(dialog).getByLabelText(/^Poster/),
      new File(["<html>"], "fake.png", { type: "image/png" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Create Event" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Poster/)).toHaveAccessibleDescription(
        /The file is not a PNG, JPEG, WebP or AVIF image/,
      ),
    );
    expect(api.calls("POST", "/rest/v1/events")).toHaveLength(0);
  });

  it("cancels an event by saving against the version read, and offers a reload when it changed meanwhile", async () => {
    const user = userEvent.setup();
    const event = makeEvent({ title: "Rooftop Party", image_url: "/images/events/rooftop.svg" });
    const api = stubApi([event], { "PATCH /rest/v1/events": () => jsonResponse([]) });
    openPage();
    await user.click(await screen.findByRole("button", { name: "Edit Rooftop Party" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    expect(within(dialog).getByRole("img", { name: "Current poster" })).toHaveAttribute(
      "src",
      "/images/events/rooftop.svg",
    );
    await user.selectOptions(within(dialog).getByLabelText("Status"), "cancelled");
    await user.click(within(dialog).getByRole("button", { name: "Remove poster" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/Someone else changed this record/);
    const [patch] = api.calls("PATCH", "/rest/v1/events");
    expect(patch?.params.get("id")).toBe(`eq.${event.id}`);
    expect(patch?.params.get("updated_at")).toBe(`eq.${event.updated_at}`);
    expect(patch?.body).toMatchObject({ status: "cancelled", image_url: null });
    expect(within(dialog).getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });

  it("deletes only after the confirmation, against the version read", async () => {
    const user = userEvent.setup();
    const event = makeEvent({ title: "Mixing Masterclass" });
    const api = stubApi([event], { "DELETE /rest/v1/events": () => jsonResponse([event]) });
    openPage();
    await user.click(await screen.findByRole("button", { name: "Delete Mixing Masterclass" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this event?" });
    await user.click(within(confirm).getByRole("button", { name: "Keep event" }));
    expect(api.calls("DELETE", "/rest/v1/events")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Mixing Masterclass" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete event" }),
    );
    expect(await screen.findByText("Event deleted")).toBeInTheDocument();
    const [removal] = api.calls("DELETE", "/rest/v1/events");
    expect(removal?.params.get("id")).toBe(`eq.${event.id}`);
    expect(removal?.params.get("updated_at")).toBe(`eq.${event.updated_at}`);
  });

  it("labels a draft and publishes it against the version read; a published event can be taken back", async () => {
    const user = userEvent.setup();
    const draft = makeEvent({ title: "Secret Gig", published: false });
    const live = makeEvent({ title: "Open Gig" });
    const api = stubApi([draft, live], {
      "PATCH /rest/v1/events": ({ body }) => jsonResponse([{ ...draft, ...(body as object) }]),
    });
    openPage();
    const draftRow = await screen.findByRole("row", { name: /Secret Gig/ });
    expect(within(draftRow).getByText("Draft")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: /Open Gig/ })).queryByText("Draft")).toBeNull();
    expect(screen.getByRole("button", { name: "Unpublish Open Gig" })).toBeInTheDocument();

    await user.click(within(draftRow).getByRole("button", { name: "Publish Secret Gig" }));
    expect(await screen.findByText("Event published")).toBeInTheDocument();
    const [patch] = api.calls("PATCH", "/rest/v1/events");
    expect(patch?.params.get("id")).toBe(`eq.${draft.id}`);
    expect(patch?.params.get("updated_at")).toBe(`eq.${draft.updated_at}`);
    expect(patch?.body).toEqual({ published: true });
  });

  it("saves a new event as a draft unless it is marked published", async () => {
    const user = userEvent.setup();
    const api = stubApi([], {
      "POST /rest/v1/events": ({ body }) => jsonResponse([makeEvent(body as Partial<Event>)], 201),
    });
    openPage();
    await user.click(await screen.findByRole("button", { name: "New Event" }));
    const dialog = await screen.findByRole("dialog", { name: "New Event" });
    const published = within(dialog).getByRole("checkbox", { name: /Published on the site/ });
    expect(published).not.toBeChecked();
    await user.type(within(dialog).getByLabelText("Title"), "Quiet Launch");
    await user.click(within(dialog).getByRole("button", { name: "Create Event" }));
    await waitFor(() => expect(api.calls("POST", "/rest/v1/events")).toHaveLength(1));
    expect(api.calls("POST", "/rest/v1/events")[0]?.body).toMatchObject({
      title: "Quiet Launch",
      published: false,
    });
  });
});
