import { expect, type Page, test } from "@playwright/test";
import { signInAsStaff, toast, uniqueTag } from "../crm/support";

/*
 * An event happens in Stockholm, so its time is the venue's wherever the reader is: staff in New York
 * type 19:30 and everyone, in New York or Stockholm, reads "19:30 CET" (or CEST in summer), never the
 * reader's own clock.
 */

/** The home page's community list item whose heading is this title. */
const communityItem = (page: Page, title: string) =>
  page
    .getByRole("region", { name: "Events" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function createEvent(page: Page, title: string, stockholmWallTime: string) {
  await page.goto("/app/events");
  await page.getByRole("button", { name: "New Event" }).click();
  const dialog = page.getByRole("dialog", { name: "New Event" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel(/^Date and time/).fill(stockholmWallTime);
  await dialog.getByRole("checkbox", { name: /Published on the site/ }).check();
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(page, "Event created")).toBeVisible();
  await expect(dialog).toBeHidden();
}

const winter = { wall: "2031-01-17T19:30", shown: "Fri, 17 Jan 2031, 19:30 CET" };
const summer = { wall: "2031-07-18T19:30", shown: "Fri, 18 Jul 2031, 19:30 CEST" };

for (const timezoneId of ["America/New_York", "Europe/Stockholm"]) {
  test.describe(`a visitor in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("reads event times as Stockholm's, with the zone named, in the back office and on the site", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      // The browser really is in that zone: its own clock reads 19:30 Stockholm differently in New York.
      const localHour = await page.evaluate(() => new Date("2031-01-17T18:30:00Z").getHours());
      expect(localHour).toBe(timezoneId === "America/New_York" ? 13 : 19);

      await signInAsStaff(page, request);
      const tag = uniqueTag();
      const titles = { winter: `Winter Gig ${tag}`, summer: `Summer Gig ${tag}` };
      await createEvent(page, titles.winter, winter.wall);
      await createEvent(page, titles.summer, summer.wall);

      await page.goto(`/app/events?q=${encodeURIComponent(tag)}`);
      const upcoming = page.getByRole("region", { name: "Upcoming" });
      await expect(upcoming.getByRole("row", { name: new RegExp(titles.winter) })).toContainText(
        winter.shown,
      );
      await expect(upcoming.getByRole("row", { name: new RegExp(titles.summer) })).toContainText(
        summer.shown,
      );

      // Edited again in the same zone, the form shows the wall time as it was typed.
      await page.getByRole("button", { name: `Edit ${titles.winter}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit event" });
      await expect(edit.getByLabel(/^Date and time/)).toHaveValue(winter.wall);
      await page.keyboard.press("Escape");

      await page.goto("/");
      await expect(communityItem(page, titles.winter).locator("time")).toHaveText(winter.shown);
      await expect(communityItem(page, titles.summer).locator("time")).toHaveText(summer.shown);
      await expect(communityItem(page, titles.winter).getByText(/PM|AM/)).toHaveCount(0);
    });
  });
}
