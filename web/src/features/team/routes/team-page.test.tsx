import type { TeamMember } from "@app/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TeamPage } from "@/features/team/routes/team-page";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const ADMIN = { ...STAFF_USER, app_metadata: { ...STAFF_USER.app_metadata, role: "admin" as const } };

function member(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: crypto.randomUUID(),
    email: "lo@example.com",
    role: "staff",
    created_at: "2026-01-01T00:00:00.000Z",
    last_sign_in_at: null,
    invited_at: null,
    confirmed: true,
    banned_until: null,
    factors: [],
    ...overrides,
  };
}

const self = member({
  id: ADMIN.id,
  email: ADMIN.email as string,
  role: "admin",
  last_sign_in_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
});
const locked = member({
  email: "locked@example.com",
  factors: [
    {
      id: "0b5a4a0e-3a43-4d0f-9d1c-6e2a1f7c9b11",
      friendly_name: "Pixel",
      factor_type: "totp",
      status: "verified",
      created_at: "2026-02-01T00:00:00.000Z",
    },
  ],
});
const invited = member({ email: "new@example.com", confirmed: false, invited_at: "2026-05-01T00:00:00Z" });
const banned = member({ email: "gone@example.com", banned_until: "2126-01-01T00:00:00Z" });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The team API as the screen meets it, routed by method and path; the list answers `members`. */
function stubTeamApi(members: TeamMember[], handlers: Record<string, Handler> = {}) {
  const stub = stubFetch((request) => {
    const key = `${request.method} ${new URL(request.url, "http://localhost").pathname}`;
    const handler = handlers[key];
    if (handler) return handler(request);
    if (key === "GET /api/team/members") return jsonResponse({ members });
    return jsonResponse({ code: "unexpected", message: `unexpected ${key}` }, 500);
  });
  const calls = (method: string, path: string) =>
    stub.requests.filter(
      (request) => request.method === method && new URL(request.url, "http://localhost").pathname === path,
    );
  return { ...stub, calls };
}

const openAsAdmin = () =>
  renderBackOffice(<TeamPage />, {
    route: "/app/settings/team",
    auth: createAuthState({ user: ADMIN }),
  });

async function openActions(email: string, item: string | RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: `Actions for ${email}` }));
  await user.click(await screen.findByRole("menuitem", { name: item }));
  return { user, dialog: await screen.findByRole("alertdialog") };
}

afterEach(() => vi.unstubAllGlobals());

