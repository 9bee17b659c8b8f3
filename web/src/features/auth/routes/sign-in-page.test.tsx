import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router-dom";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { resetAuthSessionForTests } from "@/features/auth/api/auth-session";
import { AuthArea } from "@/features/auth/components/auth-provider";
import { RequireStaff } from "@/features/auth/components/require-staff";
import { SignInPage } from "@/features/auth/routes/sign-in-page";
import {
  authErrorResponse,
  buildSession,
  buildUser,
  storeSession,
} from "@/features/auth/testing/auth-fixtures";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderAuthRoutes(route = "/auth") {
  return renderWithProviders(
    <Routes>
      <Route element={<AuthArea />}>
        <Route path="auth" element={<SignInPage />} />
        <Route path="login" element={<SignInPage />} />
        <Route element={<RequireStaff />}>
          <Route path="app/*" element={<LocationProbe />} />
        </Route>
      </Route>
    </Routes>,
    { route },
  );
}

const isAuthCall = (request: RecordedRequest, path: string) =>
  new URL(request.url).pathname === `/auth/v1/${path}`;

async function openTab(name: "Sign In" | "Sign Up" | "Magic Link") {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("tab", { name }));
  return { user, panel: screen.getByRole("tabpanel") };
}

afterEach(() => {
  resetAuthSessionForTests();
  localStorage.clear();
  sonner.dismiss();
});

