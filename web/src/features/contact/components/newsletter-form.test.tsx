import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { NewsletterForm } from "@/features/contact/components/newsletter-form";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

describe("NewsletterForm", () => {
  it("requires an email and sends nothing without one", async () => {
    const { fetchMock } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);

    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects a malformed email inline", async () => {
    const { fetchMock } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);
    await user.type(screen.getByLabelText("Email"), "not-an-email");

    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Enter a valid email address");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the chosen interests, asks to confirm from the inbox, and resets them", async () => {
    const { requests } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("checkbox", { name: "Event announcements" }));
    await user.click(screen.getByRole("checkbox", { name: "SplitLedger updates" }));

    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(await screen.findByText("Check your inbox to confirm")).toBeInTheDocument();
    expect(screen.queryByText(/subscribed!/)).not.toBeInTheDocument();
    expect(requests[0]?.url).toBe("/rest/v1/newsletter_subscriptions");
    expect(requests[0]?.body).toMatchObject({
      email: "fan@example.com",
      interest_releases: false,
      interest_events: true,
      interest_behind_the_scenes: false,
      interest_platform: true,
    });
    expect(screen.getByRole("checkbox", { name: "Event announcements" })).not.toBeChecked();
  });
});
