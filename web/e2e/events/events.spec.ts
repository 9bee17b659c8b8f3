import { expect, type Page, test } from "@playwright/test";
import { signInAsStaff, toast, uniqueTag } from "../crm/support";

/** A real 1×1 PNG: the storage server checks a poster's bytes, and the home page must be able to draw it. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The home page's community list item whose heading is this title. */
function communityItem(page: Page, title: string) {
  return page
    .getByRole("region", { name: "Events" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test("an event made in /app/events, with a poster, shows on the home page; an edit and a cancellation follow", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Poster Night ${uniqueTag()}`;
  await signInAsStaff(page, request);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "New Event" }).click();
  const dialog = page.getByRole("dialog", { name: "New Event" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel(/^Date and time/).fill("2031-06-12T19:30");
  await dialog.getByLabel(/^Location/).fill("Nalen, Stockholm");
  await dialog.getByLabel(/^Event type/).fill("Live music");
  await dialog.getByLabel(/^Max attendees/).fill("80");
  await dialog.getByLabel(/^Event info link/).fill("https://example.com/poster-night");
  await dialog
    .getByLabel(/^Poster/)
    .setInputFiles({ name: "Poster Night.png", mimeType: "image/png", buffer: PNG_1X1 });
  await expect(dialog.getByRole("img", { name: "Preview of Poster Night.png" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(page, "Event created")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("region", { name: "Upcoming" }).getByRole("row", { name: new RegExp(title) });
  // Entered as Stockholm time, shown back as Stockholm time.
  await expect(row.getByText("12 Jun 2031, 19:30")).toBeVisible();
  await expect(row.getByText("upcoming", { exact: true })).toBeVisible();
  // Saved as a draft: staff see it labelled, the site does not list it until it is published.
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(communityItem(page, "Winter Showcase")).toBeVisible();
  await expect(communityItem(page, title)).toHaveCount(0);
  await page.goBack();
  await page.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(toast(page, "Event published")).toBeVisible();
  await expect(row.getByText("Draft", { exact: true })).toHaveCount(0);

  await page.goto("/");
  const item = communityItem(page, title);
  await item.scrollIntoViewIfNeeded();
  const poster = item.getByRole("img", { name: `Poster for ${title}` });
  // Served through the image renderer at the size the list draws it.
  await expect(poster).toHaveAttribute(
    "src",
    /^\/storage\/v1\/render\/image\/public\/event-posters\/[0-9a-f-]{36}\/poster-night\.png\?width=\d+$/,
  );
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(item.getByText("upcoming", { exact: true })).toBeVisible();
  await expect(item.getByText("80 max attendees")).toBeVisible();
  await item.getByRole("link", { name: /Event Info/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("link", { name: /Tickets and more from the organiser/ })).toHaveAttribute(
    "href",
    "https://example.com/poster-night",
  );

  await page.goto(`/app/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit event" });
  await expect(edit.getByRole("img", { name: "Current poster" })).toBeVisible();
  await edit.getByLabel("Title").fill(`${title} (called off)`);
  await edit.getByLabel("Status").selectOption("cancelled");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Changes saved")).toBeVisible();
  await expect(edit).toBeHidden();
  const cancelledRow = page.getByRole("row", { name: new RegExp(`${title} \\(called off\\)`) });
  await expect(cancelledRow.getByText("cancelled", { exact: true })).toHaveClass(/bg-red-950/);

  await page.goto("/");
  const cancelled = communityItem(page, `${title} (called off)`);
  await expect(cancelled.getByText("cancelled", { exact: true })).toBeVisible();
  await expect(communityItem(page, title)).toHaveCount(0);

  // Deleting asks first; the shared e2e database then holds only the seeded events again.
  await page.goto(`/app/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Delete ${title} (called off)` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this event?" });
  await expect(confirm).toContainText(`${title} (called off)`);
  await confirm.getByRole("button", { name: "Delete event" }).click();
  await expect(toast(page, "Event deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No events found." })).toBeVisible();
  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Events" }).getByText("Songwriter Circle: Södermalm Sessions"),
  ).toBeVisible();
  await expect(communityItem(page, `${title} (called off)`)).toHaveCount(0);
});

test("a file that is not a poster image is refused next to the field before any upload", async ({
  page,
  request,
}) => {
  await signInAsStaff(page, request, "/app/events");
  await page.getByRole("button", { name: "New Event" }).click();
  const dialog = page.getByRole("dialog", { name: "New Event" });
  await dialog
    .getByLabel(/^Poster/)
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hej") });
  await expect(dialog.getByText("Choose a PNG, JPEG, WebP or AVIF image.")).toBeVisible();
  await expect(dialog.getByRole("img")).toHaveCount(0);
});
