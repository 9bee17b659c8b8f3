import { LoadingStatus } from "@/components/ui/loading-status";

/** The list's loading state; also shown while the list's own code is still downloading. */
export function EventsLoading() {
  return <LoadingStatus>Loading events...</LoadingStatus>;
}
