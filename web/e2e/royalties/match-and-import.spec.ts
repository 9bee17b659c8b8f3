import { readFile } from "node:fs/promises";
import { formatOre } from "@app/contracts";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { pdfText } from "../../../server/test/support/document-text";
import { signInAsStaff, uniqueTag } from "../crm/support";
import { accessTokenFor, anonKey } from "../support/server";

const HEADER =
  "Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)";
/** The second file's one line: the demo's unmatched track again, its earnings in USD at the rate typed. */
const EARNINGS_USD = "2.5";
const RATE = "10";
const LINE = `2026-05-15\t2026-04\tTidal\tOkänd\tUnknown Track\tQZZZZ2500999\t\t40\t100\tSong\tSE\t0\t${EARNINGS_USD}`;
const IMPORTED_ORE = Math.round(Number(EARNINGS_USD) * Number(RATE) * 100);

/** The printed amount, after a label, whatever spaces the page or pdf.js puts in or between. */
const amountAfter = (label: string, ore: number) =>
  new RegExp(`${label}\\s*${formatOre(ore).replace(/\s/g, "\\s")}`);

/** The data API as a staff member, for what the test sets up rather than what it tests. */
function staffApi(request: APIRequestContext, token: string) {
  const headers = { apikey: anonKey(), Authorization: `Bearer ${token}`, Prefer: "return=representation" };
  return {
    async created(table: string, row: object): Promise<string> {
      const res = await request.post(`/rest/v1/${table}`, { headers, data: row });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json())[0].id;
    },
    async rows(pathAndQuery: string) {
      const res = await request.get(`/rest/v1/${pathAndQuery}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as Record<string, unknown>[];
    },
  };
}

test("a line matched by hand and remembered matches the source's next file by itself, and the writer's statement pays what came in", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const staff = await signInAsStaff(page, request);
  const api = staffApi(
    request,
    await accessTokenFor(request, { email: staff.email, password: staff.password }),
  );
  // A writer who alone owns a new recording's master: every öre matched to it is theirs.
  const tag = uniqueTag();
  const contact = await api.created("crm_contacts", { first_name: "Writer", last_name: tag });
  const writer = `Writer ${tag}`;
  const payee = await api.created("royalty_payees", { name: writer, contact_id: contact });
  const recording = await api.created("recordings", { title: `Okänd ${tag}`, artist: writer });
  await api.created("recording_payees", { recording_id: recording, payee_id: payee, share_bp: 10_000 });
  const [demoLine] = await api.rows("royalty_lines?title=eq.Unknown%20Track&select=amount_ore");
  const demoOre = Number(demoLine?.amount_ore);
  expect(demoOre).toBeGreaterThan(0);

  await page.goto("/app/royalties");
  await page.getByRole("tab", { name: "Unmatched" }).click();
  await page
    .getByRole("table", { name: "Unmatched lines" })
    .getByRole("button", { name: /^Match Unknown Track/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Match a line" });
  await dialog.getByLabel("Search works and recordings").fill(tag);
  await dialog.getByRole("radio", { name: new RegExp(`Okänd ${tag}.*Recording`) }).check();
  await expect(dialog.getByRole("checkbox", { name: "Remember for this source" })).toBeChecked();
  await dialog.getByRole("button", { name: "Match" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Nothing to match")).toBeVisible();

  await page.getByRole("tab", { name: "Imports" }).click();
  await page.getByLabel("Source", { exact: true }).selectOption({ label: "DistroKid" });
  await page.getByRole("combobox", { name: /^Period/ }).selectOption({ label: "2026 H1" });
  await page.getByLabel(/^Rate, SEK per unit/).fill(RATE);
  await page.getByLabel("Statement file").setInputFiles({
    name: "distrokid-2026-04.tsv",
    mimeType: "text/tab-separated-values",
    buffer: Buffer.from(`${HEADER}\n${LINE}\n`),
  });
  await page.getByRole("button", { name: "Import" }).click();

  const counts = page.getByRole("region", { name: "Imported distrokid-2026-04.tsv" });
  await expect(counts).toContainText("Lines1");
  await expect(counts).toContainText("Matched1");
  await expect(counts).toContainText("Unmatched0");
  await expect(counts).toContainText(amountAfter("Total", IMPORTED_ORE));
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

  // The writer's statement, downloaded as staff do: it pays exactly the money matched to them.
  await page.getByRole("tab", { name: "Statements" }).click();
  await expect(page.getByLabel("Closed period")).toHaveValue(/.+/);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download ${writer}'s statement as PDF` }).click();
  const { text } = await pdfText(await readFile(await (await download).path()));
  expect(text).toContain(writer);
  expect(text).toMatch(amountAfter("Earnings", demoOre + IMPORTED_ORE));
  expect(text).toMatch(amountAfter("Payable", demoOre + IMPORTED_ORE));
});
