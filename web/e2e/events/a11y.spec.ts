import { expect, test } from "@playwright/test";
import { signInAsStaff } from "../crm/support";
import { staffHeaders } from "../legal/support";
import { expectNoSeriousViolationsAtEachSize } from "../support/axe";

test("the events screen and its dialogs pass axe at 375 and 1280 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await signInAsStaff(page, request);
  // A draft in the list: its label and its Publish action are scanned too.
  const draft = await request.post("/rest/v1/events", {
    headers: await staffHeaders(request, user),
    data: { title: "Draft Gig 375", event_date: "2031-03-01T19:00:00.000Z" },
  });
  expect(draft.status()).toBe(201);
  await page.goto("/app/events");
  await expect(page.getByRole("region", { name: "Upcoming" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish Draft Gig 375" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Past" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "events list");

  await page.getByRole("button", { name: "New Event" }).click();
  const dialog = page.getByRole("dialog", { name: "New Event" });
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog.getByText("Required")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await expectNoSeriousViolationsAtEachSize(page, "New Event dialog with errors");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Edit Songwriter Circle: Södermalm Sessions" }).click();
  const edit = page.getByRole("dialog", { name: "Edit event" });
  await expect(edit.getByRole("img", { name: "Current poster" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "Edit event dialog");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Delete Songwriter Circle: Södermalm Sessions" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this event?" });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "delete confirmation");
  await confirm.getByRole("button", { name: "Keep event" }).click();
  await expect(confirm).toBeHidden();

  await page.goto("/app/events?q=nothing-is-called-this");
  await expect(page.getByRole("heading", { name: "No events found." })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "no events found");
});
