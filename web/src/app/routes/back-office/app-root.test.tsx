import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { AppRoot } from "@/app/routes/back-office/app-root";
import { SIDEBAR_COOKIE_NAME } from "@/lib/sidebar-state";
import { createTestAuthClient } from "@/test/auth-client";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { createAuthState, renderBackOffice } from "@/test/render-back-office";

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: arranging the cookie a reload would find.
  document.cookie = value;
}

afterEach(() => setCookie(`${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`));

const sidebar = () => screen.getByTestId("sidebar");
// Screens are lazy chunks; the first import of one can take a while on a busy machine.
const findHeading = (name: string) => screen.findByRole("heading", { level: 1, name });

describe("back-office shell", () => {
  it("opens by default with the spec's navigation, CRM group expanded", async () => {
    renderBackOffice(<AppRoot />);
    expect(await findHeading("Dashboard")).toBeInTheDocument();
    expect(sidebar()).toHaveAttribute("data-state", "expanded");

    const nav = screen.getByRole("navigation", { name: "Back office" });
    const crm = within(nav).getByRole("list", { name: "CRM" });
    expect(
      within(crm)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Dashboard", "Briefs", "Contacts", "Companies", "Deals", "Sessions", "Talent"]);
    expect(within(crm).getByRole("link", { name: "Briefs" })).toHaveAttribute("href", "/app/crm/briefs");
    const topLevel = within(nav)
      .getAllByRole("link")
      .filter((link) => !crm.contains(link))
      .map((link) => link.textContent);
    expect(topLevel).toEqual([
      "Dashboard",
      "Portfolio",
      "Projects",
      "Sessions",
      "Events",
      "Deliverables",
      "Contracts",
      "Legal",
      "Invoices",
      "Royalties",
      "Activity",
      "Settings",
      "Inbox",
    ]);
    expect(within(nav).getByRole("button", { name: "CRM" })).toHaveAttribute("aria-expanded", "true");
  });

  it("marks the current screen with aria-current, including nested routes", async () => {
    renderBackOffice(<AppRoot />, { route: "/app/legal/clauses" });
    expect(await findHeading("Legal Clauses")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Back office" });
    expect(within(nav).getByRole("link", { name: "Legal" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getAllByRole("link", { name: "Dashboard" })[0]).not.toHaveAttribute("aria-current");
  });

  it("toggles with Ctrl+B and Cmd+B and remembers the state in the sidebar:state cookie", async () => {
    const user = userEvent.setup();
    renderBackOffice(<AppRoot />);
    await findHeading("Dashboard");

    await user.keyboard("{Control>}b{/Control}");
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
    expect(sidebar()).toHaveAttribute("data-collapsible", "icon");
    expect(document.cookie).toContain("sidebar:state=false");

    await user.keyboard("{Meta>}b{/Meta}");
    expect(sidebar()).toHaveAttribute("data-state", "expanded");
    expect(document.cookie).toContain("sidebar:state=true");
  });

  it("restores a collapsed sidebar from the cookie on reload", async () => {
    setCookie("sidebar:state=false; path=/");
    renderBackOffice(<AppRoot />);
    await findHeading("Dashboard");
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
    expect(screen.getByRole("button", { name: "Toggle Sidebar" })).toHaveAttribute("aria-expanded", "false");
  });

  it("toggles from the header button", async () => {
    const user = userEvent.setup();
    renderBackOffice(<AppRoot />);
    await findHeading("Dashboard");
    await user.click(screen.getByRole("button", { name: "Toggle Sidebar" }));
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
  });

  it("offers the profile link and Sign Out in the user menu", async () => {
    const user = userEvent.setup();
    const { auth } = renderBackOffice(<AppRoot />);
    await user.click(await screen.findByRole("button", { name: /Account menu for Maja Holm/ }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("maja@example.test")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute(
      "href",
      "/app/settings/profile",
    );
    await user.click(within(menu).getByRole("menuitem", { name: "Sign Out" }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
  });

  it.each([
    ["/app", "Dashboard"],
    ["/app/crm", "A&R Dashboard"],
    ["/app/crm/briefs", "Creative Briefs"],
    ["/app/crm/contacts", "Contacts"],
    ["/app/crm/companies", "Companies"],
    ["/app/crm/deals", "Deals"],
    ["/app/crm/sessions", "Sessions"],
    ["/app/crm/talent", "Talent"],
    ["/app/crm/talent/3f7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f", "Talent"],
    ["/app/crm/contacts/3f7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f", "Contacts"],
    ["/app/crm/companies/3f7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f", "Company"],
    ["/app/crm/matching", "Talent Matching"],
    ["/app/portfolio", "Portfolio Builder"],
    ["/app/portfolio/3f7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f", "Portfolio Builder"],
    ["/app/legal", "Legal"],
    ["/app/legal/documents", "Legal Documents"],
    ["/app/legal/templates", "Legal Templates"],
    ["/app/legal/clauses", "Legal Clauses"],
    ["/app/legal/new", "New Document"],
    ["/app/legal/doc-1", "Document"],
    ["/app/legal/templates/new", "New Template"],
    ["/app/legal/templates/tpl-1", "Edit Template"],
    ["/app/deals", "Deals"],
    ["/app/projects", "Projects"],
    ["/app/sessions", "Sessions"],
    ["/app/events", "Events"],
    ["/app/deliverables", "Deliverables"],
    ["/app/contracts", "Contracts"],
    ["/app/invoices", "Invoices"],
    ["/app/activity", "Activity"],
    ["/app/settings", "Settings"],
    ["/app/settings/profile", "Profile"],
    ["/app/settings/company", "Company"],
    ["/app/inbox", "Inbox"],
    ["/app/projects", "Projects"],
  ])("routes %s to its screen", async (route, heading) => {
    stubFetch(() => jsonResponse([]));
    // The account screens talk to the auth server through the client; the data screens ignore it.
    renderBackOffice(<AppRoot />, { route, auth: createAuthState({ client: createTestAuthClient() }) });
    expect(await findHeading(heading)).toBeInTheDocument();
  });

  it("opens the clause library with the New Clause dialog at /app/legal/clauses/new", async () => {
    stubFetch(() => jsonResponse([]));
    renderBackOffice(<AppRoot />, { route: "/app/legal/clauses/new" });
    expect(await screen.findByRole("dialog", { name: "New Clause" })).toBeInTheDocument();
  });

  it("draws the deliverables list at /app/deliverables, no longer a placeholder", async () => {
    stubFetch(() => jsonResponse([]));
    renderBackOffice(<AppRoot />, { route: "/app/deliverables" });
    expect(await screen.findByRole("heading", { name: "No deliverables yet" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Coming Soon" })).not.toBeInTheDocument();
  });

  it("draws the invoices list at /app/invoices, no longer a placeholder", async () => {
    stubFetch(() => jsonResponse([]));
    renderBackOffice(<AppRoot />, { route: "/app/invoices" });
    expect(await screen.findByRole("heading", { name: "No invoices yet" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Coming Soon" })).not.toBeInTheDocument();
  });

  it("lists the fully signed documents at /app/contracts, each linking to its document", async () => {
    const { requests } = stubFetch(() =>
      jsonResponse([
        {
          id: "doc-1",
          title: "NDA: Söder Songs",
          parties: [{ name: "Söder Songs Publishing", email: "a@example.se", role: "signer" }],
          payload: {},
          audit: [],
          updated_at: "2026-11-20T09:00:00Z",
        },
      ]),
    );
    renderBackOffice(<AppRoot />, { route: "/app/contracts" });
    const table = await screen.findByRole("table", { name: "Contracts" });
    expect(within(table).getByRole("link", { name: "NDA: Söder Songs" })).toHaveAttribute(
      "href",
      "/app/legal/doc-1",
    );
    expect(within(table).getByText("Söder Songs Publishing")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Coming Soon" })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.includes("status=eq.fully_signed"))).toBe(true);
  });

  it("draws the projects list at /app/projects, no longer a placeholder", async () => {
    stubFetch(() => jsonResponse([]));
    renderBackOffice(<AppRoot />, { route: "/app/projects" });
    expect(await screen.findByRole("heading", { name: "No Projects Found" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Coming Soon" })).not.toBeInTheDocument();
  });

  it("keeps the shell around an unknown back-office path", async () => {
    renderBackOffice(<AppRoot />, { route: "/app/nowhere" });
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Back office" })).toBeInTheDocument();
  });
});
