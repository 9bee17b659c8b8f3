import { useId } from "react";
import { CALENDAR_VIEWS, type CalendarView } from "@/features/crm/utils/calendar-dates";
import { cn } from "@/lib/utils";

const LABELS: Record<CalendarView, string> = { day: "Day", week: "Week", month: "Month" };

/**
 * Day, Week or Month as native radio buttons, drawn as a segmented control: Tab reaches the chosen view
 * and the arrow keys choose another, with no script of ours to get the keyboard right.
 */
export function CalendarViewSwitch({
  view,
  onViewChange,
}: {
  view: CalendarView;
  onViewChange(view: CalendarView): void;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label="Calendar view"
      className="inline-flex h-11 items-center rounded-lg bg-muted p-1 text-muted-foreground"
    >
      {CALENDAR_VIEWS.map((option) => (
        <label
          key={option}
          className={cn(
            "inline-flex h-full cursor-pointer items-center rounded-md px-3 text-sm font-medium transition-colors hover:text-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
            option === view && "bg-background text-foreground shadow",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === view}
            onChange={() => onViewChange(option)}
            className="sr-only"
          />
          {LABELS[option]}
        </label>
      ))}
    </div>
  );
}
