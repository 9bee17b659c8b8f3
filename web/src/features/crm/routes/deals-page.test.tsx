import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DealsPage } from "@/features/crm/routes/deals-page";
import { layOutBoard } from "@/features/crm/test/board-layout";
import { rowsResponse, stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { makeCompany, makeContact, makeDeal, withCompany } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice } from "@/test/render-back-office";

const hornstull = makeCompany({ name: "Hornstull Records" });
const deals = [
  makeDeal({
    title: "Writing camp",
    stage: "prospect",
    value_sek: 45_000,
    position: 0,
    company_id: hornstull.id,
  }),
  makeDeal({ title: "Topline package", stage: "prospect", value_sek: 30_000, position: 1 }),
  makeDeal({ title: "Podcast theme", stage: "won", value_sek: 12_000, position: 0 }),
];

const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });
const total = (name: string) => within(column(name)).getByText(/Total value/).parentElement;

/** The board's deals; a PATCH moves one (or, stale, moves nothing). */
function serveBoard({ isStale = false } = {}) {
  const rows = deals.map((deal) => ({ ...deal }));
  return {
    // The board reads each deal's company name along with it; no list of companies.
    "GET crm_deals": (request: { params: URLSearchParams }) => {
      expect(request.params.get("select")).toBe("*,company:crm_companies(name)");
      return rowsResponse(rows.map((row) => withCompany(row, [hornstull])));
    },
    // The deal form's choice of company.
    "GET crm_companies": () => rowsResponse([hornstull]),
    "PATCH crm_deals": (request: { params: URLSearchParams; body: unknown }) => {
      if (isStale) return writeResponse([]);
      const id = request.params.get("id")?.replace("eq.", "");
      const index = rows.findIndex((row) => row.id === id);
      rows[index] = {
        ...(rows[index] as (typeof rows)[number]),
        ...(request.body as object),
        updated_at: "2026-11-03T08:00:00.000Z",
      };
      return writeResponse([rows[index]]);
    },
  };
}

