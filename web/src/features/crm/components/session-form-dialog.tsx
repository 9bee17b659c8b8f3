import { SESSION_STATUSES } from "@app/contracts";
import { fromStockholmLocal } from "@app/contracts/stockholm-time";
import { Ban } from "lucide-react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
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
  sessionFormSchema,
  teamChanges,
  toSessionFormValues,
  toSessionPayload,
} from "@/features/crm/utils/session-form";
import { useRecordForm } from "@/lib/use-record-form";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{session ? "Edit session" : "Book Session"}</DialogTitle>
          <DialogDescription>
            A room, a time (Stockholm time) and the team. Nobody and no room can be booked twice at once.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <SessionForm
            session={session}
            initialTeam={initialTeam}
            onBooked={onBooked}
            onClose={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

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
    initialValues: toSessionFormValues(session, { team: initialTeam }),
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
  const { values, errors, textField, fieldIds } = form;
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
    <RecordForm form={form} onSaved={onClose} onReload={async () => onClose()}>
      <FormField {...fieldIds("title")} label="Title" error={errors.title}>
        <Input {...textField("title")} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fieldIds("room_id")} label="Room" error={errors.room_id}>
          <NativeSelect {...textField("room_id")}>
            <option value="">Choose a room</option>
            {roomChoices.map((room) => (
              <option key={room.id} value={room.id}>
                {room.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField {...fieldIds("status")} label="Status" error={errors.status}>
          <NativeSelect {...textField("status")}>
            {SESSION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SESSION_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField {...fieldIds("starts_at")} label="Start (Stockholm time)" error={errors.starts_at}>
          <Input {...textField("starts_at")} type="datetime-local" step={900} />
        </FormField>
        <FormField {...fieldIds("ends_at")} label="End (Stockholm time)" error={errors.ends_at}>
          <Input {...textField("ends_at")} type="datetime-local" step={900} />
        </FormField>
        <FormField {...fieldIds("brief_id")} label="Brief" error={errors.brief_id} isOptional>
          <NativeSelect {...textField("brief_id")}>
            <option value="">No brief</option>
            {(briefs.data?.rows ?? []).map((brief) => (
              <option key={brief.id} value={brief.id}>
                {brief.title}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <TeamPicker team={values.team} onChange={(team) => form.setValue("team", team)} />
      <SessionClashes clashes={clashes.data} isChecking={clashes.isFetching} />
      <FormField {...fieldIds("notes")} label="Notes" error={errors.notes} isOptional>
        <Textarea {...textField("notes")} rows={3} />
      </FormField>
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
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={session ? "Save Changes" : "Book Session"}
        formError={form.formError}
        onCancel={onClose}
      />
    </RecordForm>
  );
}
