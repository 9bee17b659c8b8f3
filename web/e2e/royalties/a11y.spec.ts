import { expect, test } from "@playwright/test";
import { signInAsStaff } from "../crm/support";
import { expectNoHorizontalOverflow } from "../deliverables/support";
import { atEachSize, expectNoSeriousViolations } from "../support/axe";

test("every royalties tab, the match, payee and advance dialogs pass axe at 375 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsStaff(page, request);
  const checkAt = async (width: number, where: string) => {
    await expectNoSeriousViolations(page, `${where} at ${width} px`);
    if (width === 375) await expectNoHorizontalOverflow(page, where);
  };
  const check = (where: string) => atEachSize(page, (width) => checkAt(width, where));

  await page.goto("/app/royalties");
  // The demo's imported statement, with its one line left unmatched.
  await expect(page.getByRole("table", { name: "Past imports, newest first" })).toContainText(
    "distrokid-demo.tsv",
  );
  await check("royalty imports");

  await page.getByRole("tab", { name: "Unmatched" }).click();
  const unmatched = page.getByRole("table", { name: "Unmatched lines" });
  await expect(unmatched).toContainText("Unknown Track");
  await check("unmatched lines");
  await unmatched.getByRole("button", { name: /^Match Unknown Track/ }).click();
  const dialog = page.getByRole("dialog", { name: "Match a line" });
  await expect(dialog.getByLabel("Search works and recordings")).toHaveValue("QZZZZ2500999");
  await expect(dialog.getByText("Nothing in the catalogue matches.")).toBeVisible();
  await check("match dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("tab", { name: "Periods" }).click();
  await expect(page.getByRole("table", { name: "Periods, latest first" })).toContainText("2026 H1");
  await check("royalty periods");

  await page.getByRole("tab", { name: "Payees" }).click();
  const payees = page.getByRole("table", { name: "Payees" });
  await expect(payees.getByRole("row")).not.toHaveCount(1);
  await check("royalty payees");
  // By keyboard: the dialog opens on Enter, and Escape shuts it and gives focus back.
  const newPayee = page.getByRole("button", { name: "New payee" });
  const payeeDialog = page.getByRole("dialog", { name: "New payee" });
  await atEachSize(page, async (width) => {
    await newPayee.focus();
    await page.keyboard.press("Enter");
    await expect(payeeDialog.getByLabel("Name on statements")).toBeVisible();
    await payeeDialog.getByRole("button", { name: "Create payee" }).click();
    await expect(payeeDialog.getByLabel("Name on statements")).toHaveAttribute("aria-invalid", "true");
    await checkAt(width, "payee dialog with its errors");
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
  await check("advance dialog");
  await page.keyboard.press("Escape");
  await expect(advanceDialog).toBeHidden();

  await page.getByRole("tab", { name: "Statements" }).click();
  await expect(page.getByRole("heading", { name: "Statements" })).toBeVisible();
  await check("royalty statements");

  await page.getByRole("tab", { name: "Catalogue" }).click();
  await expect(page.getByRole("heading", { name: "Works" })).toBeVisible();
  await check("royalty catalogue");

  await page.getByRole("tab", { name: "CWR" }).click();
  await expect(page.getByRole("table", { name: "Works to register" })).toBeVisible();
  await page.getByRole("button", { name: "Export CWR" }).click();
  await expect(page.getByRole("alert")).toContainText("Choose at least one work");
  await check("royalty CWR tab with its problem");

  await page.getByRole("tab", { name: "Sources" }).click();
  await expect(page.getByRole("table", { name: "Sources" })).toBeVisible();
  await check("royalty sources");
  await page.getByRole("button", { name: "New source" }).click();
  const sourceDialog = page.getByRole("dialog", { name: "New source" });
  await sourceDialog.getByLabel("File format").selectOption("custom");
  await sourceDialog.getByRole("button", { name: "Save source" }).click();
  await expect(sourceDialog.getByText("Map the column with the amount")).toBeVisible();
  await check("new source dialog with its problems");
  await page.keyboard.press("Escape");
  await expect(sourceDialog).toBeHidden();
});
