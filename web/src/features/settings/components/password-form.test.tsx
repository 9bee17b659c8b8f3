import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PasswordForm } from "@/features/settings/components/password-form";
import { createTestAuthClient } from "@/test/auth-client";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const authError = (status: number, code: string, message: string, extra: object = {}) =>
  jsonResponse({ code, message, ...extra }, status);

/** The auth server as far as a password change goes: an old session, so a nonce is needed. */
function stubAuthServer({ validNonce }: { validNonce: string }) {
  return stubFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/auth/v1/reauthenticate") return jsonResponse({});
    if (pathname === "/auth/v1/user" && request.method === "PUT") {
      const body = request.body as { password: string; nonce?: string };
      if (body.nonce === undefined) {
        return authError(400, "reauthentication_needed", "Password update requires reauthentication");
      }
      if (body.nonce !== validNonce) {
        return authError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");
      }
      return jsonResponse(STAFF_USER);
    }
    return jsonResponse({ message: "not stubbed" }, 500);
  });
}

function renderForm() {
  return renderBackOffice(<PasswordForm />, {
    route: "/app/settings",
    auth: createAuthState({ client: createTestAuthClient() }),
  });
}

describe("PasswordForm", () => {
  it("checks the two passwords before asking the server", async () => {
    const user = userEvent.setup();
    const { requests } = stubAuthServer({ validNonce: "123456" });
    renderForm();
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getByText("Enter a new password.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New password"), "a-new-long-password");
    await user.type(screen.getByLabelText("Confirm new password"), "a-new-long-passwort");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getByText("The two passwords do not match.")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm new password")).toHaveAttribute("aria-invalid", "true");
    expect(requests).toHaveLength(0);
  });

  it("asks for the mailed code when the server wants one, refuses a wrong code, accepts the right one", async () => {
    const user = userEvent.setup();
    const { requests } = stubAuthServer({ validNonce: "654321" });
    renderForm();
    await user.type(screen.getByLabelText("New password"), "a-new-long-password");
    await user.type(screen.getByLabelText("Confirm new password"), "a-new-long-password");
    await user.click(screen.getByRole("button", { name: "Change password" }));

    expect(await screen.findByText(/we mailed you a code at maja@example.test/)).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "PUT /auth/v1/user",
      "GET /auth/v1/reauthenticate",
    ]);

    const code = screen.getByLabelText("Code from the e-mail");
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(/That code is wrong or has expired/)).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");

    await user.clear(code);
    await user.type(code, "654 321");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ password: "a-new-long-password", nonce: "654321" });
    expect(screen.queryByLabelText("Code from the e-mail")).not.toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });

  it("shows a weak-password refusal with its reasons under the password", async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      authError(422, "weak_password", "Password is too weak", {
        weak_password: { message: "Password is too weak", reasons: ["length"] },
      }),
    );
    renderForm();
    await user.type(screen.getByLabelText("New password"), "short");
    await user.type(screen.getByLabelText("Confirm new password"), "short");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password is too weak")).toBeInTheDocument();
    expect(screen.getByText("It is too short or too long.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true"),
    );
  });
});
