import { SESSION_STATUSES } from "@app/contracts";
import { fromStockholmLocal } from "@app/contracts/stockholm-time";
import { Ban } from "lucide-react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useBriefs } from "@/features/crm/api/list-briefs";
import {
  type SessionView,
  type TeamMember,
  useBookSession,
  useCancelSession,
  useSaveSession,
  useSessionClashes,
  useStudioRooms,
} from "@/features/crm/api/studio-sessions";
import { SessionClashes } from "@/features/crm/components/session-clashes";
import { TeamPicker } from "@/features/crm/components/team-picker";
import {
  SESSION_STATUS_LABELS,
  type SessionFormValues,
  sessionFormSchema,
  teamChanges,
  toSessionFormValues,
  toSessionPayload,
} from "@/features/crm/utils/session-form";

export type SessionDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The session to edit, as last read; none to book a new one. */
  session?: SessionView | null;
  /** A new booking's team, chosen beforehand (Talent Matching). */
  initialTeam?: TeamMember[];
  /** After a new booking is saved: its id and start. */
  onBooked?(booked: { id: string; starts_at: string }): void;
};

/** New Session / Book Session, and a session's edit: the times are Stockholm's, clashes show as you type. */
export function SessionFormDialog({
  open,
  onOpenChange,
  session,
  initialTeam,
  onBooked,
}: SessionDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={session ? "Edit session" : "Book Session"}
      description="A room, a time (Stockholm time) and the team. Nobody and no room can be booked twice at once."
    >
      <SessionForm
        session={session}
        initialTeam={initialTeam}
        onBooked={onBooked}
        onClose={() => onOpenChange(false)}
      />
    </RecordFormDialog>
  );
}

const { Field, TextField, TextareaField } = fieldsFor<SessionFormValues>();

type SessionFormProps = Pick<SessionDialogProps, "session" | "initialTeam" | "onBooked"> & {
  onClose(): void;
};

function SessionForm({ session, initialTeam, onBooked, onClose }: SessionFormProps) {
  const rooms = useStudioRooms();
  const briefs = useBriefs();
  const book = useBookSession();
  const save = useSaveSession();
  const cancel = useCancelSession();
  const form = useRecordForm({
    defaultValues: toSessionFormValues(session, { team: initialTeam }),
    toPayload: toSessionPayload,
    schema: sessionFormSchema,
    submit: async ({ contact_ids, ...fields }) => {
      if (!session) {
        const booked = await book.mutateAsync({ ...fields, contact_ids });
        onBooked?.(booked);
        return;
      }
      await save.mutateAsync({ session, changes: fields, team: teamChanges(session.team, contact_ids) });
    },
  });
  const values = form.form.watch();
  const startsAt = fromStockholmLocal(values.starts_at);
  const endsAt = fromStockholmLocal(values.ends_at);
  const isHolding = values.status !== "cancelled";
  const clashes = useSessionClashes({
    roomId: isHolding ? values.room_id : "",
    startsAt,
    endsAt,
    contactIds: isHolding ? values.team.map((member) => member.id) : [],
    exceptId: session?.id,
  });
  const roomChoices = (rooms.data ?? []).filter((room) => room.active || room.id === values.room_id);

  return (
    <RecordForm
      editing={session ? { table: "studio_sessions", id: session.id } : undefined}
      form={form}
      submitLabel={session ? "Save Changes" : "Book Session"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={async () => onClose()}
    >
      <TextField name="title" label="Title" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="room_id" label="Room">
          {(control) => (
            <NativeSelect {...control}>
              <option value="">Choose a room</option>
              {roomChoices.map((room) => (
                <option key={room.id} value={room.id}>
                  {room.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field name="status" label="Status">
          {(control) => (
            <NativeSelect {...control}>
              {SESSION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {SESSION_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <TextField name="starts_at" label="Start (Stockholm time)" type="datetime-local" step={900} />
        <TextField name="ends_at" label="End (Stockholm time)" type="datetime-local" step={900} />
        <Field name="brief_id" label="Brief" isOptional>
          {(control) => (
            <NativeSelect {...control}>
              <option value="">No brief</option>
              {(briefs.data?.rows ?? []).map((brief) => (
                <option key={brief.id} value={brief.id}>
                  {brief.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <TeamPicker
        team={values.team}
        onChange={(team) =>
          form.form.setValue("team", team, { shouldValidate: form.form.formState.isSubmitted })
        }
      />
      <SessionClashes clashes={clashes.data} isChecking={clashes.isFetching} />
      <TextareaField name="notes" label="Notes" isOptional rows={3} />
      {session && session.status !== "cancelled" ? (
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(session, { onSuccess: onClose })}
          >
            <Ban aria-hidden="true" />
            Cancel Session
          </Button>
        </div>
      ) : null}
    </RecordForm>
  );
}
