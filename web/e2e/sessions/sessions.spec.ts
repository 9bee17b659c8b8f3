import { expect, type Page, test } from "@playwright/test";
import { signInAsStaff, uniqueTag } from "../crm/support";

/*
 * Booking studio sessions end to end, in Stockholm time: each test books on a day of its own, far from the
 * seeded calendar, so tests sharing the e2e database never clash with each other.
 */
const ROOM = "Studio A – Södermalm";

async function fillBooking(page: Page, booking: { title: string; day: string; from: string; to: string }) {
  const dialog = page.getByRole("dialog", { name: "Book Session" });
  await dialog.getByLabel("Title").fill(booking.title);
  await dialog.getByLabel("Room").selectOption({ label: ROOM });
  await dialog.getByLabel("Start (Stockholm time)").fill(`${booking.day}T${booking.from}`);
  await dialog.getByLabel("End (Stockholm time)").fill(`${booking.day}T${booking.to}`);
  return dialog;
}

test("books a session for two talents from Talent Matching and shows it in the week calendar", async ({
  page,
  request,
}) => {
  await signInAsStaff(page, request, "/app/crm/matching");
  const available = page.getByRole("list", { name: "Available talent" });
  const addButtons = available.getByRole("button", { name: /^Add .* to the team$/ });
  const names: string[] = [];
  for (let i = 0; i < 2; i++) {
    const label = (await addButtons.first().getAttribute("aria-label")) ?? "";
    names.push(label.replace(/^Add | to the team$/g, ""));
    await addButtons.first().click();
  }
  const team = page.getByRole("list", { name: "Selected team" });
  for (const name of names) await expect(team).toContainText(name);

  await page.getByRole("button", { name: "Create Session" }).click();
  const title = `Vocal session ${uniqueTag()}`;
  const dialog = await fillBooking(page, { title, day: "2031-03-04", from: "10:00", to: "12:00" });
  const members = dialog.getByRole("list", { name: "Team members" });
  for (const name of names) await expect(members).toContainText(name);
  await expect(dialog.getByText("No clashes.")).toBeVisible();
  await dialog.getByRole("button", { name: "Book Session" }).click();

  await expect(page).toHaveURL(/\/app\/crm\/sessions\?week=2031-03-03$/);
  await expect(page.getByRole("heading", { name: /^Week of Monday,? 3 March 2031$/ })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(`^${ROOM}`) });
  const booked = row.getByRole("button", { name: new RegExp(title) });
  await expect(booked).toContainText("10:00–12:00");
  for (const name of names) await expect(booked).toContainText(name);
  // The room heads the row; its cells are Monday, then Tuesday.
  await expect(row.getByRole("cell").nth(1)).toContainText(title);
});

test("shows a clash while booking, and saves nothing when the server refuses it", async ({
  page,
  request,
}) => {
  await signInAsStaff(page, request, "/app/crm/sessions?week=2031-03-10");
  const first = `Mixing ${uniqueTag()}`;
  await page.getByRole("button", { name: "New Session" }).click();
  await (await fillBooking(page, { title: first, day: "2031-03-12", from: "10:00", to: "12:00" }))
    .getByRole("button", { name: "Book Session" })
    .click();
  await expect(page.getByRole("dialog", { name: "Book Session" })).toBeHidden();
  await expect(page.getByRole("button", { name: new RegExp(first) })).toBeVisible();

  const second = `Overdubs ${uniqueTag()}`;
  await page.getByRole("button", { name: "New Session" }).click();
  const dialog = await fillBooking(page, { title: second, day: "2031-03-12", from: "11:00", to: "13:00" });
  await expect(dialog.getByRole("list", { name: "Clashes" })).toContainText(
    `${ROOM} is already booked 2031-03-12 10:00–12:00 (Stockholm time) in “${first}”`,
  );
  await dialog.getByRole("button", { name: "Book Session" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    `${ROOM} is already booked 2031-03-12 10:00–12:00 (Stockholm time) by “${first}”`,
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("tab", { name: "List" }).click();
  await expect(page.getByRole("table", { name: "Sessions" })).toBeVisible();
  await page.getByRole("tab", { name: "Calendar" }).click();
  // The list (whose rows also offer each session's calendar file) leaves before the calendar is read.
  await expect(page.getByRole("table", { name: "Sessions", exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: new RegExp(first) })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(second) })).toHaveCount(0);
});
