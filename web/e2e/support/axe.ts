import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 A and AA. */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** WCAG 2.1 A and AA plus axe's best practices (a dialog's name, one main landmark, …). */
export const WCAG_AND_BEST_PRACTICES = [...WCAG, "best-practice"];

/**
 * Runs axe on the page and returns its serious and critical violations.
 *
 * A dialog fading in or a toast fading out is part transparent, and axe would measure its contrast mid-way:
 * the scan starts once every finite animation has ended (spinners turn for ever), and leaves out toasts
 * already on their way out. It runs in the page itself (axe's "legacy" mode): the default mode opens a
 * blank tab per scan to merge the frames' results, which more than doubled each scan's time, and the app
 * has no frame of its own to merge (the one frame, the home page's third-party playlist, is stubbed
 * offline; its title is checked from the page).
 */
export async function seriousViolations(page: Page, tags: string[] = WCAG_AND_BEST_PRACTICES) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-removed="true"]')
    .withTags(tags)
    // Only violations are needed; skipping the details of passes keeps each scan fast.
    .options({ resultTypes: ["violations"], iframes: false })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/** Fails with the violations, named by `where`, when axe finds a serious or critical one. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

type Size = { width: number; height: number };

/** A phone and a laptop: the two widths the back office's screens are scanned at. */
const SCAN_SIZES: readonly Size[] = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/** Resizes the page and waits for the frame after next, by when media-query listeners have re-rendered. */
async function resizeAndSettle(page: Page, size: Size) {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Runs `check` on the page as it stands at each size, then gives the page back its own size: a state is
 * reached once and checked at a phone's and a laptop's width, rather than the whole flow walked at each.
 */
export async function atEachSize(
  page: Page,
  check: (width: number) => Promise<void>,
  sizes: readonly Size[] = SCAN_SIZES,
) {
  const own = page.viewportSize();
  for (const size of sizes) {
    await resizeAndSettle(page, size);
    await check(size.width);
  }
  if (own) await resizeAndSettle(page, own);
}

/** Fails, as `expectNoSeriousViolations` does, when axe finds a serious violation at any of the sizes. */
export async function expectNoSeriousViolationsAtEachSize(
  page: Page,
  where: string,
  sizes: readonly Size[] = SCAN_SIZES,
) {
  await atEachSize(page, (width) => expectNoSeriousViolations(page, `${where} at ${width} px`), sizes);
}
