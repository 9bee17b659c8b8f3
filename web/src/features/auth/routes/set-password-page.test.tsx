import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router-dom";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetAuthSessionForTests } from "@/features/auth/api/auth-session";
import { AuthArea } from "@/features/auth/components/auth-provider";
import { SetPasswordPage } from "@/features/auth/routes/set-password-page";
import { authErrorResponse, buildUser } from "@/features/auth/testing/auth-fixtures";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

const INVITED = buildUser({ email: "ny@example.com" });

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** Opens the page the way the invitation link does: the verify redirect's fragment in the address. */
function openFromLink(fragment: string) {
  window.history.replaceState(null, "", `/auth/set-password#${fragment}`);
  return renderWithProviders(
    <Routes>
      <Route element={<AuthArea />}>
        <Route path="auth/set-password" element={<SetPasswordPage />} />
        <Route path="app" element={<LocationProbe />} />
      </Route>
    </Routes>,
    { route: "/auth/set-password" },
  );
}

const INVITE_FRAGMENT =
  "access_token=invite-access&refresh_token=invite-refresh&expires_in=3600&token_type=bearer&type=invite";
const isUserCall = (request: RecordedRequest, method: string) =>
  request.method === method && new URL(request.url).pathname === "/auth/v1/user";

afterEach(() => {
  resetAuthSessionForTests();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("SetPasswordPage", () => {
  it("adopts the invitation's session, checks the two passwords match, saves and opens the back office", async () => {
    const { requests } = stubFetch(() => jsonResponse(INVITED));
    openFromLink(INVITE_FRAGMENT);
    const form = await screen.findByRole("form", { name: "Set your password" });
    expect(screen.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
    expect(screen.getByText("ny@example.com")).toBeVisible();
    expect(window.location.hash).toBe("");

    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("New password"), "Tonart-2026!");
    await user.type(within(form).getByLabelText("Confirm new password"), "Tonart-2026?");
    await user.click(within(form).getByRole("button", { name: "Set Password" }));
    expect(await within(form).findByText("The two passwords do not match.")).toBeVisible();
    expect(within(form).getByLabelText("Confirm new password")).toHaveFocus();
    expect(requests.filter((request) => isUserCall(request, "PUT"))).toHaveLength(0);

    await user.clear(within(form).getByLabelText("Confirm new password"));
    await user.type(within(form).getByLabelText("Confirm new password"), "Tonart-2026!");
    await user.click(within(form).getByRole("button", { name: "Set Password" }));

    expect(await screen.findByTestId("location")).toHaveTextContent("/app");
    expect(await screen.findByText("Password set")).toBeVisible();
    const put = requests.find((request) => isUserCall(request, "PUT"));
    expect(put?.body).toEqual({ password: "Tonart-2026!" });
    expect(put?.headers.get("authorization")).toBe("Bearer invite-access");
  });

  it("shows the server's reasons when the password is too weak, as the sign-up form does", async () => {
    stubFetch((request) =>
      isUserCall(request, "PUT")
        ? authErrorResponse(422, "weak_password", "Password should be at least 8 characters.", {
            weak_password: { message: "Password should be at least 8 characters.", reasons: ["length"] },
          })
        : jsonResponse(INVITED),
    );
    openFromLink(INVITE_FRAGMENT);
    const form = await screen.findByRole("form", { name: "Set your password" });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("New password"), "short");
    await user.type(within(form).getByLabelText("Confirm new password"), "short");
    await user.click(within(form).getByRole("button", { name: "Set Password" }));

    const reasons = await within(form).findByRole("list", { name: "Why the password was refused" });
    expect(reasons).toHaveTextContent("It is too short or too long.");
    expect(within(form).getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("explains an expired or used invitation link and what to do, without a sign-in toast", async () => {
    const toastError = vi.spyOn(sonner, "error");
    stubFetch(() => jsonResponse({}));
    openFromLink(
      "error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    expect(screen.getByText(/Ask an administrator to send you a new invitation/)).toBeVisible();
    expect(screen.getByText("Details: Email link is invalid or has expired")).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/auth");
    // The toast is raised in the same step that records the error, so by now it would have been.
    expect(toastError).not.toHaveBeenCalled();
  });

  it("asks for the invitation link when opened without one", async () => {
    stubFetch(() => jsonResponse({}));
    openFromLink("");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Open the link from your e-mail" }),
    ).toBeVisible();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });
});
