import { expect, test } from "@playwright/test";
import { signInAsStaff } from "../crm/support";

const HEADER =
  "Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)";

test("a line matched by hand and remembered matches the source's next file by itself, and the period closes into statements", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInAsStaff(page, request);
  await page.goto("/app/royalties");

  await page.getByRole("tab", { name: "Unmatched" }).click();
  await page
    .getByRole("table", { name: "Unmatched lines" })
    .getByRole("button", { name: /^Match Unknown Track/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Match a line" });
  await dialog.getByLabel("Search works and recordings").fill("Midnattssol");
  await dialog.getByRole("radio", { name: /Midnattssol.*Recording/ }).check();
  await expect(dialog.getByRole("checkbox", { name: "Remember for this source" })).toBeChecked();
  await dialog.getByRole("button", { name: "Match" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Nothing to match")).toBeVisible();

  await page.getByRole("tab", { name: "Imports" }).click();
  await page.getByLabel("Source").selectOption({ label: "DistroKid" });
  await page.getByRole("combobox", { name: /^Period/ }).selectOption({ label: "2026 H1" });
  await page.getByLabel(/^Rate, SEK per unit/).fill("10");
  const row = "2026-05-15\t2026-04\tTidal\tOkänd\tUnknown Track\tQZZZZ2500999\t\t40\t100\tSong\tSE\t0\t2.5";
  await page.getByLabel("Statement file").setInputFiles({
    name: "distrokid-2026-04.tsv",
    mimeType: "text/tab-separated-values",
    buffer: Buffer.from(`${HEADER}\n${row}\n`),
  });
  await page.getByRole("button", { name: "Import" }).click();

  const counts = page.getByRole("region", { name: "Imported distrokid-2026-04.tsv" });
  await expect(counts).toContainText("Lines1");
  await expect(counts).toContainText("Matched1");
  await expect(counts).toContainText("Unmatched0");
  await expect(counts).toContainText(/Total25,00\skr/);
  await expect(page.getByRole("table", { name: "Past imports, newest first" })).toContainText(
    "distrokid-2026-04.tsv",
  );

  await page.getByRole("tab", { name: "Periods" }).click();
  await page.getByRole("button", { name: "Close 2026 H1" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Close 2026 H1?" });
  await confirm.getByRole("button", { name: "Close period" }).click();
  await expect(confirm).toBeHidden();
  const periods = page.getByRole("table", { name: "Periods, latest first" });
  await expect(periods.getByRole("row", { name: /2026 H1/ })).toContainText("Closed");
  await expect(page.getByRole("button", { name: "Close 2026 H1" })).toHaveCount(0);

  await page.getByRole("tab", { name: "Statements" }).click();
  await expect(page.getByLabel("Closed period")).toHaveValue(/.+/);
  // The demo's recordings may have no payees yet (their money is then held in suspense): either way the
  // closed period's statements are read and shown.
  await expect(
    page
      .getByRole("table", { name: "Statements by payee" })
      .or(page.getByText("No payee earned anything in this period.")),
  ).toBeVisible();
});
