import { QueryClient } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import {
  bindQueryClient,
  getAuthSnapshot,
  resetAuthSessionForTests,
  signOutWithToast,
  startAuthSession,
} from "@/features/auth/api/auth-session";
import {
  AUTH_STORAGE_KEY,
  authErrorResponse,
  buildSession,
  buildUser,
  storeSession,
} from "@/features/auth/testing/auth-fixtures";
import { setUnauthorizedHandler, tsr } from "@/lib/api-client";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { installConfigMeta, renderWithProviders } from "@/test/render";

const pathOf = (request: RecordedRequest) => new URL(request.url, window.location.origin).pathname;

async function startSignedIn(session = buildSession()) {
  installConfigMeta();
  storeSession(session);
  const client = await startAuthSession();
  await client.initialize();
  return { client, session };
}

/** Any rendered tree with the toaster, so toasts can be read from the page. */
function renderToaster() {
  renderWithProviders(<p>page</p>);
}

afterEach(() => {
  resetAuthSessionForTests();
  localStorage.clear();
  sonner.dismiss();
});

describe("auth session", () => {
  it("starts one client however often it is asked for", async () => {
    installConfigMeta();
    stubFetch(() => jsonResponse({}));
    const [first, second] = await Promise.all([startAuthSession(), startAuthSession()]);
    expect(first).toBe(second);
    await first.initialize();
    expect(getAuthSnapshot().status).toBe("signed-out");
  });

  it("reports a stored session as signed in once INITIAL_SESSION arrives", async () => {
    stubFetch(() => jsonResponse({}));
    const { session } = await startSignedIn();
    await act(async () => undefined);
    expect(getAuthSnapshot()).toMatchObject({ status: "signed-in", session: { user: session.user } });
  });

  it("signs out with 'Signed out', forgets the session and clears cached data", async () => {
    const { requests } = stubFetch(() => new Response(null, { status: 204 }));
    await startSignedIn();
    const queryClient = new QueryClient();
    queryClient.setQueryData(["talent"], ["cached row"]);
    bindQueryClient(queryClient);
    renderToaster();

    await act(() => signOutWithToast());

    expect(pathOf(requests[0] as RecordedRequest)).toBe("/auth/v1/logout");
    expect(new URL((requests[0] as RecordedRequest).url).searchParams.get("scope")).toBe("global");
    expect(await screen.findByText("Signed out")).toBeInTheDocument();
    expect(screen.getByText("You have been signed out successfully.")).toBeInTheDocument();
    expect(getAuthSnapshot().status).toBe("signed-out");
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(["talent"])).toBeUndefined();
  });

  it("keeps the session and says 'Failed to sign out. Please try again.' when the server fails", async () => {
    stubFetch(() => authErrorResponse(500, "unexpected_failure", "Database unavailable"));
    await startSignedIn();
    renderToaster();

    await act(() => signOutWithToast());

    expect(await screen.findByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Failed to sign out. Please try again.")).toBeInTheDocument();
    expect(getAuthSnapshot().status).toBe("signed-in");
  });

  it("shows the error an e-mailed link came back with", async () => {
    window.history.replaceState(
      null,
      "",
      "/app#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    );
    installConfigMeta();
    stubFetch(() => jsonResponse({}));
    renderToaster();

    await act(async () => {
      const client = await startAuthSession();
      await client.initialize();
    });

    expect(await screen.findByText("Sign in failed")).toBeInTheDocument();
    expect(screen.getByText("Email link is invalid or has expired")).toBeInTheDocument();
    expect(window.location.hash).toBe("");
  });
});

describe("data API calls with a signed-in user", () => {
  it("send the user's token, and on a 401 refresh once and retry with the new token", async () => {
    const first = buildSession();
    const refreshed = buildSession(first.user);
    const { requests } = stubFetch((request) => {
      if (pathOf(request) === "/auth/v1/token") return jsonResponse(refreshed);
      const isFresh = request.headers.get("authorization") === `Bearer ${refreshed.access_token}`;
      return isFresh ? jsonResponse([]) : jsonResponse({ message: "JWT expired" }, 401);
    });
    await startSignedIn(first);

    const result = await tsr.tables.events.list.query({ query: {}, headers: {} });

    expect(result.status).toBe(200);
    expect(requests.map((request) => [pathOf(request), request.headers.get("authorization")])).toEqual([
      ["/rest/v1/events", `Bearer ${first.access_token}`],
      ["/auth/v1/token", null],
      ["/rest/v1/events", `Bearer ${refreshed.access_token}`],
    ]);
    expect(getAuthSnapshot().session?.access_token).toBe(refreshed.access_token);
  });

  it("sign out when the refreshed token is refused too, without a second retry", async () => {
    const first = buildSession();
    const { requests } = stubFetch((request) => {
      if (pathOf(request) === "/auth/v1/token") return jsonResponse(buildSession(first.user));
      if (pathOf(request) === "/auth/v1/logout") return new Response(null, { status: 204 });
      return jsonResponse({ message: "JWT expired" }, 401);
    });
    await startSignedIn(first);

    const result = await tsr.tables.events.list.query({ query: {}, headers: {} });

    expect(result.status).toBe(401);
    expect(requests.map(pathOf)).toEqual([
      "/rest/v1/events",
      "/auth/v1/token",
      "/rest/v1/events",
      "/auth/v1/logout",
    ]);
    expect(new URL((requests[3] as RecordedRequest).url).searchParams.get("scope")).toBe("local");
    expect(getAuthSnapshot().status).toBe("signed-out");
  });

  it("sign out without a retry when the refresh itself is refused", async () => {
    const user = buildUser();
    // Expired: the refresh's failure ends the session, as auth-js does.
    const expired = { ...buildSession(user), expires_at: Math.round(Date.now() / 1000) + 30 };
    const { requests } = stubFetch((request) => {
      if (pathOf(request) === "/auth/v1/token") {
        return authErrorResponse(400, "refresh_token_not_found", "Invalid Refresh Token");
      }
      return jsonResponse({ message: "JWT expired" }, 401);
    });
    await startSignedIn({ ...expired });

    const result = await tsr.tables.events.list.query({ query: {}, headers: {} });

    expect(result.status).toBe(401);
    expect(requests.filter((request) => pathOf(request) === "/rest/v1/events")).toHaveLength(1);
  });

  it("never retries an anonymous call", async () => {
    installConfigMeta();
    setUnauthorizedHandler(null);
    const { requests } = stubFetch(() => jsonResponse({ message: "no" }, 401));
    const result = await tsr.tables.events.list.query({ query: {}, headers: {} });
    expect(result.status).toBe(401);
    expect(requests).toHaveLength(1);
  });
});
