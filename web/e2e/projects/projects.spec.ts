import { expect, type Page, test } from "@playwright/test";
import { boardColumn, expectNoSeriousViolations, signInAsStaff, toast, uniqueTag } from "../crm/support";
import { staffHeaders } from "../legal/support";
import { atEachSize } from "../support/axe";
import { addMilestone, createProjectFromDeal, createWonDeal } from "./support";

/** The page is no wider than the window: nothing makes a person scroll sideways. */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} is wider than the window`).toBeLessThanOrEqual(0);
}

test("a won deal becomes a project, whose team member and milestone are added and edited", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await signInAsStaff(page, request);
  const title = `Album production ${uniqueTag()}`;
  await createWonDeal(page, title);

  await createProjectFromDeal(page, title);
  await expect(page.getByText(/^P-\d{4}-\d{3,} · Production$/)).toBeVisible();
  await expect(page.getByText(/SEK\s12,345 · Fixed fee · VAT 25 %/)).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Add member" }).click();
  const memberDialog = page.getByRole("dialog", { name: "Add a team member" });
  await memberDialog.getByRole("searchbox", { name: /Find a contact/ }).fill("Ekström");
  const contact = memberDialog.getByLabel("Contact", { exact: true });
  // The list narrows to the search before a person is chosen from it.
  const firstFound = contact.locator("option").nth(1);
  await expect(firstFound).toContainText("Ekström");
  const name = (await firstFound.textContent()) ?? "";
  await contact.selectOption({ label: name });
  await expect(contact).toHaveValue(/^[0-9a-f-]{36}$/);
  await memberDialog.getByLabel("Role").selectOption("engineer");
  await memberDialog.getByLabel(/^Rate/).fill("950");
  await memberDialog.getByRole("button", { name: "Add Member" }).click();
  await expect(toast(page, "Added to the team")).toBeVisible();
  await expect(page.getByText(`${name} · Engineer · SEK 950 per hour`)).toBeVisible();

  await addMilestone(page, "Signing", "30");
  // 30 % of SEK 12,345 is SEK 3,703.50, worked out in öre.
  // A new milestone is the signed-in person's, as a new deliverable is.
  await expect(page.getByText(/^Signing · 30 % \(SEK\s3,703\.50\) · yours$/)).toBeVisible();
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText('Milestone "Signing" added');
  await expect(timeline).toContainText("Team member added");

  // Edited in place: the server refuses shares past the whole fee beside the field; a fitting one saves.
  // The rest of the fee is billed on delivery, planned by a colleague's client beside this page.
  const projectId = page.url().split("/").pop();
  const planned = await request.post("/rest/v1/project_milestones", {
    headers: await staffHeaders(request, user),
    data: { project_id: projectId, title: "Delivery", billing_share_bp: 7000 },
  });
  expect(planned.status(), await planned.text()).toBe(201);
  await page.getByRole("button", { name: "Edit milestone Signing" }).click();
  const editDialog = page.getByRole("dialog", { name: 'Edit "Signing"' });
  await editDialog.getByLabel(/^Billing share/).fill("40");
  await editDialog.getByRole("button", { name: "Save Milestone" }).click();
  await expect(editDialog.getByText(/more than 100 %\. At most 30 % is left to bill\.$/)).toBeVisible();
  await editDialog.getByLabel(/^Billing share/).fill("25");
  await editDialog.getByLabel("Reached").check();
  await editDialog.getByRole("button", { name: "Save Milestone" }).click();
  await expect(toast(page, "Milestone saved")).toBeVisible();
  await expect(page.getByText(/^Signing · 25 % \(SEK\s3,086\.25\) · yours\s*Reached$/)).toBeVisible();
  await expect(timeline).toContainText('Milestone "Signing" changed');

  await page.getByRole("button", { name: `Edit ${name} as Engineer` }).click();
  const memberEdit = page.getByRole("dialog", { name: `Edit ${name}` });
  await memberEdit.getByLabel(/^Rate/).fill("1100");
  await memberEdit.getByRole("button", { name: "Save Member" }).click();
  await expect(toast(page, "Team member saved")).toBeVisible();
  await expect(page.getByText(`${name} · Engineer · SEK 1,100 per hour`)).toBeVisible();

  // The deal now points to its project instead of offering to make another.
  await page.goto("/app/crm/deals");
  await boardColumn(page, "Won").getByRole("button", { name: title, exact: true }).click();
  await expect(
    page.getByRole("dialog", { name: "Edit deal" }).getByText(/This deal is project P-/),
  ).toBeVisible();
});

/** Axe at both widths, and at both no sideways scrolling where `noOverflow` is set. */
async function check(page: Page, where: string, { noOverflow = true } = {}) {
  await atEachSize(page, async (width) => {
    await expectNoSeriousViolations(page, `${where} at ${width} px`);
    if (noOverflow) await expectNoHorizontalOverflow(page, `${where} at ${width} px`);
  });
}

test("the projects screens pass axe at 375 and 1280 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsStaff(page, request, "/app/projects");
  await expect(page.getByRole("link", { name: "Podcast theme, Nordljus" })).toBeVisible();
  await check(page, "project list");

  await page.getByRole("button", { name: "Board" }).click();
  await expect(page.getByRole("region", { name: "Projects by status" })).toBeVisible();
  await check(page, "project board");

  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "New Project" });
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(dialog.getByText("A project needs a title")).toBeVisible();
  await check(page, "New Project dialog with errors", { noOverflow: false });
  await page.keyboard.press("Escape");

  await page.goto("/app/projects?status=active");
  await page.getByRole("link", { name: "Podcast theme, Nordljus" }).click();
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Delivery of the theme and stings" }),
  ).toBeVisible();
  await check(page, "project page");
});
