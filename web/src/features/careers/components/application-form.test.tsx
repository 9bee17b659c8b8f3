import { HONEYPOT_FIELD } from "@app/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ApplicationForm } from "@/features/careers/components/application-form";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

async function fillValidApplication(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("First Name"), "Agnes");
  await user.type(screen.getByLabelText("Last Name"), "Berg");
  await user.type(screen.getByLabelText("Email"), "agnes@example.com");
  await user.selectOptions(screen.getByLabelText("Interested Role"), "Audio Engineers");
  await user.type(screen.getByLabelText(/Portfolio\/Website/), "https://agnesberg.example");
  await user.type(screen.getByLabelText("Tell us about your experience"), "Five years of live sound.");
  await user.type(screen.getByLabelText(/Why do you want to join/), "I love your festival.");
}

describe("ApplicationForm", () => {
  it("shows an inline error for every required field and sends nothing", async () => {
    const { fetchMock } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<ApplicationForm />);

    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    const firstName = screen.getByLabelText("First Name");
    expect(firstName).toHaveAttribute("aria-invalid", "true");
    expect(firstName).toHaveAccessibleDescription("First name is required");
    expect(firstName).toHaveFocus();
    expect(screen.getByLabelText("Last Name")).toHaveAccessibleDescription("Last name is required");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(screen.getByLabelText("Interested Role")).toHaveAccessibleDescription(
      "Interested role is required",
    );
    expect(screen.getByLabelText("Tell us about your experience")).toHaveAccessibleDescription(
      "Experience is required",
    );
    expect(screen.getByLabelText(/Why do you want to join/)).toHaveAccessibleDescription(
      "This answer is required",
    );
    expect(screen.getByLabelText(/Portfolio\/Website/)).not.toHaveAttribute("aria-invalid");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects a malformed email inline without sending", async () => {
    const { fetchMock } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<ApplicationForm />);
    await fillValidApplication(user);
    const email = screen.getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "agnes-at-example");

    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAccessibleDescription("Enter a valid email address");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts a valid application, confirms it and clears the form", async () => {
    const { requests } = stubFetch(() => jsonResponse([{ received: true }], 201));
    const user = userEvent.setup();
    renderWithProviders(<ApplicationForm />);
    await fillValidApplication(user);

    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText("Application sent!")).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.url).toBe("/rest/v1/applications");
    expect(requests[0]?.body).toEqual({
      first_name: "Agnes",
      last_name: "Berg",
      email: "agnes@example.com",
      role: "Audio Engineers",
      portfolio: "https://agnesberg.example",
      experience: "Five years of live sound.",
      vision: "I love your festival.",
      [HONEYPOT_FIELD]: "",
    });
    expect(screen.getByLabelText("First Name")).toHaveValue("");
  });

  it("keeps the answers and explains when the server is rate limiting", async () => {
    stubFetch(() =>
      jsonResponse({ code: "PGRST429", message: "Too many requests", details: null, hint: null }, 429),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplicationForm />);
    await fillValidApplication(user);

    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText("Could not send your application")).toBeInTheDocument();
    expect(screen.getByText(/Too many attempts/)).toBeInTheDocument();
    expect(screen.getByLabelText("First Name")).toHaveValue("Agnes");
  });

  it("has a honeypot that people cannot reach", () => {
    const { container } = renderWithProviders(<ApplicationForm />);
    const honeypot = container.querySelector(`input[name="${HONEYPOT_FIELD}"]`);
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot?.closest("[aria-hidden='true']")).not.toBeNull();
  });
});
