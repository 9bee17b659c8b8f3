import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signInAsStaff } from "../crm/support";
import { expectNoHorizontalOverflow } from "../deliverables/support";
import { atEachSize, expectNoSeriousViolations } from "../support/axe";

/** Axe at `width`, and at a phone's width no sideways scrolling. */
async function checkAt(page: Page, width: number, where: string) {
  await expectNoSeriousViolations(page, `${where} at ${width} px`);
  if (width === 375) await expectNoHorizontalOverflow(page, where);
}

/** `checkAt` at 375 and at 1280 px. */
function check(page: Page, where: string) {
  return atEachSize(page, (width) => checkAt(page, width, where));
}

/** Signed in at a phone's width on the royalties screen; each state is then checked at both widths. */
async function openRoyalties(page: Page, request: APIRequestContext) {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsStaff(page, request);
  await page.goto("/app/royalties");
}

// Every tab's scans at two widths in one test would near its time on a busy machine: two tests of half each.
test("the imports, unmatched, periods and payees tabs, the match, payee and advance dialogs pass axe at 375 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await openRoyalties(page, request);
  // The demo's imported statement, with its one line left unmatched.
  await expect(page.getByRole("table", { name: "Past imports, newest first" })).toContainText(
    "distrokid-demo.tsv",
  );
  await check(page, "royalty imports");

  await page.getByRole("tab", { name: "Unmatched" }).click();
  const unmatched = page.getByRole("table", { name: "Unmatched lines" });
  await expect(unmatched).toContainText("Unknown Track");
  await check(page, "unmatched lines");
  await unmatched.getByRole("button", { name: /^Match Unknown Track/ }).click();
  const dialog = page.getByRole("dialog", { name: "Match a line" });
  await expect(dialog.getByLabel("Search works and recordings")).toHaveValue("QZZZZ2500999");
  await expect(dialog.getByText("Nothing in the catalogue matches.")).toBeVisible();
  await check(page, "match dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("tab", { name: "Periods" }).click();
  await expect(page.getByRole("table", { name: "Periods, latest first" })).toContainText("2026 H1");
  await check(page, "royalty periods");

  await page.getByRole("tab", { name: "Payees" }).click();
  const payees = page.getByRole("table", { name: "Payees" });
  await expect(payees.getByRole("row")).not.toHaveCount(1);
  await check(page, "royalty payees");
  // By keyboard: the dialog opens on Enter, and Escape shuts it and gives focus back.
  const newPayee = page.getByRole("button", { name: "New payee" });
  const payeeDialog = page.getByRole("dialog", { name: "New payee" });
  await atEachSize(page, async (width) => {
    await newPayee.focus();
    await page.keyboard.press("Enter");
    await expect(payeeDialog.getByLabel("Name on statements")).toBeVisible();
    await payeeDialog.getByRole("button", { name: "Create payee" }).click();
    await expect(payeeDialog.getByLabel("Name on statements")).toHaveAttribute("aria-invalid", "true");
    await checkAt(page, width, "payee dialog with its errors");
    await page.keyboard.press("Escape");
    await expect(payeeDialog).toBeHidden();
    await expect(newPayee).toBeFocused();
  });
  await payees
    .getByRole("button", { name: /^Record advance to / })
    .first()
    .click();
  const advanceDialog = page.getByRole("dialog", { name: /^Record an advance to / });
  await expect(advanceDialog.getByLabel("Amount (SEK)")).toBeVisible();
  await check(page, "advance dialog");
  await page.keyboard.press("Escape");
  await expect(advanceDialog).toBeHidden();
});

test("the statements, catalogue, CWR and sources tabs and the new source dialog pass axe at 375 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await openRoyalties(page, request);
  await page.getByRole("tab", { name: "Statements" }).click();
  await expect(page.getByRole("heading", { name: "Statements" })).toBeVisible();
  await check(page, "royalty statements");

  await page.getByRole("tab", { name: "Catalogue" }).click();
  await expect(page.getByRole("heading", { name: "Works" })).toBeVisible();
  await check(page, "royalty catalogue");

  await page.getByRole("tab", { name: "CWR" }).click();
  await expect(page.getByRole("table", { name: "Works to register" })).toBeVisible();
  await page.getByRole("button", { name: "Export CWR" }).click();
  await expect(page.getByRole("alert")).toContainText("Choose at least one work");
  await check(page, "royalty CWR tab with its problem");

  await page.getByRole("tab", { name: "Sources" }).click();
  await expect(page.getByRole("table", { name: "Sources" })).toBeVisible();
  await check(page, "royalty sources");
  await page.getByRole("button", { name: "New source" }).click();
  const sourceDialog = page.getByRole("dialog", { name: "New source" });
  await sourceDialog.getByLabel("File format").selectOption("custom");
  await sourceDialog.getByRole("button", { name: "Save source" }).click();
  await expect(sourceDialog.getByText("Map the column with the amount")).toBeVisible();
  await check(page, "new source dialog with its problems");
  await page.keyboard.press("Escape");
  await expect(sourceDialog).toBeHidden();
});
