import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInAsStaff, uniqueTag } from "../crm/support";
import { createContact, staffHeaders } from "../legal/support";

/*
 * Calendars end to end: a session saved as an .ics file from the sessions list, and a person's feed link
 * made on their page and read the way a calendar app reads it, with no key and no session.
 */
test("a session downloads as an .ics file, and a person's feed link lists their sessions until turned off", async ({
  page,
  request,
}) => {
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);
  const tag = uniqueTag();
  const contact = await createContact(request, headers, {
    first_name: "Feed",
    last_name: `Person${tag}`,
    email: `feed.${tag}@example.com`,
    ipi: "00014107338",
    pro_society: "STIM",
  });
  const rooms = await request.get("/rest/v1/studio_rooms?select=id&limit=1", { headers });
  const [room] = (await rooms.json()) as { id: string }[];
  const title = `Feed session ${tag}`;
  const booked = await request.post("/rest/v1/rpc/book_studio_session", {
    headers,
    data: {
      title,
      room_id: room?.id,
      starts_at: "2039-06-01T08:00:00Z",
      ends_at: "2039-06-01T10:00:00Z",
      status: "confirmed",
      contact_ids: [contact.id],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  await page.goto("/app/crm/sessions?tab=list");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: `Download ${title} as a calendar file (.ics)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Feed-session-${tag}.ics`);
  const file = readFileSync(await download.path(), "utf8");
  expect(file).toContain(`SUMMARY:${title}`);
  expect(file).toContain("DTSTART:20390601T080000Z");

  await page.goto(`/app/crm/contacts/${contact.id}`);
  const card = page
    .getByRole("heading", { name: "Calendar feed" })
    .locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
  await expect(card.getByText("Off.")).toBeVisible();
  await card.getByRole("button", { name: "Create feed link" }).click();
  const link = await card.getByLabel("Feed link").inputValue();
  const feedUrl = new URL(link);
  expect(feedUrl.pathname).toBe("/api/calendar/feed.ics");
  const feed = await request.get(`${feedUrl.pathname}${feedUrl.search}`, { headers: {} });
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`SUMMARY:${title}`);

  await card.getByRole("button", { name: "Turn off" }).click();
  await expect(card.getByText("Off.")).toBeVisible();
  expect((await request.get(`${feedUrl.pathname}${feedUrl.search}`)).status()).toBe(404);
});
