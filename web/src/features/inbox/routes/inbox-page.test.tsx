import type { ContactMessage } from "@app/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { InboxPage } from "@/features/inbox/routes/inbox-page";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

const older = {
  id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  name: "Elin",
  email: "elin@example.test",
  subject: "Booking for May",
  message: "Can we book the studio?",
  handled_at: null,
  created_at: "2030-01-01T10:00:00Z",
};
const newer = {
  id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
  name: "Jonas",
  email: "jonas@example.test",
  subject: "Press enquiry",
  message: "Interview request.",
  handled_at: null,
  created_at: "2030-01-02T10:00:00Z",
};
const application = {
  id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
  first_name: "Sara",
  last_name: "Berg",
  email: "sara@example.test",
  role: "Audio Engineers",
  portfolio: "https://sara.example.test",
  experience: "Ten years of live sound.",
  vision: "To mix great records.",
  handled_at: null,
  created_at: "2030-01-03T10:00:00Z",
};
const subscription = {
  id: "dddddddd-dddd-4ddd-8ddd-dddddddddddd",
  email: "fan@example.test",
  interest_releases: true,
  interest_events: false,
  interest_behind_the_scenes: true,
  interest_platform: false,
  updated_at: "2030-01-04T10:00:00Z",
  handled_at: null,
  created_at: "2030-01-04T10:00:00Z",
};

function stubInbox(onPatch: (request: RecordedRequest) => Response = () => jsonResponse([])) {
  let messages: ContactMessage[] = [older, newer];
  return stubFetch((request) => {
    const url = new URL(request.url, "http://localhost");
    if (request.method === "PATCH") {
      const response = onPatch(request);
      if (response.ok) {
        const id = url.searchParams.get("id")?.replace("eq.", "");
        const handled = (request.body as { handled: boolean }).handled;
        messages = messages.map((m) =>
          m.id === id ? { ...m, handled_at: handled ? "2030-01-05T10:00:00Z" : null } : m,
        );
      }
      return response;
    }
    if (url.pathname === "/rest/v1/contact_messages") return jsonResponse(messages);
    if (url.pathname === "/rest/v1/applications") return jsonResponse([application]);
    return jsonResponse([subscription]);
  });
}

describe("InboxPage", () => {
  it("asks for each list newest first and shows contact messages newest first with details", async () => {
    const { requests } = stubInbox();
    renderWithProviders(<InboxPage />);
    const list = await screen.findByRole("list", { name: "messages, newest first" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((button) => within(button).getByText(/Press|Booking/).textContent),
    ).toEqual(["Press enquiry", "Booking for May"]);
    expect(requests.map((r) => r.url).sort()).toEqual([
      "/rest/v1/applications?order=created_at.desc",
      "/rest/v1/contact_messages?order=created_at.desc",
      "/rest/v1/newsletter_subscriptions?order=created_at.desc",
    ]);

    const details = screen.getByRole("region", { name: "Details: Press enquiry" });
    expect(details).toHaveTextContent("Interview request.");

    await userEvent.setup().click(within(list).getByRole("button", { name: /Booking for May/ }));
    expect(screen.getByRole("region", { name: "Details: Booking for May" })).toHaveTextContent(
      "Can we book the studio?",
    );
  });

  it("marks a message handled with a PATCH, a toast and the updated state, then reopens it", async () => {
    const user = userEvent.setup();
    const { requests } = stubInbox();
    renderWithProviders(<InboxPage />);
    const details = await screen.findByRole("region", { name: "Details: Press enquiry" });

    await user.click(within(details).getByRole("button", { name: "Mark as handled" }));
    expect(await screen.findByText("Marked as handled")).toBeInTheDocument();
    const patch = requests.find((r) => r.method === "PATCH");
    expect(patch?.url).toBe(`/rest/v1/contact_messages?id=eq.${newer.id}`);
    expect(patch?.body).toEqual({ handled: true });
    await waitFor(() =>
      expect(
        within(screen.getByRole("region", { name: /Press enquiry/ })).getByRole("button", { name: "Reopen" }),
      ).toBeInTheDocument(),
    );

    await user.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await screen.findByText("Reopened")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Mark as handled" })).toBeInTheDocument());
  });

  it("rolls back and explains when the PATCH is refused", async () => {
    const user = userEvent.setup();
    stubInbox(() => jsonResponse({ code: "42501", message: "Staff only.", details: null, hint: null }, 403));
    renderWithProviders(<InboxPage />);
    const details = await screen.findByRole("region", { name: "Details: Press enquiry" });
    await user.click(within(details).getByRole("button", { name: "Mark as handled" }));
    expect(await screen.findByText("Could not update the contact message")).toBeInTheDocument();
    expect(screen.getByText("Staff only.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Mark as handled" })).toBeInTheDocument());
  });

  it("shows applications and newsletter subscribers in their tabs", async () => {
    const user = userEvent.setup();
    stubInbox();
    renderWithProviders(<InboxPage />);
    await user.click(await screen.findByRole("tab", { name: /Applications/ }));
    const application = await screen.findByRole("region", { name: "Details: Sara Berg" });
    expect(application).toHaveTextContent("Audio Engineers");
    expect(within(application).getByRole("link", { name: /sara\.example\.test/ })).toHaveAttribute(
      "href",
      "https://sara.example.test",
    );
    await user.click(screen.getByRole("tab", { name: /Newsletter/ }));
    const subscriber = await screen.findByRole("region", { name: "Details: fan@example.test" });
    expect(subscriber).toHaveTextContent("New music releasesYes");
    expect(subscriber).toHaveTextContent("Event announcementsNo");
  });

  it("says when a list fails to load", async () => {
    stubFetch(() => jsonResponse({ code: "42501", message: "Staff only.", details: null, hint: null }, 403));
    renderWithProviders(<InboxPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load messages. Staff only.");
  });
});
