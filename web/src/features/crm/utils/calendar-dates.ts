import { addDays, formatLongDay, weekDays, weekStart } from "@app/contracts/stockholm-time";

/*
 * The sessions calendar's periods, on Stockholm day keys ("YYYY-MM-DD"). Days are counted on the key itself
 * (never through a machine's zone), so a summer-time change or a new year moves nothing; weeks start on
 * Monday, as Swedish calendars do.
 */
export const CALENDAR_VIEWS = ["day", "week", "month"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isCalendarView = (value: string): value is CalendarView =>
  (CALENDAR_VIEWS as readonly string[]).includes(value);

/** Whether a string names a real calendar day ("2027-02-30" does not). */
export function isDayKey(value: string): boolean {
  const match = DATE_KEY.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as number[];
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day));
  return date.getUTCMonth() === (month as number) - 1 && date.getUTCDate() === day;
}

/** The first day of a day's month. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** How many days a month has ("2028-02" has 29). */
function daysInMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day of the month `months` later, kept within the month: 31 January plus one is 28 February. */
export function addMonths(day: string, months: number): string {
  const [year, month, dayOfMonth] = day.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = index - toYear * 12 + 1;
  const clamped = Math.min(dayOfMonth, daysInMonth(toYear, toMonth));
  return `${String(toYear).padStart(4, "0")}-${String(toMonth).padStart(2, "0")}-${String(clamped).padStart(2, "0")}`;
}

/**
 * A month as the calendar lays it out: whole weeks, Monday to Sunday, from the week of the 1st to the
 * week of the last day (four to six rows); the days before and after the month fill the first and last.
 */
export function monthGrid(day: string): string[][] {
  const first = monthStart(day);
  const month = first.slice(0, 7);
  const weeks: string[][] = [];
  for (
    let monday = weekStart(first);
    monday.startsWith(month) || monday < first;
    monday = addDays(monday, 7)
  ) {
    weeks.push(weekDays(monday));
  }
  return weeks;
}

/** The days a view shows around a date, first to last. */
export function viewDays(view: CalendarView, date: string): string[] {
  if (view === "day") return [date];
  if (view === "week") return weekDays(weekStart(date));
  return monthGrid(date).flat();
}

/** The date one period earlier (step -1) or later (step 1) in a view: a day, a week or a month. */
export function shiftDate(view: CalendarView, date: string, step: number): string {
  if (view === "day") return addDays(date, step);
  if (view === "week") return addDays(date, 7 * step);
  return addMonths(date, step);
}

// A day key names a calendar day, not an instant: read at UTC midnight so no zone can move it.
const MONTH_LABEL = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" });

/** The period a view shows, as its heading reads: "Tuesday 4 March 2031", "Week of …", "March 2031". */
export function formatPeriod(view: CalendarView, date: string): string {
  if (view === "day") return formatLongDay(date);
  if (view === "week") return `Week of ${formatLongDay(weekStart(date))}`;
  return MONTH_LABEL.format(new Date(`${monthStart(date)}T00:00:00Z`));
}

/**
 * The view and date the address asks for: `view` and `date`, or `week` (a link to a week, from Talent
 * Matching or the dashboard). Without a view a phone starts on the day, where a week's seven columns
 * would not fit, and a wider screen on the week; without a date, today.
 */
export function readCalendarPlace(
  params: { view: string; date: string; week: string },
  fallback: { today: string; isPhone: boolean },
): { view: CalendarView; date: string } {
  const linkedWeek = isDayKey(params.week) ? params.week : null;
  const view = isCalendarView(params.view)
    ? params.view
    : linkedWeek
      ? "week"
      : fallback.isPhone
        ? "day"
        : "week";
  const date = isDayKey(params.date) ? params.date : (linkedWeek ?? fallback.today);
  return { view, date };
}
