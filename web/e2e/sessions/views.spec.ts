import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff, uniqueTag } from "../crm/support";
import { createContact, staffHeaders } from "../legal/support";

/*
 * The sessions calendar's Day, Week and Month views at a phone's width and a desktop's: each test books a
 * session of its own on a day far from the seeded calendar (10:00–12:00 Stockholm time, winter), then
 * finds it in every view, moves by each view's period, and checks the page never scrolls sideways.
 */
const WIDTHS = [
  { name: "375 px", width: 375, height: 740, day: "2033-03-16", weekday: "Wednesday", isPhone: true },
  { name: "1280 px", width: 1280, height: 800, day: "2033-03-17", weekday: "Thursday", isPhone: false },
] as const;

async function bookSession(request: APIRequestContext, headers: Record<string, string>, day: string) {
  const tag = uniqueTag();
  const contact = await createContact(request, headers, {
    first_name: "Calendar",
    last_name: `Player${tag}`,
    email: `calendar.${tag}@example.com`,
    ipi: "00014107338",
    pro_society: "STIM",
  });
  const rooms = await request.get("/rest/v1/studio_rooms?select=id,name&active=eq.true&limit=1", { headers });
  const [room] = (await rooms.json()) as { id: string; name: string }[];
  const title = `Views session ${tag}`;
  const booked = await request.post("/rest/v1/rpc/book_studio_session", {
    headers,
    data: {
      title,
      room_id: room?.id,
      starts_at: `${day}T09:00:00Z`,
      ends_at: `${day}T11:00:00Z`,
      status: "confirmed",
      contact_ids: [contact.id],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return { title, room: room?.name ?? "", person: `Calendar Player${tag}` };
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** "Thursday 26 November 2026": today as Stockholm's calendar has it, whatever zone the test runs in. */
const todayInStockholm = () =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Stockholm",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date());

/** The view and date the address holds, as a reload or Back reads them. */
async function expectAddress(page: Page, view: string, date: string) {
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return { view: params.get("view"), date: params.get("date") };
    })
    .toEqual({ view, date });
}

const heading = (page: Page, name: RegExp) => page.getByRole("heading", { level: 2, name });
const viewRadio = (page: Page, name: string) =>
  page.getByRole("radiogroup", { name: "Calendar view" }).getByRole("radio", { name });

for (const viewport of WIDTHS) {
  test(`day, week and month views at ${viewport.name}: navigation, the address, no sideways scroll, axe`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const user = await signInAsStaff(page, request);
    const session = await bookSession(request, await staffHeaders(request, user), viewport.day);
    const dayNumber = Number(viewport.day.slice(8));
    const longDay = new RegExp(`^${viewport.weekday},? ${dayNumber} March 2033$`);

    // Without a view in the address a phone starts on the day, a desktop on the week.
    await page.goto(`/app/crm/sessions?date=${viewport.day}`);
    const firstView = viewport.isPhone ? "Day" : "Week";
    await expect(viewRadio(page, firstView)).toBeChecked();

    // Day view: the session with its room, Stockholm times and team; it opens for editing.
    // The radio itself is visually hidden: a pointer chooses by its label, as a person does.
    if (!viewport.isPhone) await viewRadio(page, "Day").locator("xpath=..").click();
    await expect(heading(page, longDay)).toBeVisible();
    const dayList = page.getByRole("list", { name: /^Sessions on / });
    const inDay = dayList.getByRole("button", { name: new RegExp(session.title) });
    await expect(inDay).toContainText("10:00–12:00");
    await expect(inDay).toContainText(session.room);
    await expect(inDay).toContainText(session.person);
    await expectNoSidewaysScroll(page, viewport.width);
    await expectNoSeriousViolations(page, `day view at ${viewport.name}`);
    await inDay.click();
    const editDialog = page.getByRole("dialog");
    await expect(editDialog.getByLabel("Title")).toHaveValue(session.title);
    await page.keyboard.press("Escape");
    await expect(editDialog).toBeHidden();

    await page.getByRole("button", { name: "Next day" }).click();
    await expect(heading(page, new RegExp(`^\\w+,? ${dayNumber + 1} March 2033$`))).toBeVisible();
    await expectAddress(page, "day", `2033-03-${dayNumber + 1}`);
    await expect(page.getByText("No sessions this day.")).toBeVisible();
    await page.getByRole("button", { name: "Previous day" }).click();
    await expect(heading(page, longDay)).toBeVisible();

    // Week view, chosen with the keyboard: the arrow keys move through the radio group.
    await viewRadio(page, "Day").focus();
    await page.keyboard.press("ArrowRight");
    await expect(viewRadio(page, "Week")).toBeChecked();
    await expect(viewRadio(page, "Week")).toBeFocused();
    await expect(heading(page, /^Week of Monday,? 14 March 2033$/)).toBeVisible();
    const week = page.getByRole("region", { name: /^Week of .*, by room$/ });
    await expect(week.getByRole("button", { name: new RegExp(session.title) })).toBeVisible();
    await expectNoSidewaysScroll(page, viewport.width);
    await expectNoSeriousViolations(page, `week view at ${viewport.name}`);
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(heading(page, /^Week of Monday,? 21 March 2033$/)).toBeVisible();
    await page.getByRole("button", { name: "Previous week" }).click();
    await expect(week.getByRole("button", { name: new RegExp(session.title) })).toBeVisible();

    // Month view: a Monday-first grid; the day names its session (a count on a phone) and opens the day.
    await viewRadio(page, "Week").focus();
    await page.keyboard.press("ArrowRight");
    await expect(viewRadio(page, "Month")).toBeChecked();
    await expect(heading(page, /^March 2033$/)).toBeVisible();
    const month = page.getByRole("table", { name: "Sessions per day, in Stockholm time" });
    await expect(month.getByRole("columnheader").first()).toHaveText("Mon");
    // 1 March 2033 is a Tuesday: the grid opens on Monday 28 February, from the month before.
    await expect(month.getByRole("cell").first()).toContainText("28");
    const dayName = new RegExp(`^${viewport.weekday},? ${dayNumber} March 2033, 1 session$`);
    const dayButton = month.getByRole("button", { name: dayName });
    const dayCell = month.getByRole("cell").filter({ has: page.getByRole("button", { name: dayName }) });
    await expect(dayCell).toBeVisible();
    if (viewport.isPhone) {
      // A phone's cell is too narrow for titles: it shows how many sessions the day has.
      await expect(dayCell.getByText(session.title)).toBeHidden();
      await expect(dayCell.getByText("1", { exact: true })).toBeVisible();
    } else {
      await expect(dayCell.getByText(session.title)).toBeVisible();
      await expect(dayCell).toContainText(`10:00 ${session.title}`);
    }
    await expectNoSidewaysScroll(page, viewport.width);
    await expectNoSeriousViolations(page, `month view at ${viewport.name}`);

    await page.getByRole("button", { name: "Next month" }).click();
    await expect(heading(page, /^April 2033$/)).toBeVisible();
    await expectAddress(page, "month", `2033-04-${dayNumber}`);
    await page.getByRole("button", { name: "Previous month" }).click();
    await expect(heading(page, /^March 2033$/)).toBeVisible();

    // The address keeps the view and the date through a reload.
    await page.reload();
    await expect(viewRadio(page, "Month")).toBeChecked();
    await expect(heading(page, /^March 2033$/)).toBeVisible();

    await dayButton.click();
    await expect(viewRadio(page, "Day")).toBeChecked();
    await expect(heading(page, longDay)).toBeVisible();
    await expectAddress(page, "day", viewport.day);
    await expect(dayList.getByRole("button", { name: new RegExp(session.title) })).toBeVisible();

    await page.getByRole("button", { name: "Today" }).click();
    await expect(heading(page, new RegExp(`^${todayInStockholm().replace(",", ",?")}$`))).toBeVisible();
    await expect(viewRadio(page, "Day")).toBeChecked();
    await expectNoSidewaysScroll(page, viewport.width);
  });
}