describe("DealsPage", () => {
  it("shows the four stages plus Lost, each with its count and SEK total", async () => {
    stubCrmApi(serveBoard());
    renderBackOffice(<DealsPage />, { route: "/app/crm/deals" });
    await screen.findByRole("button", { name: "Writing camp" });
    const headings = screen
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.firstChild?.textContent);
    expect(headings).toEqual(["Prospect", "Negotiation", "Contract", "Won", "Lost"]);
    expect(within(column("Prospect")).getByText("2")).toBeInTheDocument();
    expect(total("Prospect")).toHaveTextContent(/SEK\s75,000$/);
    expect(total("Won")).toHaveTextContent(/SEK\s12,000$/);
    expect(total("Lost")).toHaveTextContent(/SEK\s0$/);
    expect(within(column("Prospect")).getByText("Hornstull Records")).toBeInTheDocument();
  });

  it("moves a deal with the keyboard from its Move to… menu: a PATCH of stage and position", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi(serveBoard());
    renderBackOffice(<DealsPage />, { route: "/app/crm/deals" });
    await screen.findByRole("button", { name: "Writing camp" });
    const menu = await screen.findByRole("button", { name: "Move to… (Writing camp)" });
    menu.focus();
    await user.keyboard("{Enter}");
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Negotiation", "Contract", "Won", "Lost"]);
    // The menu opens on its first item (Negotiation); Won is two further down.
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");

    await waitFor(() => expect(within(column("Won")).getByText("2")).toBeInTheDocument());
    expect(total("Won")).toHaveTextContent(/SEK\s57,000$/);
    expect(total("Prospect")).toHaveTextContent(/SEK\s30,000$/);
    expect(screen.getByText("Writing camp moved to Won.")).toBeInTheDocument();
    expect(await screen.findByText("Deal moved")).toBeInTheDocument();
    const [move] = api.calls("PATCH", "crm_deals");
    expect(move?.params.get("id")).toBe(`eq.${deals[0]?.id}`);
    expect(move?.params.get("updated_at")).toBe(`eq.${deals[0]?.updated_at}`);
    expect(move?.body).toEqual({ stage: "won", position: 1 });
    await waitFor(() =>
      expect(within(column("Won")).getByRole("button", { name: "Move to… (Writing camp)" })).toHaveFocus(),
    );
  });

  it("moves a deal by keyboard drag: space lifts it, the arrows choose Contract, space drops it", async () => {
    layOutBoard();
    const user = userEvent.setup();
    const api = stubCrmApi(serveBoard());
    renderBackOffice(<DealsPage />, { route: "/app/crm/deals" });
    (await screen.findByRole("button", { name: "Drag Topline package" })).focus();
    await user.keyboard("[Space]");
    expect(await screen.findByText(/^Picked up Topline package\./)).toBeInTheDocument();
    await user.keyboard("[ArrowRight]");
    expect(await screen.findByText("Topline package is over Negotiation.")).toBeInTheDocument();
    await user.keyboard("[ArrowRight]");
    expect(await screen.findByText("Topline package is over Contract.")).toBeInTheDocument();
    await user.keyboard("[Space]");

    await waitFor(() => expect(api.calls("PATCH", "crm_deals")).toHaveLength(1));
    expect(api.calls("PATCH", "crm_deals")[0]?.body).toEqual({ stage: "contract", position: 0 });
    expect(screen.getByText("Topline package moved to Contract.")).toBeInTheDocument();
    expect(await screen.findByText("Deal moved")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(column("Contract")).getByRole("button", { name: "Drag Topline package" })).toHaveFocus(),
    );
  });

  it("leaves a deal where it was when a keyboard drag is cancelled with escape", async () => {
    layOutBoard();
    const user = userEvent.setup();
    const api = stubCrmApi(serveBoard());
    renderBackOffice(<DealsPage />, { route: "/app/crm/deals" });
    (await screen.findByRole("button", { name: "Drag Podcast theme" })).focus();
    await user.keyboard("[Space]");
    await screen.findByText(/^Picked up Podcast theme\./);
    await user.keyboard("[ArrowRight]");
    await screen.findByText("Podcast theme is over Lost.");
    await user.keyboard("[Escape]");
    expect(await screen.findByText("Moving Podcast theme was cancelled.")).toBeInTheDocument();
    expect(within(column("Won")).getByRole("button", { name: "Podcast theme" })).toBeInTheDocument();
    expect(api.calls("PATCH", "crm_deals")).toHaveLength(0);
  });

  it("puts the deal back and says why when the move is stale", async () => {
    const user = userEvent.setup();
    stubCrmApi(serveBoard({ isStale: true }));
    renderBackOffice(<DealsPage />, { route: "/app/crm/deals" });
    await user.click(await screen.findByRole("button", { name: "Move to… (Podcast theme)" }));
    await user.click(await screen.findByRole("menuitem", { name: "Lost" }));
    expect(await screen.findByText("Could not move the deal")).toBeInTheDocument();
    expect(screen.getByText(/Someone else changed this record/)).toBeInTheDocument();
    await waitFor(() => expect(within(column("Won")).getByText("1")).toBeInTheDocument());
    expect(within(column("Lost")).getByText("0")).toBeInTheDocument();
  });

  it("creates a deal at the end of its stage", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      ...serveBoard(),
      "GET crm_deals": (request) =>
        request.params.get("select") === "position" ? rowsResponse([{ position: 7 }]) : rowsResponse(deals),
      "POST crm_deals": (request) => writeResponse([makeDeal(request.body as object)], 201),
    });
    renderBackOffice(<DealsPage />, { route: "/app/crm/deals" });
    await user.click(await screen.findByRole("button", { name: "New Deal" }));
    const dialog = await screen.findByRole("dialog", { name: "New Deal" });
    await user.type(within(dialog).getByLabelText("Title"), "Sync for Nordljus");
    await user.selectOptions(within(dialog).getByLabelText(/^Company/), "Hornstull Records");
    await user.selectOptions(within(dialog).getByLabelText("Stage"), "Negotiation");
    await user.type(within(dialog).getByLabelText(/^Value/), "120 000");
    await user.click(within(dialog).getByRole("button", { name: "Create Deal" }));
    expect(await screen.findByText("Deal created")).toBeInTheDocument();
    const positionRead = api
      .calls("GET", "crm_deals")
      .find((request) => request.params.get("select") === "position");
    expect(positionRead?.params.get("stage")).toBe("eq.negotiation");
    expect(api.calls("POST", "crm_deals")[0]?.body).toMatchObject({
      title: "Sync for Nordljus",
      company_id: hornstull.id,
      stage: "negotiation",
      value_sek: 120_000,
      position: 8,
    });
  });

  it("names a contact without a company: any contact, found by name", async () => {
    const user = userEvent.setup();
    const freelancer = makeContact({ first_name: "Ida", last_name: "Frilans", company_id: null });
    const api = stubCrmApi({
      ...serveBoard(),
      "GET crm_deals": (request) =>
        request.params.get("select") === "position" ? rowsResponse([]) : rowsResponse(deals),
      "GET crm_contacts": (request) =>
        request.params.get("and")?.includes("frilans") ? rowsResponse([freelancer]) : rowsResponse([]),
      "POST crm_deals": (request) => writeResponse([makeDeal(request.body as object)], 201),
    });
    renderBackOffice(<DealsPage />, { route: "/app/crm/deals" });
    await user.click(await screen.findByRole("button", { name: "New Deal" }));
    const dialog = await screen.findByRole("dialog", { name: "New Deal" });
    await user.type(within(dialog).getByLabelText("Title"), "Topline for Ida");
    expect(within(dialog).getByLabelText(/^Contact/)).toBeEnabled();
    await user.type(within(dialog).getByLabelText("Find a contact"), "frilans");
    await within(dialog).findByRole("option", { name: "Ida Frilans" });
    await user.selectOptions(within(dialog).getByLabelText(/^Contact/), "Ida Frilans");
    await user.click(within(dialog).getByRole("button", { name: "Create Deal" }));
    expect(await screen.findByText("Deal created")).toBeInTheDocument();
    expect(api.calls("POST", "crm_deals")[0]?.body).toMatchObject({
      title: "Topline for Ida",
      company_id: null,
      contact_id: freelancer.id,
    });
  });
});
