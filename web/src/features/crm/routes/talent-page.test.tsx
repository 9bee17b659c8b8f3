import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TalentPage } from "@/features/crm/routes/talent-page";
import {
  type ApiRequest,
  postgrestError,
  rowsResponse,
  stubCrmApi,
  writeResponse,
} from "@/features/crm/test/crm-api";
import { makeContact } from "@/features/crm/test/crm-fixtures";
import { renderBackOffice } from "@/test/render-back-office";

const roster = Array.from({ length: 64 }, (_, n) =>
  makeContact({
    first_name: `Artist${n}`,
    last_name: `Lind${String(n).padStart(2, "0")}`,
    roles: ["Producer"],
  }),
);

/** The roster, a page at a time, as the server pages it; facet reads get roles and genres. */
function servePages(request: ApiRequest) {
  const offset = Number(request.params.get("offset") ?? 0);
  if (request.params.get("select") === "roles,genres") {
    return rowsResponse(
      [
        { roles: ["Producer", "Vocalist"], genres: ["Pop"] },
        { roles: ["Mix Engineer"], genres: ["Folk", "Pop"] },
      ],
      { total: 2 },
    );
  }
  return rowsResponse(roster.slice(offset, offset + 50), { total: roster.length, offset });
}

const contactReads = (api: ReturnType<typeof stubCrmApi>) =>
  api
    .calls("GET", "crm_contacts")
    .filter((request) => request.params.get("select") === "*,company:crm_companies(name)");

