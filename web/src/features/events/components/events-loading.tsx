import { Spinner } from "@/components/ui/spinner";

/** The list's loading state; also shown while the list's own code is still downloading. */
export function EventsLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner />
      Loading events...
    </p>
  );
}
