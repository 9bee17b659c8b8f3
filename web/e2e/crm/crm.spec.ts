import { expect, test } from "@playwright/test";
import { boardColumn, columnTotal, signInAsStaff, toast, uniqueTag } from "./support";

/*
 * The CRM against the real server and its seeded Stockholm demo. The database is shared by every test
 * of the run, so each test makes and finds its own records (a unique tag in their names).
 */

test("the seeded demo shows populated boards and dashboards", async ({ page, request }) => {
  await signInAsStaff(page, request);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const pipelineValue = page.getByRole("heading", { name: "Pipeline Value" }).locator("../..");
  await expect(pipelineValue).toContainText(/SEK\s[1-9]/);
  await expect(page.getByRole("row", { name: /^won [1-9]/ })).toBeVisible();

  await page.goto("/app/crm");
  const activeBriefs = page.getByRole("heading", { name: "Active Briefs" }).locator("../..");
  await expect(activeBriefs).toContainText(/[1-9]/);
  const nurture = page.getByRole("heading", { name: "Nurture Queue" }).locator("../..");
  await expect(nurture.getByRole("link").first()).toBeVisible();

  await page.goto("/app/crm/deals");
  for (const stage of ["Prospect", "Negotiation", "Contract", "Won", "Lost"]) {
    await expect(boardColumn(page, stage).getByRole("listitem").first()).toBeVisible();
  }
  await page.goto("/app/crm/briefs");
  for (const status of ["Draft", "Sourcing", "In Session", "In Review", "Shipped"]) {
    await expect(boardColumn(page, status).getByRole("listitem").first()).toBeVisible();
  }
  await page.goto("/app/crm/talent");
  await expect(page.getByText(/Showing 1–50 of (6[4-9]|[7-9]\d|\d{3})/)).toBeVisible();
  await page.goto("/app/crm/companies");
  await expect(page.getByRole("link", { name: "Hornstull Records" })).toBeVisible();
  await page.goto("/app/crm/contacts");
  await expect(page.getByRole("link", { name: "Maja Ekström" })).toBeVisible();
  await page.goto("/app/activity");
  await expect(page.getByRole("list", { name: "Activity" }).getByRole("listitem").first()).toBeVisible();
});