describe("TalentPage", () => {
  it("lists the first 50 talents of 64 from crm_contacts, active talent only, by name", async () => {
    const api = stubCrmApi({ "GET crm_contacts": servePages });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    expect(await screen.findByText("Showing 1–50 of 64")).toBeInTheDocument();
    const [read] = contactReads(api);
    expect(Object.fromEntries(read?.params ?? [])).toEqual({
      select: "*,company:crm_companies(name)",
      kind: "eq.talent",
      archived_at: "is.null",
      order: "last_name.asc,first_name.asc",
      limit: "50",
      offset: "0",
    });
    expect(read?.headers.get("prefer")).toBe("count=estimated");
    const row = screen.getByRole("row", { name: /Artist0 Lind00/ });
    expect(within(row).getByRole("link", { name: "Artist0 Lind00" })).toHaveAttribute(
      "href",
      `/app/crm/talent/${roster[0]?.id}`,
    );
    expect(within(row).getByRole("list", { name: "roles" })).toHaveTextContent("Producer");
    expect(within(row).getByText("9/10")).toBeInTheDocument();
    expect(within(row).getByRole("img", { name: "Top reliability" })).toBeInTheDocument();
  });

  it("pages through every talent with Next and Previous", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({ "GET crm_contacts": servePages });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    await screen.findByText("Showing 1–50 of 64");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 51–64 of 64")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Artist63 Lind63" })).toBeInTheDocument();
    expect(contactReads(api).at(-1)?.params.get("offset")).toBe("50");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("Showing 1–50 of 64")).toBeInTheDocument();
  });

  it("searches name, stage name and e-mail case-insensitively, every word, from page 1", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({ "GET crm_contacts": servePages });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent?page=2" });
    await screen.findByText("Showing 51–64 of 64");

    await user.type(screen.getByRole("searchbox", { name: "Search talent" }), "Nova lind");
    await waitFor(() => expect(contactReads(api).at(-1)?.params.get("and")).not.toBeNull());
    const search = contactReads(api).at(-1)?.params;
    expect(search?.get("and")).toBe(
      '(or(first_name.ilike."*Nova*",last_name.ilike."*Nova*",stage_name.ilike."*Nova*",email.ilike."*Nova*"),' +
        'or(first_name.ilike."*lind*",last_name.ilike."*lind*",stage_name.ilike."*lind*",email.ilike."*lind*"))',
    );
    expect(search?.get("offset")).toBe("0");
  });

  it("filters by role and genre with the values in use", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({ "GET crm_contacts": servePages });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    const role = await screen.findByRole("combobox", { name: "Role" });
    await waitFor(() => expect(within(role).getAllByRole("option")).toHaveLength(4));
    expect(
      within(role)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All roles", "Mix Engineer", "Producer", "Vocalist"]);
    await user.selectOptions(role, "Mix Engineer");
    await user.selectOptions(screen.getByRole("combobox", { name: "Genre" }), "Folk");
    await waitFor(() => expect(contactReads(api).at(-1)?.params.get("genres")).toBe('cs.{"Folk"}'));
    expect(contactReads(api).at(-1)?.params.get("roles")).toBe('cs.{"Mix Engineer"}');
  });

  it("shows 'No Talent Found' with Add Talent when there is none", async () => {
    stubCrmApi();
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    expect(await screen.findByRole("heading", { name: "No Talent Found" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Add Talent" })).toHaveLength(2);
  });

  it("toasts 'Failed to load talent list' and shows the fetch error when the read fails", async () => {
    stubCrmApi({ "GET crm_contacts": () => postgrestError(403, "42501", "denied") });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    expect(await screen.findByText("Failed to load talent list")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to fetch talent");
    expect(screen.getByRole("heading", { name: "No Talent Found" })).toBeInTheDocument();
  });

  it("adds a talent after checking it with the table's schema, then refreshes the list", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET crm_contacts": servePages,
      "POST crm_contacts": (request) => writeResponse([makeContact(request.body as object)], 201),
    });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    await screen.findByText("Showing 1–50 of 64");
    await user.click(screen.getAllByRole("button", { name: "Add Talent" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add Talent" });

    await user.type(within(dialog).getByLabelText(/^IPI name number/), "00014107339");
    await user.click(within(dialog).getByRole("button", { name: "Add Talent" }));
    expect(within(dialog).getAllByText("Required")).toHaveLength(2);
    expect(within(dialog).getByText("This IPI name number's check digits do not match")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("First name")).toHaveFocus();
    expect(api.calls("POST", "crm_contacts")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("First name"), "Zelda");
    await user.type(within(dialog).getByLabelText("Last name"), "Öberg");
    const ipi = within(dialog).getByLabelText(/^IPI name number/);
    await user.clear(ipi);
    await user.type(ipi, "00014 107 338");
    const roles = within(dialog).getByLabelText("Roles");
    await user.type(roles, "Producer{Enter}");
    await user.type(within(dialog).getByLabelText(/^Reliability score/), "8.5");
    await user.click(within(dialog).getByRole("button", { name: "Add Talent" }));

    expect(await screen.findByText("Talent added")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [insert] = api.calls("POST", "crm_contacts");
    expect(insert?.headers.get("prefer")).toBe("return=representation");
    expect(insert?.body).toMatchObject({
      first_name: "Zelda",
      last_name: "Öberg",
      kind: "talent",
      ipi: "00014107338",
      roles: ["Producer"],
      reliability_score: 8.5,
      stage_name: null,
    });
    await waitFor(() => expect(contactReads(api).length).toBeGreaterThan(1));
  });

  it("edits strengths as rows: a score the table refuses is said under them, and the order moved is kept", async () => {
    const user = userEvent.setup();
    const api = stubCrmApi({
      "GET crm_contacts": servePages,
      "POST crm_contacts": (request) => writeResponse([makeContact(request.body as object)], 201),
    });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    await user.click((await screen.findAllByRole("button", { name: "Add Talent" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add Talent" });
    await user.type(within(dialog).getByLabelText("First name"), "Zelda");
    await user.type(within(dialog).getByLabelText("Last name"), "Öberg");
    await user.click(within(dialog).getByRole("button", { name: "Add strength" }));
    await user.type(within(dialog).getByLabelText("Skill 1"), "melody");
    await user.type(within(dialog).getByLabelText("Score for melody, out of 10"), "7");
    await user.click(within(dialog).getByRole("button", { name: "Add strength" }));
    await user.type(within(dialog).getByLabelText("Skill 2"), "vocals");
    await user.type(within(dialog).getByLabelText("Score for vocals, out of 10"), "11");
    await user.click(within(dialog).getByRole("button", { name: "Add Talent" }));

    const strengths = within(dialog).getByRole("group", { name: "Strengths (each out of 10)" });
    await waitFor(() => expect(strengths).toHaveAccessibleDescription(/10/));
    expect(within(dialog).getByLabelText("Score for melody, out of 10")).toHaveFocus();
    expect(api.calls("POST", "crm_contacts")).toHaveLength(0);

    const vocals = within(dialog).getByLabelText("Score for vocals, out of 10");
    await user.clear(vocals);
    await user.type(vocals, "9");
    await user.click(within(dialog).getByRole("button", { name: "Move vocals up" }));
    expect(within(dialog).getByLabelText("Skill 1")).toHaveValue("vocals");
    await user.click(within(dialog).getByRole("button", { name: "Add Talent" }));
    expect(await screen.findByText("Talent added")).toBeInTheDocument();
    const [insert] = api.calls("POST", "crm_contacts");
    expect(Object.entries((insert?.body as { strengths?: object } | undefined)?.strengths ?? {})).toEqual([
      ["vocals", 9],
      ["melody", 7],
    ]);
  });

  it("shows the server's refusal next to the field it names", async () => {
    const user = userEvent.setup();
    stubCrmApi({
      "POST crm_contacts": () =>
        postgrestError(
          400,
          "22P02",
          'invalid input for column "email" of relation "crm_contacts": must be at most 254 characters',
        ),
    });
    renderBackOffice(<TalentPage />, { route: "/app/crm/talent" });
    await user.click((await screen.findAllByRole("button", { name: "Add Talent" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add Talent" });
    await user.type(within(dialog).getByLabelText("First name"), "Zelda");
    await user.type(within(dialog).getByLabelText("Last name"), "Öberg");
    await user.click(within(dialog).getByRole("button", { name: "Add Talent" }));
    expect(await within(dialog).findByText("must be at most 254 characters")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true");
    expect(await screen.findByText("Could not add the talent")).toBeInTheDocument();
  });
});
