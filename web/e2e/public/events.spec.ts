import { expect, openPage, test } from "./fixtures";

/**
 * The demo events the server seeds into a fresh database (server/src/db/seed.ts) as the home page lists
 * them: those still to come by date (the undated one after them), then the past ones, latest first.
 */
const SEEDED_IN_LIST_ORDER = [
  "Songwriter Circle: Södermalm Sessions",
  "Sync Licensing Q&A",
  "Topline Workshop for Emerging Writers",
  "Producer Meetup: Mixing for Streaming",
  "Winter Showcase",
  "Summer Rooftop Listening Party",
  "Pitch & Party: Autumn Edition",
  "Royalty Splits Clinic",
];

test.describe("home events section", () => {
  test("lists the server's events, upcoming before past, with their details", async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, "/");
    const section = page.getByRole("region", { name: "Events" });
    const titles = section.getByRole("heading", { level: 3 }).filter({ hasNotText: "Showcased" });
    await expect(titles.first()).toBeVisible();
    await expect(section.getByText("Loading events...")).toHaveCount(0);
    await expect(section.getByText("Failed to load events.")).toHaveCount(0);
    await expect(section.getByText("No events found.")).toHaveCount(0);

    const listed = await titles.allTextContents();
    expect(listed.filter((title) => SEEDED_IN_LIST_ORDER.includes(title))).toEqual(SEEDED_IN_LIST_ORDER);

    const item = (title: string) =>
      section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

    const circle = item("Songwriter Circle: Södermalm Sessions");
    await expect(circle.getByText("120 max attendees")).toBeVisible();
    await expect(circle.getByText("upcoming", { exact: true })).toBeVisible();
    await expect(circle.getByText("Södra Teatern, Stockholm")).toBeVisible();
    await expect(circle.getByText("Live music")).toBeVisible();
    await expect(circle.getByText(/Four writers, one stage/)).toBeVisible();
    // The venue's time with its zone, e.g. "Fri, 4 Dec 2026, 19:00 CET".
    await expect(circle.locator("time")).toHaveText(/^\w{3}, \d{1,2} \w{3} 20\d\d, \d{2}:\d{2} CES?T$/);
    // Every event links to its own page (the organiser's link is there).
    await expect(circle.getByRole("link", { name: /Event Info/ })).toHaveAttribute(
      "href",
      /^\/events\/[0-9a-f-]{36}$/,
    );

    await expect(item("Sync Licensing Q&A").getByText("cancelled", { exact: true })).toBeVisible();
    await expect(item("Royalty Splits Clinic").getByText("past", { exact: true })).toBeVisible();
    const undated = item("Summer Rooftop Listening Party");
    await expect(undated.locator("time")).toHaveText("-");
    await expect(undated.getByText("date to be announced", { exact: true })).toBeVisible();
    await expect(undated.getByText("upcoming", { exact: true })).toHaveCount(0);

    await expect(section.getByText(/^\d+ max attendees$/)).toHaveCount(8);

    // Posters are lazy: bring every item into view, then no image may be left broken.
    for (const listItem of await section.getByRole("list").last().getByRole("listitem").all()) {
      await listItem.scrollIntoViewIfNeeded();
    }
    await expect
      .poll(() =>
        section
          .getByRole("img")
          .evaluateAll((images) =>
            images.every(
              (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      )
      .toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("the EVENTS hero button smooth-scrolls to the events section and moves focus there", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPage(page, "/");
    const heading = page.getByRole("heading", { level: 2, name: "Events", exact: true });
    const top = async () => (await heading.boundingBox())?.y ?? Number.NaN;
    expect(await top()).toBeGreaterThan(400);

    // Record every scroll position: a smooth scroll passes through several, an instant jump only one.
    await page.evaluate(() => {
      const w = window as unknown as { scrollPositions: number[] };
      w.scrollPositions = [];
      window.addEventListener("scroll", () => w.scrollPositions.push(window.scrollY));
    });
    await page.getByRole("button", { name: "EVENTS" }).click();

    // Lands at the top of the viewport, below the fixed 64 px header.
    await expect(heading).toBeInViewport();
    await expect.poll(top).toBeLessThan(200);
    expect(await top()).toBeGreaterThanOrEqual(64);
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    const positions = await page.evaluate(
      () => (window as unknown as { scrollPositions: number[] }).scrollPositions,
    );
    expect(new Set(positions).size).toBeGreaterThan(2);
  });
});
