import { isrcSchema, iswcSchema, upcSchema } from "@app/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { WorkFormDialog } from "@/features/portfolio/components/work-form-dialog";
import { NOVA } from "@/features/portfolio/test/talent-fixtures";
import { MIDSUMMER } from "@/features/portfolio/test/work-fixtures";
import { renderWithProviders } from "@/test/render";
import { postgrestError, stubTableApi, writeResponse } from "@/test/table-api";

/** The shared schema's own words for a value, so the form is held to exactly what the server says. */
const schemaMessage = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: string,
) => schema.safeParse(value).error?.issues[0]?.message;

/** Toasts arrive after their module loads on first use; a busy machine needs more than a second. */
const findToast = (title: string) => screen.findByText(title);

/** Puts a whole value in a field at once (typing it key by key is slow and tests nothing more). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const saved = (request: { body: unknown }) => writeResponse([{ ...MIDSUMMER, ...(request.body as object) }]);

function renderDialog({ work = MIDSUMMER as PortfolioItem | null, onReload = vi.fn() } = {}) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <WorkFormDialog open onOpenChange={onOpenChange} talentId={NOVA.id} work={work} onReload={onReload} />,
  );
  const dialog = screen.getByRole("dialog", { name: work ? "Edit portfolio item" : "Add work" });
  const field = (label: string | RegExp) => within(dialog).getByLabelText(label);
  const tags = () =>
    within(within(dialog).queryByRole("list", { name: "Current tags" }) ?? document.createElement("ul"))
      .queryAllByRole("listitem")
      .map((li) => li.textContent);
  return { dialog, field, tags, onOpenChange };
}

describe("WorkFormDialog: editing", () => {
  it("saves title, role, description and tags against the version read, and says so", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({ "PATCH portfolio_items": saved });
    const { dialog, field, onOpenChange } = renderDialog();
    await fill(user, field("Title"), "Midsummer EP (Deluxe)");
    await fill(user, field("Role"), "Producer");
    await fill(user, field(/^Description/), "Six songs.");
    await user.click(within(dialog).getByRole("button", { name: "Remove tag EP" }));
    await user.type(field("Tags"), "live{Enter}");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(await findToast("Portfolio item updated")).toBeInTheDocument();
    const [patch] = api.calls("PATCH", "portfolio_items");
    expect(patch?.params.get("id")).toBe(`eq.${MIDSUMMER.id}`);
    expect(patch?.params.get("updated_at")).toBe(`eq.${MIDSUMMER.updated_at}`);
    expect(patch?.body).toEqual({
      title: "Midsummer EP (Deluxe)",
      role: "Producer",
      description: "Six songs.",
      tags: ["acoustic", "live"],
      isrc: null,
      upc: null,
      iswc: null,
      cover_path: null,
      audio_path: null,
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("adds tags with Enter and the plus button, trimmed, once each, without submitting", async () => {
    const user = userEvent.setup();
    const api = stubTableApi();
    const { dialog, field, tags } = renderDialog();
    await user.type(field("Tags"), "  live  {Enter}");
    expect(field("Tags")).toHaveValue("");
    await fill(user, field("Tags"), "tape");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    await user.type(field("Tags"), "   {Enter}");
    await user.type(field("Tags"), " acoustic {Enter}");
    expect(tags()).toEqual(["acoustic", "EP", "live", "tape"]);
    expect(api.requests).toHaveLength(0);
  });

  it("refuses malformed codes with the shared schemas' words, next to each field, and sends nothing", async () => {
    const user = userEvent.setup();
    const api = stubTableApi();
    const { dialog, field } = renderDialog();
    await fill(user, field(/^ISRC/), "SE-ABC-23-001");
    await fill(user, field(/^UPC/), "7300000000012");
    await fill(user, field(/^ISWC/), "T0345246802");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    const isrcError = schemaMessage(isrcSchema, "SEABC23001") as string;
    expect(isrcError).toMatch(/CC-XXX-YY-NNNNN/);
    expect(field(/^ISRC/)).toHaveAccessibleDescription(isrcError);
    expect(field(/^ISRC/)).toHaveFocus();
    expect(field(/^UPC/)).toHaveAccessibleDescription(schemaMessage(upcSchema, "7300000000012") as string);
    expect(field(/^ISWC/)).toHaveAccessibleDescription(schemaMessage(iswcSchema, "T0345246802") as string);
    expect(api.requests).toHaveLength(0);
  });

  it("sends codes as the table keeps them: an ISRC without hyphens, an ISWC without dots", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({ "PATCH portfolio_items": saved });
    const { dialog, field } = renderDialog();
    await fill(user, field(/^ISRC/), "se-xyz-25-00042");
    await fill(user, field(/^UPC/), "0360 0029 1452");
    await fill(user, field(/^ISWC/), "T-034.524.680-1");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await findToast("Portfolio item updated");
    expect(api.calls("PATCH", "portfolio_items")[0]?.body).toMatchObject({
      isrc: "SEXYZ2500042",
      upc: "036000291452",
      iswc: "T0345246801",
    });
  });

  it("shows the server's refusal next to the field it names", async () => {
    const user = userEvent.setup();
    stubTableApi({
      "PATCH portfolio_items": () =>
        postgrestError(
          400,
          "22P02",
          'invalid input for column "upc" of relation "portfolio_items": This code is already on another release',
        ),
    });
    const { dialog, field } = renderDialog();
    await fill(user, field(/^UPC/), "036000291452");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(field(/^UPC/)).toHaveAccessibleDescription("This code is already on another release"),
    );
    expect(dialog).toBeInTheDocument();
  });

  it("saves nothing over someone else's change: the conflict notice reloads, and the next save uses the new version", async () => {
    const user = userEvent.setup();
    const fresh = {
      ...MIDSUMMER,
      title: "Midsummer EP (Their Edit)",
      updated_at: "2024-04-01T10:00:00.000Z",
    };
    const api = stubTableApi({
      "PATCH portfolio_items": (request) =>
        request.params.get("updated_at") === `eq.${fresh.updated_at}` ? saved(request) : writeResponse([]),
    });
    const onReload = vi.fn(async () => fresh);
    const { dialog, field } = renderDialog({ onReload });
    await fill(user, field("Title"), "Mine");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    const notice = await within(dialog).findByRole("alert");
    expect(notice).toHaveTextContent("Someone else changed this record");
    await user.click(within(notice).getByRole("button", { name: "Reload" }));
    expect(field("Title")).toHaveValue("Midsummer EP (Their Edit)");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await findToast("Portfolio item updated");
    expect(api.calls("PATCH", "portfolio_items").map((call) => call.params.get("updated_at"))).toEqual([
      `eq.${MIDSUMMER.updated_at}`,
      `eq.${fresh.updated_at}`,
    ]);
  });

  it("closes without saving on Cancel", async () => {
    const user = userEvent.setup();
    const api = stubTableApi();
    const { dialog, onOpenChange } = renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(api.requests).toHaveLength(0);
  });
});

describe("WorkFormDialog: adding", () => {
  it("requires a title and a role, and checks each link's address on its own row", async () => {
    const user = userEvent.setup();
    const api = stubTableApi();
    const { dialog, field } = renderDialog({ work: null });
    // A wholly blank row is left out of the work: the problem still shows on the row that has it.
    await user.click(within(dialog).getByRole("button", { name: "Add link" }));
    await user.click(within(dialog).getByRole("button", { name: "Add link" }));
    await fill(user, field("Platform of link 2"), "Spotify");
    await fill(user, field("URL of link 2"), "javascript:alert(1)");
    await user.click(within(dialog).getByRole("button", { name: "Add Work" }));
    expect(field("Title")).toHaveAccessibleDescription("Required");
    expect(field("Title")).toHaveFocus();
    expect(field("Role")).toHaveAccessibleDescription("Required");
    expect(field("URL of link 2")).toHaveAccessibleDescription(
      "must be a web address starting with https:// or http://",
    );
    expect(field("URL of link 1")).not.toHaveAttribute("aria-invalid");
    expect(api.requests).toHaveLength(0);
  });

  it("adds a work with every field to the talent's portfolio", async () => {
    const user = userEvent.setup();
    const api = stubTableApi({
      "POST portfolio_items": (request) =>
        writeResponse([{ ...MIDSUMMER, id: crypto.randomUUID(), ...(request.body as object) }], 201),
    });
    const { dialog, field, onOpenChange } = renderDialog({ work: null });
    await fill(user, field("Title"), "Gamla Stan");
    await fill(user, field("Role"), "Producer");
    await fill(user, field("Year"), "2025");
    await user.selectOptions(field("Status"), "In Production");
    await fill(user, field(/^Description/), "A waltz.");
    await user.type(field("Tags"), "waltz{Enter}");
    await fill(user, field(/^ISRC/), "SE-ABC-25-00007");
    await user.click(within(dialog).getByRole("button", { name: "Add link" }));
    await fill(user, field("Platform of link 1"), "Spotify");
    await fill(user, field("URL of link 1"), "https://open.spotify.com/track/1");
    await user.click(within(dialog).getByRole("button", { name: "Add link" }));
    await user.click(within(dialog).getByRole("button", { name: "Add Work" }));

    expect(await findToast("Work added")).toBeInTheDocument();
    expect(api.calls("POST", "portfolio_items")[0]?.body).toEqual({
      // Chosen by the dialog, so a cover can be uploaded into the work's folder before it exists.
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cover_path: null,
      audio_path: null,
      talent_id: NOVA.id,
      title: "Gamla Stan",
      role: "Producer",
      year: 2025,
      status: "In Production",
      description: "A waltz.",
      tags: ["waltz"],
      isrc: "SEABC2500007",
      upc: null,
      iswc: null,
      external_links: [{ platform: "Spotify", url: "https://open.spotify.com/track/1" }],
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