test("a talent added with Add Talent is found by search on page 2", async ({ page, request }) => {
  await signInAsStaff(page, request);
  const tag = uniqueTag();
  // Sorted by last name, a Z name comes after nearly all of the 64 seeded talents.
  const lastName = `Zetterlund${tag}`;
  await page.goto("/app/crm/talent");
  await page.getByRole("button", { name: "Add Talent" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Talent" });
  await dialog.getByLabel("First name").fill("Zora");
  await dialog.getByLabel("Last name").fill(lastName);
  await dialog.getByLabel(/^Email/).fill(`zora.${tag}@example.com`);
  await dialog.getByLabel("Roles").fill("Topliner");
  await dialog.getByLabel("Roles").press("Enter");
  await dialog.getByRole("button", { name: "Add Talent" }).click();
  await expect(toast(page, "Talent added")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Every seeded talent's e-mail is at example.com: the search matches more than one page.
  await page.getByRole("searchbox", { name: "Search talent" }).fill("EXAMPLE.COM");
  // The search is sent once typing pauses, and kept in the address.
  await expect(page).toHaveURL(/[?&]q=EXAMPLE\.COM/);
  await expect(page.getByText(/^Showing 1–50 of (6[5-9]|[7-9]\d|\d{3})$/)).toBeVisible();
  await expect(page.getByRole("link", { name: `Zora ${lastName}` })).toHaveCount(0);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/^Showing 51–\d+ of \d+$/)).toBeVisible();
  await page.getByRole("link", { name: `Zora ${lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Zora ${lastName}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("Created");
});

test("a company and its deal: dragged to Won, both column totals change and the timeline has the move", async ({
  page,
  request,
}) => {
  await signInAsStaff(page, request);
  const tag = uniqueTag();
  const companyName = `E2E Studio ${tag}`;
  const dealTitle = `E2E mastering retainer ${tag}`;

  await page.goto("/app/crm/companies");
  await page.getByRole("button", { name: "New Company" }).click();
  const companyDialog = page.getByRole("dialog", { name: "New Company" });
  await companyDialog.getByLabel("Name").fill(companyName);
  await companyDialog.getByLabel("Kind").selectOption("Studio");
  await companyDialog.getByLabel(/^Organisation number/).fill("556016-0680");
  await companyDialog.getByRole("button", { name: "Create Company" }).click();
  await expect(toast(page, "Company created")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search companies" }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  await page.getByRole("link", { name: companyName }).click();
  await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
  await page.getByRole("button", { name: "New Deal" }).click();
  const dealDialog = page.getByRole("dialog", { name: "New Deal" });
  await dealDialog.getByLabel("Title").fill(dealTitle);
  await expect(dealDialog.getByLabel(/^Company/)).toHaveValue(/.+/);
  await dealDialog.getByLabel(/^Value/).fill("12 345");
  await dealDialog.getByRole("button", { name: "Create Deal" }).click();
  await expect(toast(page, "Deal created")).toBeVisible();
  await expect(page.getByRole("button", { name: dealTitle, exact: true })).toBeVisible();

  await page.goto("/app/crm/deals");
  const prospect = boardColumn(page, "Prospect");
  const won = boardColumn(page, "Won");
  const card = prospect
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: dealTitle, exact: true }) });
  await expect(card).toBeVisible();
  const before = { prospect: await columnTotal(prospect), won: await columnTotal(won) };

  // A mouse drag as a person makes one: press on the card, move in steps (dnd-kit lifts it after a few
  // pixels), release over Won.
  // The columns share one grid row, so Won spans the card's height too: the drop lands level with the card,
  // which keeps both ends on screen however long the Prospect column has grown.
  await card.scrollIntoViewIfNeeded();
  const from = await card.boundingBox();
  const to = await won.boundingBox();
  if (!from || !to) throw new Error("the card and the Won column are on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, from.y + 12, { steps: 12 });
  await page.mouse.up();
  await expect(won.getByRole("button", { name: dealTitle, exact: true })).toBeVisible();
  await expect(toast(page, "Deal moved")).toBeVisible();
  await expect.poll(() => columnTotal(won)).toBe(before.won + 12_345);
  await expect.poll(() => columnTotal(prospect)).toBe(before.prospect - 12_345);

  // The move was saved: still in Won after a reload, and recorded on the deal's timeline.
  await page.reload();
  await boardColumn(page, "Won").getByRole("button", { name: dealTitle, exact: true }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit deal" });
  await expect(editDialog.getByRole("list", { name: "Timeline" })).toContainText(
    "Moved from Prospect to Won",
  );
  await expect(editDialog.getByRole("list", { name: "Timeline" })).toContainText("You ·");
});

test("a new brief is moved to In Session with the keyboard", async ({ page, request }) => {
  await signInAsStaff(page, request);
  const title = `E2E jingle ${uniqueTag()}`;
  await page.goto("/app/crm/briefs");
  await page.getByRole("button", { name: "New Brief" }).click();
  const dialog = page.getByRole("dialog", { name: "New Brief" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel(/^Client/).selectOption("Fasching");
  await dialog.getByRole("button", { name: "Create Brief" }).click();
  await expect(toast(page, "Brief created")).toBeVisible();
  await expect(boardColumn(page, "Draft").getByRole("button", { name: title, exact: true })).toBeVisible();

  const menuButton = page.getByRole("button", { name: `Move to… (${title})` });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Sourcing" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "In Session" })).toBeFocused();
  await page.keyboard.press("Enter");

  const inSession = boardColumn(page, "In Session");
  await expect(inSession.getByRole("button", { name: title, exact: true })).toBeVisible();
  await expect(inSession.getByRole("button", { name: `Move to… (${title})` })).toBeFocused();
  await expect(toast(page, "Brief moved")).toBeVisible();
  await page.reload();
  await expect(
    boardColumn(page, "In Session").getByRole("button", { name: title, exact: true }),
  ).toBeVisible();

  // The board's search finds briefs by client too.
  await page.getByRole("searchbox", { name: "Search briefs" }).fill("fasching");
  await expect(
    boardColumn(page, "In Session").getByRole("button", { name: title, exact: true }),
  ).toBeVisible();
});

test("saving a stale copy from a second browser says someone else changed the record", async ({
  browser,
  request,
}) => {
  const tag = uniqueTag();
  const maja = await browser.newContext();
  const elias = await browser.newContext();
  try {
    const majaPage = await maja.newPage();
    const eliasPage = await elias.newPage();
    await signInAsStaff(majaPage, request);
    await signInAsStaff(eliasPage, request);

    await majaPage.goto("/app/crm/contacts");
    await majaPage.getByRole("link", { name: "Viktor Åberg" }).click();
    await expect(majaPage.getByRole("heading", { level: 1, name: "Viktor Åberg" })).toBeVisible();
    const contactUrl = majaPage.url();
    await eliasPage.goto(contactUrl);

    // Both open the editor on the same version.
    await majaPage.getByRole("button", { name: "Edit" }).click();
    await eliasPage.getByRole("button", { name: "Edit" }).click();
    const majaDialog = majaPage.getByRole("dialog", { name: "Edit contact" });
    const eliasDialog = eliasPage.getByRole("dialog", { name: "Edit contact" });

    await eliasDialog.getByLabel(/^Notes/).fill(`Elias was here ${tag}`);
    await eliasDialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(eliasPage, "Changes saved")).toBeVisible();

    await majaDialog.getByLabel(/^Notes/).fill(`Maja's note ${tag}`);
    await majaDialog.getByRole("button", { name: "Save Changes" }).click();
    const conflict = majaDialog.getByRole("alert");
    await expect(conflict).toContainText("Someone else changed this record while you were editing it");
    await expect(toast(majaPage, "Could not save the contact")).toBeVisible();

    await conflict.getByRole("button", { name: "Reload" }).click();
    await expect(majaDialog.getByLabel(/^Notes/)).toHaveValue(`Elias was here ${tag}`);
    await expect(majaDialog.getByRole("alert")).toHaveCount(0);
    await majaDialog.getByRole("button", { name: "Cancel" }).click();
    // Nothing of Maja's stale save reached the record.
    await majaPage.reload();
    await expect(majaPage.getByText(`Elias was here ${tag}`, { exact: true })).toBeVisible();
  } finally {
    await maja.close();
    await elias.close();
  }
});