describe("TeamPage", () => {
  it("tells staff the screen is for administrators and asks the server for nothing", async () => {
    const api = stubTeamApi([]);
    renderBackOffice(<TeamPage />, { route: "/app/settings/team" });
    expect(screen.getByRole("heading", { name: "Only administrators can manage the team" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/app");
    expect(api.requests).toHaveLength(0);
  });

  it("lists administrators first with role, last sign-in, MFA and status", async () => {
    stubTeamApi([banned, invited, locked, self]);
    openAsAdmin();
    const table = await screen.findByRole("table", { name: "Team members" });
    const rows = within(table).getAllByRole("row").slice(1);
    const read = (row: HTMLElement) =>
      [within(row).getByRole("rowheader"), ...within(row).getAllByRole("cell").slice(0, 4)].map(
        (cell) => cell.textContent,
      );
    expect(rows.map(read)).toEqual([
      [`${self.email} (you)`, "Administrator", "3 days ago", "Off", "Active"],
      ["gone@example.com", "Staff", "Never", "Off", "Banned"],
      ["locked@example.com", "Staff", "Never", "On", "Active"],
      ["new@example.com", "Staff", "Never", "Off", "Invited"],
    ]);
  });

  it("lists sign-ups without a role apart from the team, filterable, to grant staff or delete", async () => {
    const walkIn = member({ email: "fan@example.com", role: null });
    const other = member({ email: "visitor@example.org", role: null, confirmed: false });
    const pendingInvite = member({
      email: "soon@example.com",
      role: null,
      confirmed: false,
      invited_at: "2026-05-01T00:00:00Z",
    });
    const api = stubTeamApi([self, walkIn, other, pendingInvite], {
      [`PUT /api/team/members/${walkIn.id}/role`]: () => jsonResponse({ ...walkIn, role: "staff" }),
      [`DELETE /api/team/members/${other.id}`]: () => new Response(null, { status: 204 }),
    });
    openAsAdmin();
    const table = await screen.findByRole("table", { name: "Team members" });
    expect(within(table).queryByText("fan@example.com")).not.toBeInTheDocument();
    expect(within(table).getByText("soon@example.com")).toBeInTheDocument();
    const waiting = screen.getByRole("list", { name: "Accounts waiting for a role" });
    expect(
      within(waiting)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("fan@example.com"), expect.stringContaining("visitor@example.org")]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Filter by e-mail"), "ORG");
    expect(within(waiting).getAllByRole("listitem")).toHaveLength(1);
    await user.clear(screen.getByLabelText("Filter by e-mail"));

    await user.click(screen.getByRole("button", { name: "Grant staff to fan@example.com" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Grant staff" }),
    );
    await waitFor(() => expect(api.calls("PUT", `/api/team/members/${walkIn.id}/role`)).toHaveLength(1));
    expect(api.calls("PUT", `/api/team/members/${walkIn.id}/role`)[0]?.body).toEqual({ role: "staff" });

    await user.click(screen.getByRole("button", { name: "Delete visitor@example.org" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete account" }),
    );
    await waitFor(() => expect(api.calls("DELETE", `/api/team/members/${other.id}`)).toHaveLength(1));
  });

  it("shows a failed read with a way to try again", async () => {
    let fails = true;
    stubTeamApi([], {
      "GET /api/team/members": () =>
        fails ? jsonResponse({ code: "boom", message: "Down" }, 503) : jsonResponse({ members: [locked] }),
    });
    openAsAdmin();
    expect(await screen.findByText("Failed to load the team.")).toBeVisible();
    fails = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("rowheader", { name: "locked@example.com" })).toBeVisible();
  });

  it("invites by e-mail with a role, checking the address first and showing a taken address's refusal", async () => {
    const api = stubTeamApi([self], {
      "POST /api/team/invitations": (request) => {
        const { email } = request.body as { email: string };
        if (email === "taken@example.com") {
          return jsonResponse({ code: "email_exists", message: "This address already has an account" }, 409);
        }
        return jsonResponse(
          member({ email, role: "admin", confirmed: false, invited_at: "2026-06-01" }),
          201,
        );
      },
    });
    openAsAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Invite Colleague" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a colleague" });
    const email = within(dialog).getByLabelText("Email");

    await user.type(email, "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await within(dialog).findByText("Unable to validate email address: invalid format")).toBeVisible();
    expect(email).toHaveFocus();
    expect(api.calls("POST", "/api/team/invitations")).toHaveLength(0);

    await user.clear(email);
    await user.type(email, "taken@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await within(dialog).findByText("This address already has an account")).toBeVisible();
    expect(email).toHaveAttribute("aria-invalid", "true");

    await user.clear(email);
    await user.type(email, "ny@example.com");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "Administrator");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("Invitation sent to ny@example.com")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls("POST", "/api/team/invitations").at(-1)?.body).toEqual({
      email: "ny@example.com",
      role: "admin",
    });
    // Each attempt, refused or not, refreshes the list (the first read, the refusal, the invitation).
    expect(api.calls("GET", "/api/team/members")).toHaveLength(3);
  });

  it("changes a role, 'No access' sending no role at all", async () => {
    const api = stubTeamApi([self, locked], {
      [`PUT /api/team/members/${locked.id}/role`]: () => jsonResponse({ ...locked, role: null }),
    });
    openAsAdmin();
    const { user, dialog } = await openActions(locked.email, "Change role…");
    expect(dialog).toHaveTextContent(`${locked.email} is Staff now.`);
    await user.selectOptions(within(dialog).getByLabelText("Role"), "No access");
    await user.click(within(dialog).getByRole("button", { name: "Change Role" }));
    expect(await screen.findByText("Role changed")).toBeVisible();
    expect(api.calls("PUT", `/api/team/members/${locked.id}/role`)[0]?.body).toEqual({ role: null });
  });

  it("keeps the dialog open with the server's reason when a change is refused", async () => {
    stubTeamApi([self], {
      [`PUT /api/team/members/${self.id}/role`]: () =>
        jsonResponse({ code: "last_admin", message: "The last administrator cannot lose the role" }, 409),
    });
    openAsAdmin();
    const { user, dialog } = await openActions(self.email as string, "Change role…");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "Staff");
    await user.click(within(dialog).getByRole("button", { name: "Change Role" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The last administrator cannot lose the role",
    );
  });

  it("bans after a confirmation that names the person, and offers no ban on one's own account", async () => {
    const api = stubTeamApi([self, locked], {
      [`POST /api/team/members/${locked.id}/ban`]: () =>
        jsonResponse({ ...locked, banned_until: "2126-01-01T00:00:00Z" }),
    });
    openAsAdmin();
    const { user, dialog } = await openActions(locked.email, "Ban…");
    expect(within(dialog).getByRole("heading", { name: `Ban ${locked.email}?` })).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(await screen.findByText("Banned")).toBeVisible();
    expect(api.calls("POST", `/api/team/members/${locked.id}/ban`)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: `Actions for ${self.email}` }));
    expect(await screen.findByRole("menuitem", { name: "Change role…" })).toBeVisible();
    expect(screen.queryByRole("menuitem", { name: "Ban…" })).not.toBeInTheDocument();
  });

  it("lifts a ban after confirming", async () => {
    const api = stubTeamApi([self, banned], {
      [`DELETE /api/team/members/${banned.id}/ban`]: () => jsonResponse({ ...banned, banned_until: null }),
    });
    openAsAdmin();
    const { user, dialog } = await openActions(banned.email, "Lift ban…");
    expect(dialog).toHaveTextContent(`Lift the ban on ${banned.email}?`);
    await user.click(within(dialog).getByRole("button", { name: "Lift Ban" }));
    expect(await screen.findByText("Ban lifted")).toBeVisible();
    expect(api.calls("DELETE", `/api/team/members/${banned.id}/ban`)).toHaveLength(1);
  });

  it("removes a locked-out colleague's second factor after confirming", async () => {
    const factor = locked.factors[0];
    const path = `/api/team/members/${locked.id}/factors/${factor?.id}`;
    const api = stubTeamApi([self, locked], {
      [`DELETE ${path}`]: () => jsonResponse({ ...locked, factors: [] }),
    });
    openAsAdmin();
    const { user, dialog } = await openActions(locked.email, "Remove “Pixel”…");
    expect(
      within(dialog).getByRole("heading", { name: `Remove “Pixel” from ${locked.email}?` }),
    ).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Remove Factor" }));
    expect(await screen.findByText("Second factor removed")).toBeVisible();
    expect(api.calls("DELETE", path)).toHaveLength(1);
  });
});
