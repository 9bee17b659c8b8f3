import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { EventPage } from "@/features/events/routes/event-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

const ID = "6f1c1c2e-7d0a-4d6b-9b0e-2f7f3f0a9a11";
const event = {
  id: ID,
  title: "Writers' Night",
  description: "Open mic for new songs.",
  event_date: "2030-03-14T18:00:00.000Z",
  status: "upcoming",
  location: "Södermalm, Stockholm",
  event_type: "Showcase",
  max_attendees: 120,
  image_url: "/images/events/writers-night.svg",
  external_link: "https://tickets.example.test/writers-night",
  published: true,
  created_at: "2024-01-01T00:00:00.000Z",
  updated_at: "2024-01-01T00:00:00.000Z",
};

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/events/:id" element={<EventPage notFound={<h1>Not found here</h1>} />} />
    </Routes>,
    { route: path },
  );

describe("EventPage", () => {
  it("asks for the one event by id and shows it, with its time in Stockholm's zone and the organiser's link", async () => {
    const { requests } = stubFetch(() => jsonResponse([event]));
    renderAt(`/events/${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Writers' Night" })).toBeInTheDocument();
    expect(screen.getByText("Thu, 14 Mar 2030, 19:00 CET")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Tickets and more from the organiser/ })).toHaveAttribute(
      "href",
      event.external_link,
    );
    expect(screen.getByRole("img", { name: "Poster for Writers' Night" })).toHaveClass("object-contain");
    expect(new URL(requests[0]?.url ?? "", "http://localhost").searchParams.get("id")).toBe(`eq.${ID}`);
    expect(document.title).toBe("Writers' Night | Slussen Sound");
  });

  it("does not link an organiser address stored before the http(s) rule", async () => {
    stubFetch(() => jsonResponse([{ ...event, external_link: "javascript:alert(1)" }]));
    renderAt(`/events/${ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Writers' Night" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /organiser/ })).not.toBeInTheDocument();
  });

  it("is not found when the public reads no such event (a draft, or none)", async () => {
    stubFetch(() => jsonResponse([]));
    renderAt(`/events/${ID}`);
    expect(await screen.findByRole("heading", { name: "Not found here" })).toBeInTheDocument();
  });

  it("is not found, without asking, for a path that is no event id", async () => {
    const { requests } = stubFetch(() => jsonResponse([event]));
    renderAt("/events/not-an-id");
    expect(screen.getByRole("heading", { name: "Not found here" })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
