import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { PortfolioBuilderPage } from "@/features/portfolio/routes/portfolio-builder-page";
import { ASTRID, NOVA, OMAR } from "@/features/portfolio/test/talent-fixtures";
import { MIDSUMMER, SLUSSEN } from "@/features/portfolio/test/work-fixtures";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";
import { type ApiRequest, postgrestError, rowsResponse, stubTableApi, writeResponse } from "@/test/table-api";

/** Nova's portfolio as the fake API holds it: writes change it, so a refetch shows them. */
function fakePortfolio(initial: PortfolioItem[] = [SLUSSEN, MIDSUMMER]) {
  let works = initial.map((work) => structuredClone(work));
  let clock = Date.parse("2025-01-01T00:00:00.000Z");
  const nextVersion = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const matches = (request: ApiRequest, work: PortfolioItem) =>
    request.params.get("id") === `eq.${work.id}` &&
    request.params.get("updated_at") === `eq.${work.updated_at}`;
  return {
    works: () => works,
    /** Someone else saves this work: the version on screen goes stale. */
    changeElsewhere(id: string) {
      works = works.map((work) => (work.id === id ? { ...work, updated_at: nextVersion() } : work));
    },
    handlers: {
      "GET portfolio_items": (request: ApiRequest) =>
        rowsResponse(works.filter((work) => `eq.${work.talent_id}` === request.params.get("talent_id"))),
      "PATCH portfolio_items": (request: ApiRequest) => {
        const hit = works.find((work) => matches(request, work));
        if (!hit) return writeResponse([]);
        const updated = { ...hit, ...(request.body as object), updated_at: nextVersion() };
        works = works.map((work) => (work.id === hit.id ? updated : work));
        return writeResponse([updated]);
      },
      "DELETE portfolio_items": (request: ApiRequest) => {
        const hit = works.find((work) => matches(request, work));
        works = works.filter((work) => work !== hit);
        return writeResponse(hit ? [hit] : []);
      },
      "POST portfolio_items": (request: ApiRequest) => {
        const created = {
          ...MIDSUMMER,
          featured: false,
          ...(request.body as object),
          id: crypto.randomUUID(),
          updated_at: nextVersion(),
        };
        works = [...works, created];
        return writeResponse([created], 201);
      },
    },
  };
}

function renderBuilder(
  route = "/app/portfolio",
  talents = [NOVA, OMAR, ASTRID],
  portfolio = fakePortfolio(),
) {
  const api = stubTableApi({
    "GET crm_contacts": () => rowsResponse(talents),
    ...portfolio.handlers,
  });
  renderWithProviders(
    <Routes>
      <Route path="/app/portfolio" element={<PortfolioBuilderPage />} />
      <Route path="/app/portfolio/:talentId" element={<PortfolioBuilderPage />} />
    </Routes>,
    { route },
  );
  return { ...api, portfolio };
}

const region = (name: string) => screen.getByRole("region", { name });
const titlesIn = (name: string) =>
  within(region(name))
    .queryAllByRole("article")
    .map((article) => within(article).getByRole("heading").textContent);

const selected = () => screen.getByRole("region", { name: "Selected talent" });

