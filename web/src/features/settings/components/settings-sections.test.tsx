import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SessionsSection } from "@/features/settings/components/sessions-section";
import { TwoFactorSection } from "@/features/settings/components/two-factor-section";
import { createTestAuthClient } from "@/test/auth-client";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const FACTOR_ID = "22222222-2222-4222-8222-222222222222";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const session = (id: string, current: boolean) => ({
  id,
  created_at: "2030-01-01T10:00:00Z",
  refreshed_at: new Date().toISOString(),
  user_agent: CHROME_MAC,
  ip: current ? "10.0.0.1" : "10.0.0.2",
  aal: "aal1",
  current,
});

const route = (request: RecordedRequest) => `${request.method} ${new URL(request.url).pathname}`;

function render(element: React.ReactElement) {
  return renderBackOffice(element, {
    route: "/app/settings",
    auth: createAuthState({ client: createTestAuthClient() }),
  });
}

describe("SessionsSection", () => {
  it("lists the sessions, marks this device, and ends another one", async () => {
    const user = userEvent.setup();
    let live = [
      session("11111111-1111-4111-8111-111111111111", true),
      session("33333333-3333-4333-8333-333333333333", false),
    ];
    const { requests } = stubFetch((request) => {
      if (route(request) === "GET /auth/v1/user/sessions") return jsonResponse(live);
      live = live.filter((s) => s.current);
      return new Response(null, { status: 204 });
    });
    render(<SessionsSection />);
    const list = await screen.findByRole("list", { name: "Signed-in sessions" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Chrome on macOS");
    expect(rows[0]).toHaveTextContent("This device");
    expect(rows[0]).toHaveTextContent("IP address 10.0.0.1");
    expect(rows[0]).toHaveTextContent(/Signed in 1 Jan 2030, \d\d:00 · Last active \d+ seconds? ago/);
    expect(within(rows[0] as HTMLElement).queryByRole("button")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "End session on Chrome on macOS" }));
    expect(await screen.findByText("You are not signed in anywhere else.")).toBeInTheDocument();
    expect(requests.map(route)).toContain(
      "DELETE /auth/v1/user/sessions/33333333-3333-4333-8333-333333333333",
    );
    expect(screen.queryByRole("button", { name: "Sign out other sessions" })).not.toBeInTheDocument();
  });

  it("says when the list cannot be read, and tries again", async () => {
    const user = userEvent.setup();
    let fails = true;
    stubFetch(() =>
      fails
        ? jsonResponse({ code: "unexpected_failure", message: "boom" }, 500)
        : jsonResponse([session("11111111-1111-4111-8111-111111111111", true)]),
    );
    render(<SessionsSection />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong on our side");
    fails = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("This device")).toBeInTheDocument();
  });
});

describe("TwoFactorSection", () => {
  it("starts off, shows the QR code and setup key, refuses a wrong code, and discards a cancelled setup", async () => {
    const user = userEvent.setup();
    const { requests } = stubFetch((request) => {
      switch (route(request)) {
        case "GET /auth/v1/user":
          return jsonResponse({ ...STAFF_USER, factors: [] });
        case "POST /auth/v1/factors":
          return jsonResponse({
            id: FACTOR_ID,
            type: "totp",
            totp: { qr_code: '<svg fill="#000"/>', secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x" },
          });
        case `POST /auth/v1/factors/${FACTOR_ID}/challenge`:
          return jsonResponse({ id: "33333333-3333-4333-8333-333333333333", type: "totp", expires_at: 4e9 });
        case `POST /auth/v1/factors/${FACTOR_ID}/verify`:
          return jsonResponse({ code: "mfa_verification_failed", message: "Invalid TOTP code entered" }, 422);
        default:
          return jsonResponse({ id: FACTOR_ID });
      }
    });
    render(<TwoFactorSection />);
    expect(await screen.findByText("Two-factor authentication is off")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Set up two-factor" }));
    const form = await screen.findByRole("form", { name: "Set up an authenticator app" });
    expect(within(form).getByRole("img", { name: /QR code/ })).toHaveAttribute(
      "src",
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg fill="#000"/>')}`,
    );
    expect(within(form).getByLabelText("Setup key")).toHaveValue("JBSW Y3DP EHPK 3PXP");
    expect(screen.queryByText("Two-factor authentication is off")).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText("Code from the app"), "123456");
    await user.click(within(form).getByRole("button", { name: "Verify and turn on" }));
    expect(await within(form).findByText(/That code is not correct/)).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Set up an authenticator app" })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(requests.map(route)).toContain(`DELETE /auth/v1/factors/${FACTOR_ID}`));
  });
});
