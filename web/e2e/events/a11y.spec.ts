import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff } from "../crm/support";
import { staffHeaders } from "../legal/support";

const WIDTHS = [
  { name: "375 px", width: 375, height: 740 },
  { name: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`the events screen and its dialogs pass axe at ${viewport.name}`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const user = await signInAsStaff(page, request);
    // A draft in the list: its label and its Publish action are scanned too.
    const draft = await request.post("/rest/v1/events", {
      headers: await staffHeaders(request, user),
      data: { title: `Draft Gig ${viewport.width}`, event_date: "2031-03-01T19:00:00.000Z" },
    });
    expect(draft.status()).toBe(201);
    await page.goto("/app/events");
    await expect(page.getByRole("region", { name: "Upcoming" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Publish Draft Gig ${viewport.width}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Past" })).toBeVisible();
    await expectNoSeriousViolations(page, "events list");

    await page.getByRole("button", { name: "New Event" }).click();
    const dialog = page.getByRole("dialog", { name: "New Event" });
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog.getByText("Required")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await expectNoSeriousViolations(page, "New Event dialog with errors");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Edit Songwriter Circle: Södermalm Sessions" }).click();
    const edit = page.getByRole("dialog", { name: "Edit event" });
    await expect(edit.getByRole("img", { name: "Current poster" })).toBeVisible();
    await expectNoSeriousViolations(page, "Edit event dialog");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Delete Songwriter Circle: Södermalm Sessions" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this event?" });
    await expect(confirm).toBeVisible();
    await expectNoSeriousViolations(page, "delete confirmation");
    await confirm.getByRole("button", { name: "Keep event" }).click();
    await expect(confirm).toBeHidden();

    await page.goto("/app/events?q=nothing-is-called-this");
    await expect(page.getByRole("heading", { name: "No events found." })).toBeVisible();
    await expectNoSeriousViolations(page, "no events found");
  });
}
