import { addCrmNoteSchema, type NOTE_RECORD_TYPES } from "@app/contracts";
import { History } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Pager } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useAddNote } from "@/features/crm/api/add-note";
import { ACTIVITY_PAGE_SIZE, useActivity } from "@/features/crm/api/list-activity";
import { ActivityEntry } from "@/features/crm/components/activity-entry";
import { useCurrentUserId } from "@/lib/use-auth";

type RecordTimelineProps = { recordType: (typeof NOTE_RECORD_TYPES)[number]; recordId: string };

/** A record's history, newest first, and a box to add a note to it. */
export function RecordTimeline({
  recordType,
  recordId,
  headingLevel = "h2",
}: RecordTimelineProps & { headingLevel?: "h2" | "h3" }) {
  const [page, setPage] = useState(1);
  const timeline = useActivity({ recordType, recordId, page });
  const currentUserId = useCurrentUserId();
  const rows = timeline.data?.rows ?? [];
  const headingId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle as={headingLevel} id={headingId}>
          Timeline
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <NoteForm recordType={recordType} recordId={recordId} />
        {timeline.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading timeline...
          </p>
        ) : rows.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <History className="size-4" aria-hidden="true" />
            No activity yet.
          </p>
        ) : (
          <>
            <ol className="grid gap-3" aria-labelledby={headingId}>
              {rows.map((activity) => (
                <ActivityEntry key={activity.id} activity={activity} currentUserId={currentUserId} />
              ))}
            </ol>
            {(timeline.data?.total ?? 0) > ACTIVITY_PAGE_SIZE ? (
              <Pager
                page={page}
                pageSize={ACTIVITY_PAGE_SIZE}
                rowsOnPage={rows.length}
                total={timeline.data?.total ?? 0}
                label="timeline"
                onPageChange={setPage}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function NoteForm({ recordType, recordId }: RecordTimelineProps) {
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const addNote = useAddNote();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const note = addCrmNoteSchema.safeParse({ record_type: recordType, record_id: recordId, body });
    if (!note.success) {
      setError(note.error.issues[0]?.message ?? "Check the note");
      return;
    }
    setError(null);
    try {
      await addNote.mutateAsync(note.data);
      setBody("");
    } catch {
      // The toast has said why; the text stays for another try.
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor={id}>Add a note</Label>
      <Textarea
        id={id}
        rows={2}
        maxLength={5000}
        value={body}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
      <SubmitButton
        isBusy={addNote.isPending}
        label="Add Note"
        busyLabel="Adding..."
        className="justify-self-start"
      />
    </form>
  );
}