describe("SignInPage", () => {
  it("shows only a spinner while the session loads, then the portal heading and the three tabs", async () => {
    stubFetch(() => jsonResponse({}));
    renderAuthRoutes();

    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();

    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Portal");
    expect(screen.getByText("Sign in to access your music business dashboard")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Welcome" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Sign In",
      "Sign Up",
      "Magic Link",
    ]);
    expect(screen.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("renders the same screen at /login", async () => {
    stubFetch(() => jsonResponse({}));
    renderAuthRoutes("/login");
    expect(await screen.findByRole("heading", { level: 2, name: "Welcome" })).toBeInTheDocument();
  });

  it("sends a visitor who is already signed in on to /app", async () => {
    storeSession(buildSession());
    stubFetch(() => jsonResponse({}));
    renderAuthRoutes();
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/app$/);
  });

  describe("Sign In tab", () => {
    it("does nothing while the email or the password is empty", async () => {
      const { fetchMock } = stubFetch(() => jsonResponse({}));
      renderAuthRoutes();
      const { user, panel } = await openTab("Sign In");

      await user.click(within(panel).getByRole("button", { name: "Sign In" }));
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.click(within(panel).getByRole("button", { name: "Sign In" }));
      await user.clear(within(panel).getByLabelText("Email"));
      await user.type(within(panel).getByLabelText("Password"), "secret-password");
      await user.click(within(panel).getByRole("button", { name: "Sign In" }));

      expect(within(panel).getByLabelText("Email")).toBeRequired();
      expect(within(panel).getByLabelText("Password")).toBeRequired();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("shows 'Signing In...' while busy, then welcomes the user and opens /app", async () => {
      let answer: (response: Response) => void = () => undefined;
      const { requests } = stubFetch(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      );
      renderAuthRoutes();
      const { user, panel } = await openTab("Sign In");
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.type(within(panel).getByLabelText("Password"), "secret-password");
      await user.click(within(panel).getByRole("button", { name: "Sign In" }));

      const busy = within(panel).getByRole("button", { name: "Signing In..." });
      expect(busy).toBeDisabled();
      expect(requests).toHaveLength(1);
      expect(isAuthCall(requests[0] as RecordedRequest, "token")).toBe(true);
      expect(requests[0]?.body).toEqual({ email: "ada@example.com", password: "secret-password" });

      answer(jsonResponse(buildSession()));
      expect(await screen.findByText("Welcome!")).toBeInTheDocument();
      expect(screen.getByText("You have been signed in successfully.")).toBeInTheDocument();
      expect(await screen.findByTestId("location")).toHaveTextContent(/^\/app$/);
    });

    it("shows 'Sign in failed' with the server's message", async () => {
      stubFetch(() => authErrorResponse(400, "invalid_credentials", "Invalid login credentials"));
      renderAuthRoutes();
      const { user, panel } = await openTab("Sign In");
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.type(within(panel).getByLabelText("Password"), "wrong-password");
      await user.click(within(panel).getByRole("button", { name: "Sign In" }));

      expect(await screen.findByText("Sign in failed")).toBeInTheDocument();
      expect(screen.getByText("Invalid login credentials")).toBeInTheDocument();
      expect(within(panel).getByRole("button", { name: "Sign In" })).toBeEnabled();
    });

    it("falls back to 'Please check your credentials and try again.' without a message", async () => {
      stubFetch(() => authErrorResponse(400, "invalid_credentials", ""));
      renderAuthRoutes();
      const { user, panel } = await openTab("Sign In");
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.type(within(panel).getByLabelText("Password"), "wrong-password");
      await user.click(within(panel).getByRole("button", { name: "Sign In" }));

      expect(await screen.findByText("Please check your credentials and try again.")).toBeInTheDocument();
    });

    it("returns to the back-office page the guard sent the visitor away from", async () => {
      stubFetch(() => jsonResponse(buildSession()));
      renderAuthRoutes("/app/crm/talent?tab=all");
      const { user, panel } = await openTab("Sign In");
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.type(within(panel).getByLabelText("Password"), "secret-password");
      await user.click(within(panel).getByRole("button", { name: "Sign In" }));

      expect(await screen.findByTestId("location")).toHaveTextContent("/app/crm/talent?tab=all");
    });
  });

  describe("Sign Up tab", () => {
    async function fillSignUp(values: { name?: string; email?: string; password?: string }) {
      const { user, panel } = await openTab("Sign Up");
      if (values.name) await user.type(within(panel).getByLabelText("Full Name"), values.name);
      if (values.email) await user.type(within(panel).getByLabelText("Email"), values.email);
      if (values.password) await user.type(within(panel).getByLabelText("Password"), values.password);
      return { user, panel };
    }

    it("does nothing while any of the three fields is empty", async () => {
      const { fetchMock } = stubFetch(() => jsonResponse({}));
      renderAuthRoutes();
      const { user, panel } = await fillSignUp({ email: "ada@example.com", password: "long-password-1" });
      await user.click(within(panel).getByRole("button", { name: "Sign Up" }));
      await user.type(within(panel).getByLabelText("Full Name"), "   ");
      await user.click(within(panel).getByRole("button", { name: "Sign Up" }));

      expect(within(panel).getByLabelText("Full Name")).toBeRequired();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("shows 'Creating Account...' while busy, sends the full name and asks to check e-mail", async () => {
      let answer: (response: Response) => void = () => undefined;
      const { requests } = stubFetch(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      );
      renderAuthRoutes();
      const { user, panel } = await fillSignUp({
        name: "Ada Lovelace",
        email: "ada@example.com",
        password: "long-password-1",
      });
      await user.click(within(panel).getByRole("button", { name: "Sign Up" }));

      expect(within(panel).getByRole("button", { name: "Creating Account..." })).toBeDisabled();
      const request = requests[0] as RecordedRequest;
      expect(isAuthCall(request, "signup")).toBe(true);
      expect(request.body).toMatchObject({
        email: "ada@example.com",
        password: "long-password-1",
        data: { full_name: "Ada Lovelace" },
      });
      expect(new URL(request.url).searchParams.get("redirect_to")).toBe(`${window.location.origin}/app`);

      answer(jsonResponse(buildUser({ email_confirmed_at: null })));
      expect(await screen.findByText("Success!")).toBeInTheDocument();
      expect(screen.getByText("Please check your email for a verification link.")).toBeInTheDocument();
    });

    it("shows the server's weak-password reasons by the password field", async () => {
      const message = "Password should be at least 8 characters.";
      stubFetch(() =>
        authErrorResponse(422, "weak_password", message, { weak_password: { message, reasons: ["length"] } }),
      );
      renderAuthRoutes();
      const { user, panel } = await fillSignUp({ name: "Ada", email: "ada@example.com", password: "short" });
      await user.click(within(panel).getByRole("button", { name: "Sign Up" }));

      expect(await screen.findByText("Sign up failed")).toBeInTheDocument();
      const password = within(panel).getByLabelText("Password");
      expect(password).toHaveAttribute("aria-invalid", "true");
      expect(password).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(within(panel).getByRole("list", { name: "Why the password was refused" })).toHaveTextContent(
        "It is too short or too long.",
      );

      await user.type(password, "-and-longer");
      expect(password).not.toHaveAttribute("aria-invalid");
    });

    it("falls back to 'Please try again.' when the failure has no message", async () => {
      stubFetch(() => authErrorResponse(400, "validation_failed", ""));
      renderAuthRoutes();
      const { user, panel } = await fillSignUp({
        name: "Ada",
        email: "ada@example.com",
        password: "long-password-1",
      });
      await user.click(within(panel).getByRole("button", { name: "Sign Up" }));

      expect(await screen.findByText("Sign up failed")).toBeInTheDocument();
      expect(screen.getByText("Please try again.")).toBeInTheDocument();
    });
  });

  describe("Magic Link tab", () => {
    it("explains the link and does nothing without an email", async () => {
      const { fetchMock } = stubFetch(() => jsonResponse({}));
      renderAuthRoutes();
      const { user, panel } = await openTab("Magic Link");

      expect(within(panel).getByLabelText("Email")).toHaveAccessibleDescription(
        "We'll send you a secure link to sign in without a password.",
      );
      await user.click(within(panel).getByRole("button", { name: "Send Magic Link" }));
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("shows 'Sending Link...' while busy, then 'Magic link sent!'", async () => {
      let answer: (response: Response) => void = () => undefined;
      const { requests } = stubFetch(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      );
      renderAuthRoutes();
      const { user, panel } = await openTab("Magic Link");
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.click(within(panel).getByRole("button", { name: "Send Magic Link" }));

      expect(within(panel).getByRole("button", { name: "Sending Link..." })).toBeDisabled();
      const request = requests[0] as RecordedRequest;
      expect(isAuthCall(request, "otp")).toBe(true);
      expect(new URL(request.url).searchParams.get("redirect_to")).toBe(`${window.location.origin}/app`);

      answer(jsonResponse({}));
      expect(await screen.findByText("Magic link sent!")).toBeInTheDocument();
      expect(screen.getByText("Check your email for a sign-in link.")).toBeInTheDocument();
    });

    it("shows 'Magic link failed' with the server's message", async () => {
      stubFetch(() => authErrorResponse(422, "email_address_invalid", "Email address is invalid"));
      renderAuthRoutes();
      const { user, panel } = await openTab("Magic Link");
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.click(within(panel).getByRole("button", { name: "Send Magic Link" }));

      expect(await screen.findByText("Magic link failed")).toBeInTheDocument();
      expect(screen.getByText("Email address is invalid")).toBeInTheDocument();
    });

    it("falls back to 'Please try again.' when the failure has no message", async () => {
      stubFetch(() => authErrorResponse(500, "unexpected_failure", ""));
      renderAuthRoutes();
      const { user, panel } = await openTab("Magic Link");
      await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
      await user.click(within(panel).getByRole("button", { name: "Send Magic Link" }));

      expect(await screen.findByText("Magic link failed")).toBeInTheDocument();
      await waitFor(() => expect(screen.getByText("Please try again.")).toBeInTheDocument());
    });
  });
});
