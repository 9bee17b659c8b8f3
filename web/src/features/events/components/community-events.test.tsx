import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CommunityEvents } from "@/features/events/components/community-events";
import { formatEventDate } from "@/features/events/utils/format-event-date";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders, TEST_CONFIG } from "@/test/render";

const event = {
  id: "6f1c1c2e-7d0a-4d6b-9b0e-2f7f3f0a9a11",
  title: "Writers' Night",
  description: "Open mic for new songs.",
  event_date: "2030-03-14T19:00:00.000Z",
  status: "upcoming",
  location: "Södermalm, Stockholm",
  event_type: "Showcase",
  max_attendees: 120,
  image_url: "https://images.example.test/writers-night.jpg",
  external_link: "https://tickets.example.test/writers-night",
  created_at: "2024-01-01T00:00:00.000Z",
  updated_at: "2024-01-01T00:00:00.000Z",
};

describe("CommunityEvents", () => {
  it("shows a loading state while the request is in flight", async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<CommunityEvents />);
    expect(await screen.findByText("Loading events...")).toBeInTheDocument();
  });

  it("shows the failure message when the server answers with an error", async () => {
    stubFetch(() => jsonResponse({ code: "PGRST000", message: "boom", details: null, hint: null }, 400));
    renderWithProviders(<CommunityEvents />);
    expect(await screen.findByText("Failed to load events.")).toBeInTheDocument();
  });

  it("shows the failure message when the network fails", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    renderWithProviders(<CommunityEvents />);
    expect(await screen.findByText("Failed to load events.")).toBeInTheDocument();
  });

  it("does not load a poster address stored before the http(s) rule, and links to the event's own page", async () => {
    stubFetch(() =>
      jsonResponse([
        {
          ...event,
          external_link: "javascript:alert(1)",
          image_url: "data:image/svg+xml,<svg onload=alert(1)>",
        },
      ]),
    );
    renderWithProviders(<CommunityEvents />);
    expect(await screen.findByRole("heading", { name: "Writers' Night" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Event Info/ })).toHaveAttribute("href", `/events/${event.id}`);
    expect(screen.queryByRole("link", { name: /javascript/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Poster for Writers' Night" })).not.toBeInTheDocument();
  });

  it("shows the empty state when there are no events", async () => {
    stubFetch(() => jsonResponse([]));
    renderWithProviders(<CommunityEvents />);
    expect(await screen.findByText("No events found.")).toBeInTheDocument();
  });

  it("asks for events by date with the anonymous key and renders every field", async () => {
    const { requests } = stubFetch(() => jsonResponse([event]));
    renderWithProviders(<CommunityEvents />);

    expect(await screen.findByRole("heading", { name: "Writers' Night" })).toBeInTheDocument();
    expect(screen.getByText(formatEventDate(event.event_date))).toBeInTheDocument();
    expect(screen.getByText("upcoming")).toHaveClass("bg-yellow-400");
    expect(screen.getByText("Open mic for new songs.")).toBeInTheDocument();
    expect(screen.getByText("Södermalm, Stockholm")).toBeInTheDocument();
    expect(screen.getByText("Showcase")).toBeInTheDocument();
    expect(screen.getByText("120 max attendees")).toBeInTheDocument();
    // The event's own page, which has the organiser's link: what visitors share.
    expect(screen.getByRole("link", { name: /Event Info/ })).toHaveAttribute("href", `/events/${event.id}`);
    const image = screen.getByRole("img", { name: "Poster for Writers' Night" });
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).toHaveAttribute("width");
    expect(image).toHaveAttribute("height");

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe("/rest/v1/events?order=event_date.asc");
    expect(request?.headers.get("apikey")).toBe(TEST_CONFIG.anon_key);
    expect(request?.headers.get("authorization")).toBe(`Bearer ${TEST_CONFIG.anon_key}`);
  });

  it("shows '-' for a missing date and leaves out missing optional parts", async () => {
    stubFetch(() =>
      jsonResponse([
        {
          ...event,
          event_date: null,
          image_url: null,
          external_link: null,
          status: "past",
          max_attendees: null,
        },
      ]),
    );
    renderWithProviders(<CommunityEvents />);

    expect(await screen.findByText("-")).toBeInTheDocument();
    expect(screen.getByText("past")).toHaveClass("bg-zinc-800");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.queryByText(/max attendees/)).not.toBeInTheDocument();
  });

  it("drops a poster that fails to load instead of showing a broken image", async () => {
    stubFetch(() => jsonResponse([event]));
    renderWithProviders(<CommunityEvents />);

    fireEvent.error(await screen.findByRole("img", { name: "Poster for Writers' Night" }));
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Writers' Night" })).toBeInTheDocument();
  });

  it("lists events still to come before past ones, and never calls an undated event upcoming", async () => {
    const at = (title: string, event_date: string | null, status = "upcoming") => ({
      ...event,
      id: crypto.randomUUID(),
      title,
      event_date,
      status,
    });
    // The API's date order: the past ones first.
    stubFetch(() =>
      jsonResponse([
        at("Old Clinic", "2020-01-10T18:00:00.000Z", "past"),
        at("Last Year's Party", "2021-06-01T18:00:00.000Z", "past"),
        at("Writers' Night", "2030-03-14T19:00:00.000Z"),
        at("Someday Session", null),
      ]),
    );
    renderWithProviders(<CommunityEvents />);
    await screen.findByRole("heading", { name: "Writers' Night" });
    const titles = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(["Writers' Night", "Someday Session", "Last Year's Party", "Old Clinic"]);
    expect(screen.getAllByText("upcoming")).toHaveLength(1);
    expect(screen.getByText("date to be announced")).toBeInTheDocument();
  });
});
