import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { RequireStaff } from "@/features/auth/components/require-staff";
import { buildUser, renderWithAuthState } from "@/features/auth/testing/auth-fixtures";
import type { AuthState } from "@/lib/use-auth";

function SignInProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>{`sign-in screen, from ${from}`}</p>;
}

function renderGuard(state: Partial<AuthState>, route = "/app/crm/talent") {
  return renderWithAuthState(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/auth" element={<SignInProbe />} />
        <Route element={<RequireStaff />}>
          <Route path="/app/*" element={<p>talent screen</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    state,
  );
}

describe("RequireStaff", () => {
  it("shows only a spinner while the session loads", () => {
    renderGuard({ status: "loading", user: null, isStaff: false });
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByText("talent screen")).not.toBeInTheDocument();
  });

  it("sends a visitor to /auth, remembering where they were going", () => {
    renderGuard({ status: "signed-out", user: null, isStaff: false });
    expect(screen.getByText("sign-in screen, from /app/crm/talent")).toBeInTheDocument();
  });

  it("shows staff the screen", () => {
    renderGuard({ status: "signed-in", isStaff: true });
    expect(screen.getByText("talent screen")).toBeInTheDocument();
  });

  it("tells a signed-in user without the staff role that an administrator must grant access", async () => {
    const signOut = vi.fn(async () => undefined);
    renderGuard({
      status: "signed-in",
      user: buildUser({ email: "guest@example.com", app_metadata: {} }),
      isStaff: false,
      signOut,
    });

    expect(screen.queryByText("talent screen")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Access pending" })).toBeInTheDocument();
    expect(screen.getByText(/An administrator must grant you access/)).toHaveTextContent("guest@example.com");

    await userEvent.setup().click(screen.getByRole("button", { name: "Sign Out" }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
