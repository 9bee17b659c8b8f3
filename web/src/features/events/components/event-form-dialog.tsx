import type { Event } from "@app/contracts";
import { useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useCreateEvent, useUpdateEvent } from "@/features/events/api/manage-events";
import { PosterPicker } from "@/features/events/components/poster-picker";
import {
  EVENT_STATUS_OPTIONS,
  eventInsertSchema,
  eventUpdateSchema,
  POSTER_BUCKET,
  toEventFormValues,
  toEventPayload,
} from "@/features/events/utils/event-form";
import { describeApiError } from "@/lib/api-errors";
import { uniqueObjectPath, uploadPublicObject } from "@/lib/storage-upload";
import { FieldProblem, useRecordForm } from "@/lib/use-record-form";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{event ? "Edit event" : "New Event"}</DialogTitle>
          <DialogDescription>
            Shown in the home page's community events. Times are Stockholm time.
          </DialogDescription>
        </DialogHeader>
        {open ? <EventForm event={event} onReload={onReload} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type EventFormProps = Pick<EventFormDialogProps, "event" | "onReload"> & { onClose(): void };

function EventForm({ event, onReload, onClose }: EventFormProps) {
  const [version, setVersion] = useState(event?.updated_at);
  const [poster, setPoster] = useState<File | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useRecordForm({
    initialValues: toEventFormValues(event),
    toPayload: toEventPayload,
    schema: event ? eventUpdateSchema : eventInsertSchema,
    submit: async (payload) => {
      const changes = { ...payload };
      if (poster) {
        changes.image_url = await uploadPoster(poster);
        // Uploaded once: a save that fails after this does not upload the file again.
        form.setValue("image_url", changes.image_url);
        setPoster(null);
      }
      return event && version
        ? update.mutateAsync({ id: event.id, version, changes })
        : create.mutateAsync(changes as Parameters<typeof create.mutateAsync>[0]);
    },
  });
  const { values, errors, textField, fieldIds, setValue } = form;

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    setPoster(null);
    form.reset(toEventFormValues(fresh));
  };

  return (
    <RecordForm form={form} onSaved={onClose} onReload={reload}>
      <FormField {...fieldIds("title")} label="Title" error={errors.title}>
        <Input {...textField("title")} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          {...fieldIds("event_date")}
          label="Date and time (Stockholm)"
          error={errors.event_date}
          isOptional
        >
          <Input {...textField("event_date")} type="datetime-local" />
        </FormField>
        <FormField {...fieldIds("status")} label="Status" error={errors.status}>
          <NativeSelect {...textField("status")}>
            {EVENT_STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField {...fieldIds("location")} label="Location" error={errors.location} isOptional>
          <Input {...textField("location")} autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("event_type")} label="Event type" error={errors.event_type} isOptional>
          <Input {...textField("event_type")} autoComplete="off" placeholder="Live music, Workshop..." />
        </FormField>
        <FormField
          {...fieldIds("max_attendees")}
          label="Max attendees"
          error={errors.max_attendees}
          isOptional
        >
          <Input {...textField("max_attendees")} inputMode="numeric" autoComplete="off" />
        </FormField>
        <FormField
          {...fieldIds("external_link")}
          label="Event info link"
          error={errors.external_link}
          isOptional
        >
          <Input {...textField("external_link")} type="url" autoComplete="off" placeholder="https://" />
        </FormField>
      </div>
      <FormField {...fieldIds("description")} label="Description" error={errors.description} isOptional>
        <Textarea {...textField("description")} />
      </FormField>
      <PosterPicker
        {...fieldIds("image_url")}
        currentUrl={values.image_url}
        file={poster}
        onFileChange={(file) => setPoster(file)}
        onRemove={() => {
          setPoster(null);
          setValue("image_url", "");
        }}
        error={errors.image_url}
      />
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={event ? "Save Changes" : "Create Event"}
        formError={form.formError}
        onCancel={onClose}
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
