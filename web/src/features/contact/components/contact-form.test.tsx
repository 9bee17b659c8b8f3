import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ContactForm } from "@/features/contact/components/contact-form";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

describe("ContactForm", () => {
  it("requires every field and sends nothing", async () => {
    const { fetchMock } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);

    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Name is required");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription("Subject is required");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("Message is required");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects a malformed email inline and clears the error once corrected", async () => {
    const { fetchMock } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText("Name"), "Nils");
    await user.type(screen.getByLabelText("Email"), "nils@");
    await user.type(screen.getByLabelText("Subject"), "Booking");
    await user.type(screen.getByLabelText("Message"), "Can you run sound for us?");

    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Enter a valid email address");
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(email, "example.com");
    expect(email).not.toHaveAttribute("aria-invalid");
  });

  it("sends a valid message and confirms it", async () => {
    const { requests } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText("Name"), "Nils");
    await user.type(screen.getByLabelText("Email"), "nils@example.com");
    await user.type(screen.getByLabelText("Subject"), "Booking");
    await user.type(screen.getByLabelText("Message"), "Can you run sound for us?");

    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByText("Message sent!")).toBeInTheDocument();
    expect(requests[0]?.url).toBe("/rest/v1/contact_messages");
    expect(requests[0]?.body).toMatchObject({ name: "Nils", email: "nils@example.com", subject: "Booking" });
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });
});
