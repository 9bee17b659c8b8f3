import { expect, type Page, test } from "@playwright/test";
import { boardColumn, expectNoSeriousViolations, signInAsStaff, toast, uniqueTag } from "./support";

// A phone: the board's columns stand one above the other, and cards are moved with a finger.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

/** A finger's long press on `from`, then a slow slide to `to` and a lift, as Chromium's touch input. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", point?: { x: number; y: number }) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: point ? [point] : [] });
  await touch("touchStart", from);
  // The board lifts a card after a 200 ms press, so a quick swipe still scrolls.
  await page.waitForTimeout(350);
  const steps = 10;
  for (let step = 1; step <= steps; step++) {
    await touch("touchMove", {
      x: from.x + ((to.x - from.x) * step) / steps,
      y: from.y + ((to.y - from.y) * step) / steps,
    });
  }
  await touch("touchEnd");
}

test("at 375 px a deal is moved to the next stage with a finger", async ({ page, request }) => {
  await signInAsStaff(page, request);
  const title = `E2E touch deal ${uniqueTag()}`;
  await page.goto("/app/crm/deals");
  await page.getByRole("button", { name: "New Deal" }).click();
  const dialog = page.getByRole("dialog", { name: "New Deal" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel(/^Company/).selectOption({ index: 1 });
  await dialog.getByRole("button", { name: "Create Deal" }).click();
  await expect(toast(page, "Deal created")).toBeVisible();

  const prospect = boardColumn(page, "Prospect");
  const negotiation = boardColumn(page, "Negotiation");
  const card = prospect
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: title, exact: true }) });
  // A new deal is the last of Prospect, right above Negotiation: both fit on the screen from here.
  await card.evaluate((element) => element.scrollIntoView({ block: "start" }));
  const from = await card.boundingBox();
  const to = await negotiation.getByRole("heading", { level: 2 }).boundingBox();
  if (!from || !to) throw new Error("the card and the Negotiation column are on screen");
  expect(to.y + to.height).toBeLessThan(740);

  await touchDrag(
    page,
    { x: from.x + from.width / 2, y: from.y + 10 },
    { x: to.x + to.width / 2, y: to.y + 40 },
  );
  await expect(negotiation.getByRole("button", { name: title, exact: true })).toBeVisible();
  await expect(toast(page, "Deal moved")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `${title} moved to Negotiation.` })).toBeAttached();
  await expectNoSeriousViolations(page, "the deals board at 375 px after a touch move");

  await page.reload();
  await expect(
    boardColumn(page, "Negotiation").getByRole("button", { name: title, exact: true }),
  ).toBeVisible();
});
