import type { AuthFactor, PublicConfig } from "@app/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SecondFactorGate } from "@/features/auth/components/second-factor-gate";
import { buildSession, createTestAuthClient } from "@/test/auth-client";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const FACTOR_ID = "22222222-2222-4222-8222-222222222222";
const CHALLENGE_ID = "33333333-3333-4333-8333-333333333333";
const factor: AuthFactor = {
  id: FACTOR_ID,
  factor_type: "totp",
  status: "verified",
  created_at: "2030-01-01T00:00:00Z",
  updated_at: "2030-01-01T00:00:00Z",
};
const userWithFactor = { ...STAFF_USER, factors: [factor] };

type VerifyReply = { status: number; body: object; headers?: Record<string, string> };

/** The auth server: its back-office rule, and a verify answered by `verify` (the aal2 session by default). */
function stubAuthServer(backOfficeAal: "aal1" | "aal2", verify?: (code: string) => VerifyReply | undefined) {
  return stubFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/auth/v1/settings") {
      return jsonResponse({
        external: { email: true },
        disable_signup: false,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: "",
        saml_enabled: false,
        back_office_aal: backOfficeAal,
      });
    }
    if (pathname.endsWith("/challenge")) {
      return jsonResponse({ id: CHALLENGE_ID, type: "totp", expires_at: Date.now() / 1000 + 300 });
    }
    if (pathname.endsWith("/verify")) {
      const code = (request.body as { code: string }).code;
      const reply = verify?.(code);
      if (reply)
        return new Response(JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
      return jsonResponse(buildSession(userWithFactor, { aal: "aal2" }));
    }
    return jsonResponse({ message: "not stubbed" }, 500);
  });
}

function renderGate(session = buildSession(userWithFactor), config: Partial<PublicConfig> = {}) {
  const client = createTestAuthClient(session);
  return renderBackOffice(
    <SecondFactorGate client={client}>
      <p>back office</p>
    </SecondFactorGate>,
    { route: "/app/crm", auth: createAuthState({ user: session.user, client }), config },
  );
}

describe("SecondFactorGate", () => {
  it.each(["aal1", "aal2"] as const)(
    "takes the back office's rule (%s) from the page's config, asking the server nothing",
    async (aal) => {
      const { requests } = stubAuthServer(aal === "aal1" ? "aal2" : "aal1");
      renderGate(buildSession(STAFF_USER), { back_office_aal: aal });
      if (aal === "aal1") expect(await screen.findByText("back office")).toBeInTheDocument();
      else
        expect(
          await screen.findByRole("heading", { level: 1, name: "Set up two-factor authentication" }),
        ).toBeInTheDocument();
      expect(requests).toEqual([]);
    },
  );

  it("lets a session without a factor in when aal1 is enough", async () => {
    stubAuthServer("aal1");
    renderGate(buildSession(STAFF_USER));
    expect(await screen.findByText("back office")).toBeInTheDocument();
  });

  it("without a factor, a server that needs aal2 opens only the settings page, to set one up", async () => {
    const user = userEvent.setup();
    stubAuthServer("aal2");
    renderGate(buildSession(STAFF_USER));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Set up two-factor authentication" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("back office")).not.toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Set up now" }));
    expect(await screen.findByText("back office")).toBeInTheDocument();
  });

  it("lets an aal2 session straight in, without asking the server", () => {
    const { requests } = stubAuthServer("aal2");
    renderGate(buildSession(userWithFactor, { aal: "aal2" }));
    expect(screen.getByText("back office")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("requires the code when the server needs aal2: no skip, a wrong code refused, the right one lets in", async () => {
    const user = userEvent.setup();
    stubAuthServer("aal2", (code) =>
      code === "000000"
        ? { status: 422, body: { code: "mfa_verification_failed", message: "Invalid TOTP code entered" } }
        : undefined,
    );
    renderGate();
    expect(await screen.findByRole("heading", { name: "Two-factor authentication" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Skip for now" })).not.toBeInTheDocument();
    expect(screen.queryByText("back office")).not.toBeInTheDocument();

    const code = screen.getByLabelText("Authentication code");
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/That code is not correct/);
    expect(code).toHaveAttribute("aria-invalid", "true");

    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("back office")).toBeInTheDocument();
  });

  it("explains a locked factor and when to try again", async () => {
    const user = userEvent.setup();
    stubAuthServer("aal2", () => ({
      status: 429,
      body: { code: "mfa_factor_locked", message: "Too many invalid codes" },
      headers: { "content-type": "application/json", "retry-after": "900" },
    }));
    renderGate();
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /Too many wrong codes: .* Try again in 15 minutes, at \d\d:\d\d\./,
    );
  });

  it("checks the code's shape before sending it", async () => {
    const user = userEvent.setup();
    const { requests } = stubAuthServer("aal2");
    renderGate();
    await user.type(await screen.findByLabelText("Authentication code"), "12ab");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code is 6 digits, with no letters.");
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(["/auth/v1/settings"]);
  });

  it("requires the code of a person with a factor even when the server lets aal1 in: no skip", async () => {
    stubAuthServer("aal1");
    renderGate();
    expect(await screen.findByRole("heading", { name: "Two-factor authentication" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Skip for now" })).not.toBeInTheDocument();
    expect(screen.queryByText("back office")).not.toBeInTheDocument();
  });
});
