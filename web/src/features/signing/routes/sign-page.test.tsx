import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { SignPage } from "@/features/signing/routes/sign-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

const TOKEN = "a".repeat(43);
const VIEW = {
  document: {
    title: "Producer Agreement: Velvet Nights",
    status: "awaiting_signatures",
    rendered_html: "<h1>Producer Agreement</h1><p>Between the Company and <strong>Pia</strong>.</p>",
    content_sha256: "f".repeat(64),
    parties: [
      { name: "Pia Producent", role: "signer", status: "viewed", is_you: true },
      { name: "Sven Label", role: "signer", status: "pending", is_you: false },
    ],
  },
  signer: { name: "Pia Producent", email: "pia@example.com" },
  expires_at: "2026-12-07T10:00:00Z",
};
const DEAD = { code: "signing_link_invalid", message: "This signing link is not valid" };

afterEach(() => {
  window.location.hash = "";
});

describe("the public signing page", () => {
  it("reads the token from the fragment, shows the document read-only, and signs with a typed name and consent", async () => {
    const user = userEvent.setup();
    window.location.hash = `#token=${TOKEN}`;
    const api = stubFetch((request) =>
      request.method === "GET"
        ? jsonResponse(VIEW)
        : jsonResponse({ signed_at: "2026-11-23T10:00:00Z", status: "partially_signed" }),
    );
    renderWithProviders(<SignPage />);
    expect(await screen.findByRole("heading", { level: 1, name: VIEW.document.title })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: `${VIEW.document.title} (read-only)` })).toHaveTextContent(
      "Between the Company and Pia.",
    );
    expect(api.requests[0]?.url).toContain(`/api/sign?token=${TOKEN}`);

    await user.click(screen.getByRole("button", { name: "Sign" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Type your full name to sign");
    await user.type(screen.getByLabelText("Full name"), "Pia Producent");
    await user.click(screen.getByRole("button", { name: "Sign" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Tick the box to agree to sign electronically");
    await user.click(screen.getByRole("checkbox", { name: /agree to sign it electronically/ }));
    await user.click(screen.getByRole("button", { name: "Sign" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Document status: Partially Signed");
    // The parties list counts the signature just given; the others are as they were.
    const parties = screen.getByRole("list");
    expect(parties).toHaveTextContent("Pia Producent (you): signed");
    expect(parties).toHaveTextContent("Sven Label: not signed yet");
    expect(api.requests.at(-1)).toMatchObject({
      method: "POST",
      body: { token: TOKEN, full_name: "Pia Producent", consent: true },
    });
  });

  it("shows why a name that is not the signer's is refused, and keeps the form to try again", async () => {
    const user = userEvent.setup();
    window.location.hash = `#token=${TOKEN}`;
    const refusal = {
      code: "signature_name_mismatch",
      message:
        "The typed name “Someone Else” is not the name this link was sent to (Pia Producent). Type your name as it appears on the document.",
    };
    stubFetch((request) => (request.method === "GET" ? jsonResponse(VIEW) : jsonResponse(refusal, 422)));
    renderWithProviders(<SignPage />);
    const name = await screen.findByLabelText("Full name");
    expect(name).toHaveAccessibleDescription("Type your name as the document names you: Pia Producent");
    await user.type(name, "Someone Else");
    await user.click(screen.getByRole("checkbox", { name: /agree to sign it electronically/ }));
    await user.click(screen.getByRole("button", { name: "Sign" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal.message);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign" })).toBeEnabled();
    expect(screen.getByLabelText("Full name")).toHaveValue("Someone Else");
  });

  it("says a dead link is no longer valid, the same for every reason", async () => {
    window.location.hash = `#token=${TOKEN}`;
    stubFetch(() => jsonResponse(DEAD, 410));
    renderWithProviders(<SignPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Link not valid" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("no longer valid");
  });

  it("asks nothing of the server without a token", async () => {
    const api = stubFetch(() => jsonResponse(VIEW));
    renderWithProviders(<SignPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Link not valid" })).toBeInTheDocument();
    await waitFor(() => expect(api.requests).toHaveLength(0));
  });
});
