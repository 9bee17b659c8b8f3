import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff } from "../crm/support";
import { expectNoHorizontalOverflow } from "../deliverables/support";
import { storeCompanySettings } from "../money/support";

/** A society's acknowledgement of the demo's first and third works, and of a work number never sent. */
const ACK_FIXTURE = new URL("./fixtures/stim-ack.V22", import.meta.url);

/** The CISAC name of a 2.2 file: year, number in the year, the sender code, receiver 000. */
const CISAC_NAME = /^CW\d{2}\d{4}SSW_000\.V22$/;

test("two works registered as a CWR 2.2 file saved under its CISAC name, and a society's ACK shown in the catalogue", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The business as CWR's publisher: without it the export is refused.
  await storeCompanySettings(request, {
    cwr_publisher_ipi: "00000000297",
    cwr_sender_code: "SSW",
    cwr_pr_society: "079",
    cwr_mr_society: "048",
  });
  await signInAsStaff(page, request);
  await page.goto("/app/royalties");
  await page.getByRole("tab", { name: "CWR" }).click();

  const works = page.getByRole("table", { name: "Works to register" });
  await works.getByRole("checkbox", { name: "Select Midnattssol" }).click();
  // By keyboard too: Space toggles the focused box.
  await works.getByRole("checkbox", { name: "Select Northern Lights Theme" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("2 works chosen")).toBeVisible();
  await page.getByRole("radio", { name: "2.2" }).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CWR" }).click(),
  ]);
  const name = download.suggestedFilename();
  expect(name).toMatch(CISAC_NAME);
  const content = await readFile((await download.path()) as string, "latin1");
  const lines = content.split("\r\n").filter((line) => line !== "");
  const trl = lines.at(-1) ?? "";
  expect(trl.slice(0, 3)).toBe("TRL");
  // Groups, transactions and records (the header and trailer among them) as the file holds them.
  expect(Number(trl.slice(3, 8))).toBe(lines.filter((line) => line.startsWith("GRH")).length);
  expect(Number(trl.slice(8, 16))).toBe(2);
  expect(Number(trl.slice(16, 24))).toBe(lines.length);
  // CWR writes titles in upper case.
  expect(lines.filter((line) => /^(NWR|REV)/.test(line)).map((line) => line.slice(19, 79).trim())).toEqual([
    "MIDNATTSSOL",
    "NORTHERN LIGHTS THEME",
  ]);
  await expect(page.getByText(`Saved ${name}.`)).toBeVisible();

  // The file made is listed with its two works, to download again as it was sent.
  const files = page.getByRole("table", { name: "CWR files made, newest first" });
  const row = files.getByRole("row", { name: new RegExp(name.replace(".", "\\.")) });
  await expect(row).toContainText("2.2");
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("button", { name: `Download ${name}` }).click(),
  ]);
  expect(again.suggestedFilename()).toBe(name);
  expect(await readFile((await again.path()) as string, "latin1")).toBe(content);

  await page.getByLabel("Acknowledgement file").setInputFiles(ACK_FIXTURE.pathname);
  await page.getByRole("button", { name: "Import acknowledgements" }).click();
  const receipt = page.getByRole("region", { name: "Acknowledgements from STIM (079)" });
  await expect(receipt).toContainText("STIM (079) acknowledged 2 works");
  await expect(receipt.getByRole("listitem").filter({ hasText: "Midnattssol" })).toContainText(
    "Registration accepted (AS)Society work no. 7012345",
  );
  await expect(receipt.getByRole("listitem").filter({ hasText: "Northern Lights Theme" })).toContainText(
    "Rejected (RJ)",
  );
  await expect(receipt).toContainText("Work numbers the catalogue never sent, not recorded: W999999");
  await expectNoSeriousViolations(page, "CWR tab with an ACK receipt at 1280 px");
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSeriousViolations(page, "CWR tab with an ACK receipt at 375 px");
  await expectNoHorizontalOverflow(page, "CWR tab with an ACK receipt at 375 px");

  await page.getByRole("tab", { name: "Catalogue" }).click();
  const catalogue = page.getByRole("table", { name: "Works" });
  await expect(catalogue.getByRole("row", { name: /Midnattssol/ })).toContainText(
    "STIM (SE): Registration accepted (AS), work no. 7012345",
  );
  await expect(catalogue.getByRole("row", { name: /Northern Lights Theme/ })).toContainText(
    "STIM (SE): Rejected (RJ)",
  );
});
