import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BriefsPage } from "@/features/crm/routes/briefs-page";
import { layOutBoard } from "@/features/crm/test/board-layout";
import { rowsResponse, stubCrmApi, writeResponse } from "@/features/crm/test/crm-api";
import { makeBrief, makeCompany, makeContact, withCompany } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice } from "@/test/render-back-office";

const COLUMNS = ["Draft", "Sourcing", "In Session", "In Review", "Shipped"];
const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });
const count = (name: string) => within(column(name)).getByText(/^\d+$/);

const nordljus = makeCompany({ name: "Nordljus Brand Studio" });
const briefs = [
  makeBrief({ title: "Jingle for a coffee brand", status: "draft", company_id: nordljus.id }),
  makeBrief({ title: "Summer single for a pop duo", status: "sourcing" }),
  makeBrief({ title: "Film trailer cue", status: "sourcing", position: 1 }),
];

describe("BriefsPage", () => {
  it("shows the five columns, each empty with count 0, a search box and New Brief", async () => {
    stubCrmApi();
    renderBackOffice(<BriefsPage />, { route: "/app/crm/briefs" });
    await screen.findByRole("region", { name: /^Draft/ });
    for (const name of COLUMNS) expect(count(name)).toHaveTextContent("0");
    expect(screen.getByRole("searchbox", { name: "Search briefs" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New Brief" })).toBeInTheDocument();
  });

  it("counts the briefs per column and filters titles and clients with the search box", async () => {
    const user = userEvent.setup();
    stubCrmApi({
      "GET crm_briefs": () => rowsResponse(briefs.map((brief) => withCompany(brief, [nordljus]))),
    });
    renderBackOffice(<BriefsPage />, { route: "/app/crm/briefs" });
    await screen.findByRole("button", { name: "Film trailer cue" });
    expect(count("Draft")).toHaveTextContent("1");
    expect(count("Sourcing")).toHaveTextContent("2");
    expect(await within(column("Draft")).findByText("Nordljus Brand Studio")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search briefs" }), "NORDLJUS");
    expect(count("Draft")).toHaveTextContent("1");
    expect(count("Sourcing")).toHaveTextContent("0");
    await user.clear(screen.getByRole("searchbox", { name: "Search briefs" }));
    await user.type(screen.getByRole("searchbox", { name: "Search briefs" }), "single");
    expect(count("Draft")).toHaveTextContent("0");
    expect(count("Sourcing")).toHaveTextContent("1");
  });

  it("moves a brief to In Session with the keyboard", async () => {
    const user = userEvent.setup();
    const rows = [...briefs];
    const api = stubCrmApi({
      "GET crm_briefs": () => rowsResponse(rows),
      "PATCH crm_briefs": (request) => {
        rows[1] = { ...(rows[1] as (typeof rows)[number]), ...(request.body as object) };
        return writeResponse([rows[1]]);
      },
    });
    renderBackOffice(<BriefsPage />, { route: "/app/crm/briefs" });
    (await screen.findByRole("button", { name: "Move to… (Summer single for a pop duo)" })).focus();
    await user.keyboard("{Enter}");
    // The menu opens on its first item (Draft); In Session is the next one.
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Draft" })).toHaveFocus());
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(count("In Session")).toHaveTextContent("1"));
    expect(await screen.findByText("Brief moved")).toBeInTheDocument();
    expect(api.calls("PATCH", "crm_briefs")[0]?.body).toEqual({ status: "in_session", position: 0 });
    expect(api.calls("PATCH", "crm_briefs")[0]?.params.get("updated_at")).toBe(`eq.${briefs[1]?.updated_at}`);
  });

  it("moves a brief to In Session by keyboard drag, announcing each step", async () => {
    layOutBoard();
    const user = userEvent.setup();
    const rows = [...briefs];
    const api = stubCrmApi({
      "GET crm_briefs": () => rowsResponse(rows),
      "PATCH crm_briefs": (request) => {
        rows[1] = { ...(rows[1] as (typeof rows)[number]), ...(request.body as object) };
        return writeResponse([rows[1]]);
      },
    });
    renderBackOffice(<BriefsPage />, { route: "/app/crm/briefs" });
    (await screen.findByRole("button", { name: "Drag Summer single for a pop duo" })).focus();
    await user.keyboard("[Space]");
    expect(await screen.findByText(/^Picked up Summer single for a pop duo\./)).toBeInTheDocument();
    await user.keyboard("[ArrowRight]");
    expect(await screen.findByText("Summer single for a pop duo is over In Session.")).toBeInTheDocument();
    await user.keyboard("[Space]");
    await waitFor(() => expect(count("In Session")).toHaveTextContent("1"));
    expect(screen.getByText("Summer single for a pop duo moved to In Session.")).toBeInTheDocument();
    expect(api.calls("PATCH", "crm_briefs")[0]?.body).toEqual({ status: "in_session", position: 0 });
    expect(api.calls("PATCH", "crm_briefs")[0]?.params.get("id")).toBe(`eq.${briefs[1]?.id}`);
  });

  it("creates a brief with New Brief and edits one from its card", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET crm_briefs": (request) =>
        request.params.get("select") === "position" ? rowsResponse([]) : rowsResponse(briefs),
      "GET crm_companies": () => rowsResponse([nordljus]),
      "POST crm_briefs": (request) => writeResponse([makeBrief(request.body as object)], 201),
      "PATCH crm_briefs": (request) => writeResponse([{ ...briefs[0], ...(request.body as object) }]),
    });
    renderBackOffice(<BriefsPage />, { route: "/app/crm/briefs" });
    await user.click(await screen.findByRole("button", { name: "New Brief" }));
    const dialog = await screen.findByRole("dialog", { name: "New Brief" });
    await user.click(within(dialog).getByRole("button", { name: "Create Brief" }));
    expect(within(dialog).getByText("Required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Title"), "Podcast intro");
    await user.selectOptions(within(dialog).getByLabelText(/^Client/), "Nordljus Brand Studio");
    await user.type(within(dialog).getByLabelText(/^Budget/), "15000");
    await user.click(within(dialog).getByRole("button", { name: "Create Brief" }));
    expect(await screen.findByText("Brief created")).toBeInTheDocument();
    expect(api.calls("POST", "crm_briefs")[0]?.body).toEqual({
      title: "Podcast intro",
      company_id: nordljus.id,
      description: null,
      budget_sek: 15_000,
      due_on: null,
      status: "draft",
      position: 0,
    });

    await user.click(screen.getByRole("button", { name: "Jingle for a coffee brand" }));
    const edit = await screen.findByRole("dialog", { name: "Edit brief" });
    expect(within(edit).getByRole("heading", { name: "Timeline" })).toBeInTheDocument();
    await user.selectOptions(within(edit).getByLabelText("Status"), "In Review");
    await user.click(within(edit).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    expect(api.calls("PATCH", "crm_briefs")[0]?.body).toMatchObject({ status: "in_review" });
  });

  it("links talent to a brief from its dialog and removes it again", async () => {
    const user = userEvent.setup();
    const alva = makeContact({ first_name: "Alva", last_name: "Berg", stage_name: "Nightjar" });
    const links: { id: string; brief_id: string; contact_id: string; created_at: string }[] = [];
    const api = stubCrmApi({
      "GET crm_briefs": () => rowsResponse(briefs),
      "GET crm_brief_talent": () => rowsResponse(links),
      "GET crm_contacts": (request) =>
        request.params.get("id") || request.params.get("and") ? rowsResponse([alva]) : rowsResponse([]),
      "POST crm_brief_talent": (request) => {
        links.push({
          id: "link-1",
          created_at: "2026-11-01T10:00:00.000Z",
          ...(request.body as { brief_id: string; contact_id: string }),
        });
        return writeResponse(links, 201);
      },
      "DELETE crm_brief_talent": () => {
        links.pop();
        return new Response(null, { status: 204 });
      },
    });
    renderBackOffice(<BriefsPage />, { route: "/app/crm/briefs" });
    await user.click(await screen.findByRole("button", { name: "Film trailer cue" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit brief" });
    expect(await within(dialog).findByText("No talent on this brief yet.")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Find talent to add"), "alva");
    await user.click(await within(dialog).findByRole("button", { name: "Add Alva Berg to the brief" }));
    expect(await screen.findByText("Talent added to the brief")).toBeInTheDocument();
    expect(api.calls("POST", "crm_brief_talent")[0]?.body).toEqual({
      brief_id: briefs[2]?.id,
      contact_id: alva.id,
    });
    expect(await within(dialog).findByRole("link", { name: "Alva Berg" })).toHaveAttribute(
      "href",
      `/app/crm/talent/${alva.id}`,
    );

    await user.click(within(dialog).getByRole("button", { name: "Remove Alva Berg from the brief" }));
    expect(await screen.findByText("Talent removed from the brief")).toBeInTheDocument();
    expect(api.calls("DELETE", "crm_brief_talent")[0]?.params.get("id")).toBe("eq.link-1");
    expect(await within(dialog).findByText("No talent on this brief yet.")).toBeInTheDocument();
  });

  it("finds talent for a brief by role or genre, not only by name", async () => {
    const user = userEvent.setup();
    const producer = makeContact({ first_name: "Omar", last_name: "Haddad", roles: ["Producer"] });
    const api = stubCrmApi({
      "GET crm_briefs": () => rowsResponse(briefs),
      "GET crm_contacts": (request) => {
        if (request.params.get("select") === "roles,genres")
          return rowsResponse([
            { roles: ["Producer", "Vocalist"], genres: ["Pop"] },
            { roles: ["Co-producer"], genres: ["Synth-pop"] },
          ]);
        return request.params.get("and") ? rowsResponse([producer]) : rowsResponse([]);
      },
    });
    renderBackOffice(<BriefsPage />, { route: "/app/crm/briefs" });
    await user.click(await screen.findByRole("button", { name: "Film trailer cue" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit brief" });
    await user.type(within(dialog).getByLabelText("Find talent to add"), "PROD");
    expect(
      await within(dialog).findByRole("button", { name: "Add Omar Haddad to the brief" }),
    ).toBeInTheDocument();
    const searches = api.calls("GET", "crm_contacts").map((call) => call.params.get("and"));
    expect(searches.at(-1)).toBe(
      '(or(first_name.ilike."*PROD*",last_name.ilike."*PROD*",stage_name.ilike."*PROD*",email.ilike."*PROD*",roles.ov.{"Co-producer","Producer"}))',
    );
    await user.clear(within(dialog).getByLabelText("Find talent to add"));
    await user.type(within(dialog).getByLabelText("Find talent to add"), "pop");
    await waitFor(() =>
      expect(api.calls("GET", "crm_contacts").at(-1)?.params.get("and")).toContain(
        'genres.ov.{"Pop","Synth-pop"}',
      ),
    );
  });
});
