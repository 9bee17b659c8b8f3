import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff, uniqueTag } from "../crm/support";
import { sendDocumentFrom, signingLinkFor, staffHeaders } from "./support";

/**
 * A split sheet's writers and shares are what its signers sign: on a 375 px phone every share must be
 * readable before the Sign button (the table scrolls sideways inside its own labelled region, never
 * clipped by a fixed-height box), and on the back office's document page the table stays in its card.
 */

const WRITERS = [
  { legal_name: "Maja Nyström", share_percent: 50, share: "50.00 %" },
  { legal_name: "Olle Berg", share_percent: 30, share: "30.00 %" },
  { legal_name: "Sara Lind", share_percent: 20, share: "20.00 %" },
];

/** Scrolled into view, the element is wholly inside the viewport and no ancestor clips any of it. */
async function expectWhollyVisible(element: Locator, what: string) {
  await element.scrollIntoViewIfNeeded();
  // IntersectionObserver, which toBeInViewport uses, clips by every scrolling ancestor on the way.
  await expect(element, what).toBeInViewport({ ratio: 1 });
}

async function shareCells(page: Page, title: string) {
  const document = page.getByRole("article", { name: title });
  const table = document.getByRole("region", { name: "Table: Writers and shares" });
  await expect(table).toBeVisible();
  return {
    document,
    table,
    cells: WRITERS.map((w) => ({
      writer: w,
      cell: table.getByRole("row", { name: new RegExp(w.legal_name) }).getByRole("cell", { name: w.share }),
    })),
  };
}

test("every writer's share is visible on a phone before signing, and the table stays in its card at 1280 px", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);
  const tag = uniqueTag();
  const email = `maja.${tag}@example.com`;
  const title = `Split Sheet ${tag}`;
  const documentId = await sendDocumentFrom(request, headers, "Split Sheet", {
    title,
    payload: {
      variables: { song_title: "Vårvinter på Söder", session_date: "2026-11-02" },
      writers: WRITERS.map(({ legal_name, share_percent }, i) => ({
        legal_name,
        credited_name: null,
        email: `writer${i}.${tag}@example.com`,
        contribution: ["lyrics", "music", "production"],
        share_percent,
        society: "STIM",
        ipi: i === 0 ? "00014107338" : null,
        publisher: "Söder Songs Publishing",
        publisher_ipi: null,
      })),
    },
    parties: [{ name: "Maja Nyström", email, role: "signer" }],
  });

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const signer = await phone.newPage();
  await signer.goto(await signingLinkFor(request, email));
  await expect(signer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The empty optional values print nothing, not their placeholders.
  await expect(signer.getByRole("article", { name: `${title} (read-only)` })).not.toContainText(
    "Alternate titles",
  );
  const phoneView = await shareCells(signer, `${title} (read-only)`);
  const signButton = signer.getByRole("button", { name: "Sign" });
  for (const { writer, cell } of phoneView.cells) {
    await expectWhollyVisible(cell, `${writer.legal_name}'s share at 375 px`);
    const comesFirst = await cell.evaluate(
      (el, button) =>
        Boolean(button && el.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
      await signButton.elementHandle(),
    );
    expect(comesFirst, `${writer.legal_name}'s share comes before the Sign button`).toBe(true);
  }
  // The scrolling region takes keyboard focus, so it can be scrolled without a pointer.
  await phoneView.table.focus();
  await expect(phoneView.table).toBeFocused();
  await expectNoSeriousViolations(signer, "signing page with a split sheet at 375 px");
  await phone.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/app/legal/${documentId}`);
  const office = await shareCells(page, `${title} (preview)`);
  const card = await office.document.boundingBox();
  const region = await office.table.boundingBox();
  expect(card && region, "the document card and its table are laid out").toBeTruthy();
  if (card && region) expect(region.x + region.width).toBeLessThanOrEqual(card.x + card.width);
  // At this width the whole table fits its card: nothing to scroll sideways.
  const overflow = await office.table.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, "the writers table is wider than its card").toBeLessThanOrEqual(0);
  for (const { writer, cell } of office.cells)
    await expectWhollyVisible(cell, `${writer.legal_name}'s share at 1280 px`);
  await expectNoSeriousViolations(page, "document page with a split sheet at 1280 px");
});
