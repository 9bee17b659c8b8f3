import type { Event } from "@app/contracts";
import { CalendarDays, Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { SearchRegion } from "@/components/ui/search-region";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useManagedEvents, useSetEventPublished } from "@/features/events/api/manage-events";
import { DeleteEventDialog } from "@/features/events/components/delete-event-dialog";
import { EventFormDialog } from "@/features/events/components/event-form-dialog";
import { EventStatusBadge } from "@/features/events/components/event-status-badge";
import { formatEventDate } from "@/features/events/utils/format-event-date";
import { splitByTime } from "@/features/events/utils/split-by-time";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSearchDraft } from "@/lib/use-search-draft";
import { useUrlState } from "@/lib/use-url-state";

const LIST_DEFAULTS = { q: "" };

/** Staff add, edit, cancel and delete the community events the home page lists. */
export function EventsAdminPage() {
  useDocumentTitle("Events");
  const [state, setState] = useUrlState(LIST_DEFAULTS);
  const commitSearch = useCallback((q: string) => setState({ q }), [setState]);
  const [draft, setDraft, flushSearch] = useSearchDraft(state.q, commitSearch);
  const list = useManagedEvents(state.q);
  const [editing, setEditing] = useState<Event | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<Event | null>(null);
  const setPublished = useSetEventPublished();

  const events = list.data ?? [];
  const { upcoming, past } = splitByTime(events, Date.now());
  const addEvent = () => setIsAdding(true);
  const reloadEditing = async () => {
    const fresh = (await list.refetch()).data?.find((e) => e.id === editing?.id) ?? null;
    if (fresh) setEditing(fresh);
    return fresh;
  };

  const sections = [
    { key: "upcoming", title: "Upcoming", rows: upcoming },
    { key: "past", title: "Past", rows: past },
  ].filter((section) => section.rows.length > 0);

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Events"
        description="The community events on the public site: a draft is seen by staff only until it is published. Times are Stockholm time."
        actions={
          <Button onClick={addEvent}>
            <Plus aria-hidden="true" />
            New Event
          </Button>
        }
      />
      <SearchRegion aria-label="Filter the list" className="items-center">
        <SearchInput
          className="w-full max-w-sm"
          aria-label="Search events by title"
          placeholder="Search by title..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={flushSearch}
        />
      </SearchRegion>
      {list.isPending ? (
        <LoadingStatus>Loading events...</LoadingStatus>
      ) : list.isError && events.length === 0 ? (
        <p role="alert" className="text-error-text">
          Failed to load events.
        </p>
      ) : sections.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          title="No events found."
          description={state.q ? "Try adjusting your search." : "Add an event to show it on the home page."}
        >
          {state.q ? null : (
            <Button variant="secondary" onClick={addEvent}>
              <Plus aria-hidden="true" />
              Add Event
            </Button>
          )}
        </EmptyState>
      ) : (
        sections.map((section) => (
          <section key={section.key} aria-labelledby={`events-${section.key}`} className="grid gap-2">
            <h2 id={`events-${section.key}`} className="text-lg font-semibold">
              {section.title}
            </h2>
            <Card className="p-2" aria-busy={list.isFetching || undefined}>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Title</TableHead>
                    <TableHead scope="col">Date (Stockholm)</TableHead>
                    <TableHead scope="col">Status</TableHead>
                    <TableHead scope="col">Location</TableHead>
                    <TableHead scope="col" rowActions>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {section.rows.map((event) => (
                    <TableRow key={event.id}>
                      <TableCell className="font-medium">{event.title}</TableCell>
                      <TableCell className="whitespace-nowrap">
                        <time dateTime={event.event_date ?? undefined}>
                          {formatEventDate(event.event_date)}
                        </time>
                      </TableCell>
                      <TableCell>
                        <div className="flex flex-wrap gap-1">
                          {event.published ? null : <Badge variant="purple">Draft</Badge>}
                          <EventStatusBadge status={event.status} isDated={event.event_date !== null} />
                        </div>
                      </TableCell>
                      <TableCell>{event.location ?? "-"}</TableCell>
                      <TableCell rowActions>
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`${event.published ? "Unpublish" : "Publish"} ${event.title}`}
                            disabled={setPublished.isPending}
                            onClick={() => setPublished.mutate({ event, published: !event.published })}
                          >
                            {event.published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                            {/* The button's label names it; on a phone the icon alone keeps the column narrow. */}
                            <span className="max-sm:sr-only">
                              {event.published ? "Unpublish" : "Publish"}
                            </span>
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Edit ${event.title}`}
                            onClick={() => setEditing(event)}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete ${event.title}`}
                            onClick={() => setDeleting(event)}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          </section>
        ))
      )}
      <EventFormDialog open={isAdding} onOpenChange={setIsAdding} />
      <EventFormDialog
        key={editing?.id}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        event={editing}
        onReload={reloadEditing}
      />
      <DeleteEventDialog
        event={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
    </div>
  );
}
