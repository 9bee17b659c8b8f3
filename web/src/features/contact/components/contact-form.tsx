import { type ContactMessageInput, contactMessageInputSchema, HONEYPOT_FIELD } from "@app/contracts";
import { FormField } from "@/components/form/form-field";
import { HoneypotField } from "@/components/form/honeypot-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useCreateContactMessage } from "@/features/contact/api/create-contact-message";

const EMPTY_MESSAGE: ContactMessageInput = {
  name: "",
  email: "",
  subject: "",
  message: "",
  [HONEYPOT_FIELD]: "",
};

export function ContactForm() {
  const createContactMessage = useCreateContactMessage();
  const form = useSchemaForm({
    schema: contactMessageInputSchema,
    initialValues: EMPTY_MESSAGE,
    submit: (body) => createContactMessage.mutateAsync({ body }),
    success: {
      title: "Message sent!",
      description: "Thanks for getting in touch. We reply within two working days.",
    },
    failureTitle: "Could not send your message",
  });
  const field = (name: Exclude<keyof ContactMessageInput, typeof HONEYPOT_FIELD>) => ({
    ...form.fieldIds(name),
    error: form.errors[name],
  });

  return (
    <form
      ref={form.formRef}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Contact form"
      className="relative grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" {...field("name")}>
          <Input autoComplete="name" required {...form.textField("name")} />
        </FormField>
        <FormField label="Email" {...field("email")}>
          <Input type="email" autoComplete="email" required {...form.textField("email")} />
        </FormField>
      </div>
      <FormField label="Subject" {...field("subject")}>
        <Input required {...form.textField("subject")} />
      </FormField>
      <FormField label="Message" {...field("message")}>
        <Textarea rows={6} required {...form.textField("message")} />
      </FormField>
      <HoneypotField
        value={String(form.values[HONEYPOT_FIELD] ?? "")}
        onChange={(value) => form.setValue(HONEYPOT_FIELD, value)}
      />
      <SubmitButton
        isBusy={form.isSubmitting}
        label="Send Message"
        busyLabel="Sending..."
        className="justify-self-start"
      />
    </form>
  );
}
