import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { pageWindow } from "@/lib/postgrest";

type PagerProps = {
  /** Counted from 1. */
  page: number;
  pageSize: number;
  rowsOnPage: number;
  total: number;
  /** What is counted, for the pager's name ("talent", "activity"). */
  label: string;
  onPageChange(page: number): void;
};

/** "Showing 1–50 of 64" with Previous and Next: server-side pages of a list. */
export function Pager({ page, pageSize, rowsOnPage, total, label, onPageChange }: PagerProps) {
  const { from, to } = pageWindow(page, pageSize, rowsOnPage);
  const hasPrevious = page > 1;
  const hasNext = page * pageSize < total;
  return (
    <nav
      aria-label={`Pages of ${label}`}
      className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {from}–{to} of {total}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
