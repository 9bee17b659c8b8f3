import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff, uniqueTag } from "../crm/support";
import { staffHeaders } from "./support";

/**
 * The seeded split sheet names a publisher and its IPI for one writer: its widest table. The test renders
 * a copy of its own. On a desktop the document page shows that table whole inside the document's card,
 * its last column ("Publisher IPI") included, with nothing to scroll sideways and no value broken in
 * two; on a phone the table scrolls inside its own region and the page stays the phone's width.
 */
const SEEDED = "Split Sheet: Midnatt på Mälaren";

test("a split sheet's tables fit the document card at 1280 px, and the page passes axe at 1280 and 375 px", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const headers = await staffHeaders(request, await signInAsStaff(page, request));
  const seeded = await request.get(
    `/rest/v1/legal_documents?title=eq.${encodeURIComponent(SEEDED)}&select=template_id,payload,parties`,
    { headers },
  );
  const [original] = (await seeded.json()) as { payload: { writers: { publisher_ipi: string | null }[] } }[];
  expect(original, "the seeded split sheet").toBeTruthy();
  const TITLE = `${SEEDED} ${uniqueTag()}`;
  const created = await request.post("/rest/v1/legal_documents", {
    headers: { ...headers, prefer: "return=representation" },
    data: { ...original, title: TITLE },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [copy] = (await created.json()) as { id: string }[];
  await page.goto(`/app/legal/${copy?.id}`);
  await page.getByRole("button", { name: "Render" }).click();
  const card = page.getByRole("article", { name: `${TITLE} (preview)` });
  const tables = card.getByRole("region", { name: /^Table/ });
  await expect(tables.first()).toBeVisible();
  expect(await tables.count(), "the split sheet has its writers table").toBeGreaterThan(0);

  for (const table of await tables.all()) {
    const name = await table.getAttribute("aria-label");
    const hidden = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(hidden, `${name}: px cut off and left to scroll at 1280 px`).toBeLessThanOrEqual(0);
    const lastHeader = table.getByRole("columnheader").last();
    const [cell, box] = [await lastHeader.boundingBox(), await card.boundingBox()];
    expect(cell && box, `${name}: laid out`).toBeTruthy();
    if (cell && box) {
      expect(cell.x + cell.width, `${name}: its last column ends inside the card`).toBeLessThanOrEqual(
        box.x + box.width,
      );
    }
  }
  await expect(card.getByRole("columnheader", { name: "Publisher IPI" })).toBeInViewport({ ratio: 1 });
  // Fitting is no excuse to break a value in two: an IPI number stays on one line.
  const ipi = original?.payload.writers.find((writer) => writer.publisher_ipi)?.publisher_ipi as string;
  const lines = await card.getByRole("cell", { name: ipi }).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getClientRects().length;
  });
  expect(lines, `the publisher IPI ${ipi} on one line`).toBe(1);
  await expectNoSeriousViolations(page, "split sheet at 1280 px");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(tables.first()).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    "the page at 375 px",
  ).toBeLessThanOrEqual(375);
  await expectNoSeriousViolations(page, "split sheet at 375 px");
});