describe("PortfolioBuilderPage", () => {
  it("selects the first talent when there is no talentId", async () => {
    const { requests } = renderBuilder();
    expect(await screen.findByRole("heading", { level: 2, name: /Nova Lind/ })).toBeInTheDocument();
    expect(requests[0]?.url).toBe(
      "/rest/v1/crm_contacts?kind=eq.talent&archived_at=is.null&order=last_name.asc%2Cfirst_name.asc%2Cid.asc&limit=50",
    );
    expect(requests[0]?.headers.get("prefer")).toBe("count=exact");
  });

  it("reads the whole roster 50 at a time, so search and count reach past the first page", async () => {
    const roster = Array.from({ length: 64 }, (_, i) => ({
      ...OMAR,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      first_name: `Talent${i}`,
      last_name: `Number${i}`,
      stage_name: null,
    }));
    const api = stubTableApi({
      "GET crm_contacts": (request) => {
        const offset = Number(request.params.get("offset") ?? 0);
        const limit = Number(request.params.get("limit"));
        return rowsResponse(roster.slice(offset, offset + limit), { total: roster.length, offset });
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/app/portfolio" element={<PortfolioBuilderPage />} />
      </Routes>,
      { route: "/app/portfolio" },
    );
    expect(await screen.findByText("64 talents")).toBeInTheDocument();
    expect(api.calls("GET", "crm_contacts").map((call) => call.params.get("offset"))).toEqual([null, "50"]);
    await userEvent.type(screen.getByLabelText("Search talent"), "talent63");
    expect(await screen.findByText("1 talent")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Talent list" });
    expect(within(list).getByRole("link", { name: /Talent63 Number63/ })).toBeInTheDocument();
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

  it("reads the selected talent's works and shows them featured and all, within the display limits", async () => {
    const { calls } = renderBuilder();
    const allWorks = await screen.findByRole("region", { name: "All Works" });
    expect(calls("GET", "portfolio_items")[0]?.params.get("talent_id")).toBe(`eq.${NOVA.id}`);
    expect(titlesIn("Featured Works")).toEqual(["Slussen Nights"]);
    expect(titlesIn("All Works")).toEqual(["Slussen Nights", "Midsummer EP"]);
    expect(screen.getByRole("link", { name: /Connect to/ })).toHaveAttribute("target", "_blank");

    const slussen = within(allWorks).getByRole("article", { name: "Slussen Nights" });
    const tags = within(slussen).getByRole("list", { name: "tags" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["synth-pop", "single", "sync-ready", "+11 more tags"]);
    const links = within(slussen).getByRole("list", { name: "Listen on" });
    expect(
      within(links)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Spotify (opens in a new tab)", "Apple Music (opens in a new tab)"]);
    expect(links).toHaveTextContent("+1 more links");
    expect(within(slussen).getByText("SEABC2300001")).toBeInTheDocument();
    expect(within(slussen).getByText("T0345246801")).toBeInTheDocument();
  });

  it("names a link stored before the http(s) rule without making it a link", async () => {
    const stale = {
      ...MIDSUMMER,
      external_links: [
        { platform: "Sneaky", url: "javascript:alert(1)" },
        { platform: "SoundCloud", url: "https://soundcloud.com/" },
      ],
    };
    renderBuilder("/app/portfolio", [NOVA, OMAR, ASTRID], fakePortfolio([stale]));
    const work = await screen.findByRole("article", { name: "Midsummer EP" });
    const links = within(work).getByRole("list", { name: "Listen on" });
    expect(links).toHaveTextContent("Sneaky");
    expect(
      within(links)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["https://soundcloud.com/"]);
  });

  it("edits a work through the dialog: saved against its version, and the list follows", async () => {
    const user = userEvent.setup();
    const { calls } = renderBuilder();
    const allWorks = await screen.findByRole("region", { name: "All Works" });
    const midsummer = within(allWorks).getByRole("article", { name: "Midsummer EP" });
    await user.click(within(midsummer).getByRole("button", { name: "Edit Midsummer EP" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit portfolio item" });
    await user.type(within(dialog).getByLabelText("Tags"), "live{Enter}");
    await user.type(within(dialog).getByLabelText("Tags"), "tape");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Portfolio item updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls("PATCH", "portfolio_items")[0]?.params.get("updated_at")).toBe(`eq.${MIDSUMMER.updated_at}`);
    const updated = within(region("All Works")).getByRole("article", { name: "Midsummer EP" });
    expect(within(updated).getByRole("list", { name: "tags" })).toHaveTextContent(
      "acousticEPlive+11 more tags",
    );
  });

  it("moves a work into Featured Works with the featured toggle, saved", async () => {
    const user = userEvent.setup();
    const { calls } = renderBuilder();
    await screen.findByRole("region", { name: "Featured Works" });
    await user.click(screen.getByRole("switch", { name: "Featured: Midsummer EP" }));
    expect(titlesIn("Featured Works")).toEqual(["Slussen Nights", "Midsummer EP"]);
    expect(await screen.findByText("Portfolio item updated")).toBeInTheDocument();
    expect(calls("PATCH", "portfolio_items").map((call) => call.body)).toEqual([{ featured: true }]);
    await waitFor(() =>
      expect(screen.getAllByRole("switch", { name: "Featured: Midsummer EP" })[0]).toBeEnabled(),
    );
  });

  it("puts a refused toggle back and offers to reload when someone else changed the work", async () => {
    const user = userEvent.setup();
    const { portfolio } = renderBuilder();
    await screen.findByRole("region", { name: "Featured Works" });
    portfolio.changeElsewhere(MIDSUMMER.id);
    await user.click(screen.getByRole("switch", { name: "Featured: Midsummer EP" }));

    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("Someone else changed this record");
    await waitFor(() => expect(titlesIn("Featured Works")).toEqual(["Slussen Nights"]));
    await user.click(within(notice).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    await user.click(screen.getByRole("switch", { name: "Featured: Midsummer EP" }));
    await waitFor(() => expect(portfolio.works().find((w) => w.id === MIDSUMMER.id)?.featured).toBe(true));
  });

  it("deletes a work after confirmation", async () => {
    const user = userEvent.setup();
    const { calls } = renderBuilder();
    const allWorks = await screen.findByRole("region", { name: "All Works" });
    await user.click(within(allWorks).getByRole("button", { name: "Delete Midsummer EP" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete work?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls("DELETE", "portfolio_items")).toHaveLength(0);

    await user.click(within(allWorks).getByRole("button", { name: "Delete Midsummer EP" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Work deleted")).toBeInTheDocument();
    await waitFor(() => expect(titlesIn("All Works")).toEqual(["Slussen Nights"]));
    expect(calls("DELETE", "portfolio_items")[0]?.params.get("updated_at")).toBe(
      `eq.${MIDSUMMER.updated_at}`,
    );
  });

  it("adds a work to an empty portfolio from its empty state", async () => {
    const user = userEvent.setup();
    const { calls } = renderBuilder(`/app/portfolio/${OMAR.id}`);
    expect(await screen.findByText("No works yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Work" }));
    const dialog = screen.getByRole("dialog", { name: "Add work" });
    await user.type(within(dialog).getByLabelText("Title"), "Hornstull");
    await user.type(within(dialog).getByLabelText("Role"), "Producer");
    await user.click(within(dialog).getByRole("button", { name: "Add Work" }));

    expect(await screen.findByText("Work added")).toBeInTheDocument();
    await waitFor(() => expect(titlesIn("All Works")).toEqual(["Hornstull"]));
    expect(calls("POST", "portfolio_items")[0]?.body).toMatchObject({
      talent_id: OMAR.id,
      title: "Hornstull",
    });
  });

  it("shows the toast 'Failed to load portfolio' when the works cannot be read", async () => {
    const portfolio = fakePortfolio();
    portfolio.handlers["GET portfolio_items"] = () => postgrestError(403, "42501", "permission denied");
    renderBuilder("/app/portfolio", [NOVA], portfolio);
    expect(await screen.findByText("Failed to load portfolio")).toBeInTheDocument();
    expect(screen.getByText("The portfolio could not be loaded.")).toBeInTheDocument();
  });

  it("shows the toast 'Failed to load talent list' when the read fails", async () => {
    stubFetch(() => jsonResponse({ code: "42501", message: "denied", details: null, hint: null }, 403));
    renderWithProviders(<PortfolioBuilderPage />, { route: "/app/portfolio" });
    expect(await screen.findByText("Failed to load talent list")).toBeInTheDocument();
    expect(screen.getByText("No talents found", { selector: "h3" })).toBeInTheDocument();
  });
});
