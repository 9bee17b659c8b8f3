import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PortfolioBuilderPage } from "@/features/portfolio/routes/portfolio-builder-page";
import { ASTRID, NOVA, OMAR } from "@/features/portfolio/test/talent-fixtures";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

function renderBuilder(route = "/app/portfolio", talents = [NOVA, OMAR, ASTRID]) {
  const fetch = stubFetch(
    () =>
      new Response(JSON.stringify(talents), {
        headers: {
          "content-type": "application/json",
          "content-range": `0-${talents.length - 1}/${talents.length}`,
        },
      }),
  );
  renderWithProviders(
    <Routes>
      <Route path="/app/portfolio" element={<PortfolioBuilderPage />} />
      <Route path="/app/portfolio/:talentId" element={<PortfolioBuilderPage />} />
    </Routes>,
    { route },
  );
  return fetch;
}

const selected = () => screen.getByRole("region", { name: "Selected talent" });

describe("PortfolioBuilderPage", () => {
  it("selects the first talent when there is no talentId", async () => {
    const { requests } = renderBuilder();
    expect(await screen.findByRole("heading", { level: 2, name: /Nova Lind/ })).toBeInTheDocument();
    expect(requests[0]?.url).toBe("/rest/v1/crm_contacts?kind=eq.talent&archived_at=is.null&limit=50");
    expect(requests[0]?.headers.get("prefer")).toBe("count=exact");
  });

  it("selects the talent named by the talentId parameter", async () => {
    renderBuilder(`/app/portfolio/${OMAR.id}`);
    expect(await screen.findByRole("heading", { level: 2, name: "Omar Haddad" })).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Talent list" });
    expect(within(list).getByRole("link", { name: /Omar Haddad/ })).toHaveAttribute("aria-current", "true");
  });

  it("filters by role with All roles plus the distinct roles, and counts what is shown", async () => {
    const user = userEvent.setup();
    renderBuilder();
    await screen.findByText("3 talents");
    const role = screen.getByRole("combobox", { name: "Role" });
    expect(
      within(role)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All roles", "Producer", "Songwriter", "Topliner", "Vocalist"]);
    await user.selectOptions(role, "Producer");
    expect(screen.getByText("2 talents")).toBeInTheDocument();
    await user.selectOptions(role, "Topliner");
    expect(screen.getByText("1 talent")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search talent" }), "omar");
    expect(screen.getByText("0 talents")).toBeInTheDocument();
    expect(screen.getByText("No talents found")).toBeInTheDocument();
  });

  it("searches talent by name", async () => {
    const user = userEvent.setup();
    renderBuilder();
    await screen.findByText("3 talents");
    await user.type(screen.getByRole("searchbox", { name: "Search talent" }), "NYSTR");
    const list = screen.getByRole("list", { name: "Talent list" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("Astrid Nyström")]);
  });

  it("stars only reliability above 8", async () => {
    renderBuilder();
    await screen.findByText("3 talents");
    const list = screen.getByRole("list", { name: "Talent list" });
    expect(
      within(within(list).getByRole("link", { name: /Nova/ })).getByLabelText("Top reliability"),
    ).toBeVisible();
    expect(
      within(within(list).getByRole("link", { name: /Omar/ })).queryByLabelText("Top reliability"),
    ).toBeNull();
    expect(
      within(within(list).getByRole("link", { name: /Astrid/ })).queryByLabelText("Top reliability"),
    ).toBeNull();
  });

  it("shows 2 roles in the list and 3 in the header", async () => {
    renderBuilder();
    await screen.findByText("3 talents");
    const list = screen.getByRole("list", { name: "Talent list" });
    const listRoles = within(within(list).getByRole("link", { name: /Nova/ })).getByRole("list", {
      name: "roles",
    });
    expect(
      within(listRoles)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Vocalist", "Songwriter", "+22 more roles"]);
    const headerRoles = within(selected()).getAllByRole("list", { name: "roles" })[0] as HTMLElement;
    expect(
      within(headerRoles)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Vocalist", "Songwriter", "Topliner", "+11 more roles"]);
  });

  it("shows the profile with scores out of 10", async () => {
    const user = userEvent.setup();
    renderBuilder();
    await screen.findByText("3 talents");
    await user.click(screen.getByRole("tab", { name: "Profile" }));
    const profile = screen.getByRole("tabpanel", { name: "Profile" });
    const reliability = within(profile).getByText("Reliability score").nextSibling as HTMLElement;
    expect(reliability).toHaveTextContent("9/10");
    expect(within(reliability).getByRole("img", { name: "Top reliability" })).toBeInTheDocument();
    expect(within(profile).getByText("NOVA")).toBeInTheDocument();
    expect(within(profile).getByText("Stockholm")).toBeInTheDocument();
    expect(within(profile).getByRole("link", { name: "nova@example.test" })).toBeInTheDocument();
    expect(within(profile).getByText("Pop, Synth-pop")).toBeInTheDocument();
    expect(within(profile).getByText("Swedish, English")).toBeInTheDocument();
    expect(within(profile).getByText("Vocals").nextSibling).toHaveTextContent("9/10");
    expect(within(profile).getByText("Lyrics").nextSibling).toHaveTextContent("7/10");
    expect(within(profile).getByText("Prefers morning sessions.")).toBeInTheDocument();
  });

  it("lists featured and all works with display limits, and edits one through the dialog", async () => {
    const user = userEvent.setup();
    renderBuilder();
    const allWorks = await screen.findByRole("region", { name: "All Works" }, { timeout: 3000 });
    expect(screen.getByRole("region", { name: "Featured Works" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Connect to/ })).toHaveAttribute("target", "_blank");

    const slussen = within(allWorks).getByRole("article", { name: "Slussen Nights" });
    const tags = within(slussen).getByRole("list", { name: "tags" });
    expect(within(tags).getAllByRole("listitem")).toHaveLength(4);
    expect(tags).toHaveTextContent("+1");
    const links = within(slussen).getByRole("list", { name: "Listen on" });
    expect(
      within(links)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Spotify (opens in a new tab)", "Apple Music (opens in a new tab)"]);

    const midsummer = within(allWorks).getByRole("article", { name: "Midsummer EP" });
    await user.click(within(midsummer).getByRole("button", { name: "Edit Midsummer EP" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit portfolio item" });
    await user.type(within(dialog).getByLabelText("Tags"), "live{Enter}");
    await user.type(within(dialog).getByLabelText("Tags"), "tape");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Portfolio item updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const updated = within(screen.getByRole("region", { name: "All Works" })).getByRole("article", {
      name: "Midsummer EP",
    });
    expect(within(updated).getByRole("list", { name: "tags" })).toHaveTextContent("acousticEPlive+1");
  });

  it("moves a work into Featured Works with the featured toggle", async () => {
    const user = userEvent.setup();
    renderBuilder();
    const featured = await screen.findByRole("region", { name: "Featured Works" }, { timeout: 3000 });
    expect(within(featured).queryByRole("article", { name: "Midsummer EP" })).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Featured: Midsummer EP" }));
    expect(within(featured).getByRole("article", { name: "Midsummer EP" })).toBeInTheDocument();
  });

  it("shows the toast 'Failed to load talent list' when the read fails", async () => {
    stubFetch(() => jsonResponse({ code: "42501", message: "denied", details: null, hint: null }, 403));
    renderWithProviders(<PortfolioBuilderPage />, { route: "/app/portfolio" });
    expect(await screen.findByText("Failed to load talent list")).toBeInTheDocument();
    expect(screen.getByText("No talents found", { selector: "h3" })).toBeInTheDocument();
  });
});
