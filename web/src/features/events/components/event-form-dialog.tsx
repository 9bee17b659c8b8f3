import type { Event } from "@app/contracts";
import { useId, useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { FieldProblem, useRecordForm } from "@/components/form/use-record-form";
import { useCreateEvent, useUpdateEvent } from "@/features/events/api/manage-events";
import { PosterPicker } from "@/features/events/components/poster-picker";
import {
  EVENT_STATUS_OPTIONS,
  type EventFormValues,
  eventInsertSchema,
  eventUpdateSchema,
  POSTER_BUCKET,
  toEventFormValues,
  toEventPayload,
} from "@/features/events/utils/event-form";
import { describeApiError } from "@/lib/api-errors";
import { uniqueObjectPath, uploadPublicObject } from "@/lib/storage-upload";

type EventFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The event to edit, as last read; none to add one. */
  event?: Event | null;
  /** Reads the event again (after a conflict): its current version, or null when it is gone. */
  onReload?(): Promise<Event | null | undefined>;
};

export function EventFormDialog({ open, onOpenChange, event, onReload }: EventFormDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={event ? "Edit event" : "New Event"}
      description="Shown on the public site once published. Times are Stockholm time."
    >
      <EventForm event={event} onReload={onReload} onClose={() => onOpenChange(false)} />
    </RecordFormDialog>
  );
}

const { TextField, TextareaField, SelectField, CheckboxField } = fieldsFor<EventFormValues>();

type EventFormProps = Pick<EventFormDialogProps, "event" | "onReload"> & { onClose(): void };

function EventForm({ event, onReload, onClose }: EventFormProps) {
  const [version, setVersion] = useState(event?.updated_at);
  const [poster, setPoster] = useState<File | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useRecordForm({
    defaultValues: toEventFormValues(event),
    toPayload: (values: EventFormValues) => toEventPayload(values),
    schema: event ? eventUpdateSchema : eventInsertSchema,
    submit: async (payload) => {
      const changes = { ...payload };
      if (poster) {
        changes.image_url = await uploadPoster(poster);
        // Uploaded once: a save that fails after this does not upload the file again.
        form.form.setValue("image_url", changes.image_url);
        setPoster(null);
      }
      return event && version
        ? update.mutateAsync({ id: event.id, version, changes })
        : create.mutateAsync(changes as Parameters<typeof create.mutateAsync>[0]);
    },
  });
  const imageUrl = form.form.watch("image_url");
  const posterId = useId();

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    setPoster(null);
    form.reset(toEventFormValues(fresh));
  };

  return (
    <RecordForm
      form={form}
      submitLabel={event ? "Save Changes" : "Create Event"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <TextField name="title" label="Title" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="event_date" label="Date and time (Stockholm)" isOptional type="datetime-local" />
        <SelectField name="status" label="Status" options={EVENT_STATUS_OPTIONS} />
        <TextField name="location" label="Location" isOptional autoComplete="off" />
        <TextField
          name="event_type"
          label="Event type"
          isOptional
          autoComplete="off"
          placeholder="Live music, Workshop..."
        />
        <TextField
          name="max_attendees"
          label="Max attendees"
          isOptional
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          name="external_link"
          label="Event info link"
          isOptional
          type="url"
          autoComplete="off"
          placeholder="https://"
        />
      </div>
      <TextareaField name="description" label="Description" isOptional />
      <CheckboxField name="published" label="Published on the site (a draft is seen by staff only)" />
      <PosterPicker
        id={posterId}
        errorId={`${posterId}-error`}
        currentUrl={imageUrl}
        file={poster}
        onFileChange={(file) => setPoster(file)}
        onRemove={() => {
          setPoster(null);
          form.form.setValue("image_url", "");
        }}
        error={form.form.formState.errors.image_url?.message}
      />
    </RecordForm>
  );
}

/** Uploads a picked poster under a name of its own; a refusal is shown next to the poster field. */
async function uploadPoster(file: File): Promise<string> {
  try {
    return await uploadPublicObject(POSTER_BUCKET, uniqueObjectPath(file.name), file);
  } catch (error) {
    throw new FieldProblem("image_url", describeApiError(error));
  }
}
