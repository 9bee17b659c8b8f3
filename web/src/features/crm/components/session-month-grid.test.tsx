import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { SessionView } from "@/features/crm/api/studio-sessions";
import { SessionMonthGrid } from "@/features/crm/components/session-month-grid";
import { makeSession } from "@/features/crm/test/crm-fixtures";
import { monthGrid } from "@/features/crm/utils/calendar-dates";

const view = (title: string, startsAt: string): SessionView => ({
  ...makeSession({
    title,
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + 3600_000).toISOString(),
  }),
  roomName: "Studio A",
  team: [],
});

describe("the month grid", () => {
  it("names up to three sessions a day with start times, then '+N more', and dims the other months' days", async () => {
    const user = userEvent.setup();
    const onOpenDay = vi.fn();
    // Four sessions on Wednesday 2 December (Stockholm is UTC+1), given out of order.
    const busy = [
      "2026-12-02T15:00:00Z",
      "2026-12-02T08:00:00Z",
      "2026-12-02T12:00:00Z",
      "2026-12-02T10:00:00Z",
    ];
    const three = ["2026-12-03T08:00:00Z", "2026-12-03T10:00:00Z", "2026-12-03T12:00:00Z"];
    const sessions = [
      ...busy.map((at, i) => view(`Busy ${i}`, at)),
      ...three.map((at, i) => view(`Three ${i}`, at)),
      view("Next year", "2027-01-02T09:00:00Z"),
    ];
    render(
      <SessionMonthGrid
        weeks={monthGrid("2026-12-10")}
        month="2026-12"
        today="2026-12-15"
        sessions={sessions}
        onOpenDay={onOpenDay}
      />,
    );
    const cellOf = (name: RegExp) =>
      screen.getByRole("button", { name }).closest("td") as HTMLTableCellElement;

    const busyCell = cellOf(/^Wednesday,? 2 December 2026, 4 sessions$/);
    const busyLines = within(busyCell)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(busyLines).toEqual(["09:00 Busy 1", "11:00 Busy 3", "+2 more"]);
    const threeCell = cellOf(/^Thursday,? 3 December 2026, 3 sessions$/);
    expect(
      within(threeCell)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["09:00 Three 0", "11:00 Three 1", "13:00 Three 2"]);

    // Monday 30 November opens the grid and Sunday 3 January closes it, both dimmed; December's days are not.
    const cells = screen.getAllByRole("cell");
    expect(cells).toHaveLength(35);
    expect(cells[0]).toHaveTextContent(/^30/);
    expect(cells[0]).toHaveClass("bg-muted");
    expect(cells[34]).toHaveClass("bg-muted");
    expect(cellOf(/^Saturday,? 2 January 2027, 1 session$/)).toHaveClass("bg-muted");
    expect(busyCell).not.toHaveClass("bg-muted");
    expect(screen.getByRole("button", { name: /15 December 2026/ })).toHaveAttribute("aria-current", "date");

    await user.click(screen.getByRole("button", { name: /^Wednesday,? 2 December 2026/ }));
    expect(onOpenDay).toHaveBeenCalledWith("2026-12-02");
  });
});
