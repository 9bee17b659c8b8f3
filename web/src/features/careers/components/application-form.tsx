import { type ApplicationInput, applicationInputSchema, HONEYPOT_FIELD } from "@app/contracts";
import { FormField } from "@/components/form/form-field";
import { HoneypotField } from "@/components/form/honeypot-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { SITE } from "@/config/site";
import { useCreateApplication } from "@/features/careers/api/create-application";
import { ROLE_OPTIONS } from "@/features/careers/components/opportunities";

const EMPTY_APPLICATION: ApplicationInput = {
  first_name: "",
  last_name: "",
  email: "",
  role: "",
  portfolio: "",
  experience: "",
  vision: "",
  [HONEYPOT_FIELD]: "",
};

export function ApplicationForm({ initialRole = "" }: { initialRole?: string }) {
  const createApplication = useCreateApplication();
  const form = useSchemaForm({
    schema: applicationInputSchema,
    initialValues: { ...EMPTY_APPLICATION, role: initialRole },
    submit: (body) => createApplication.mutateAsync({ body }),
    success: {
      title: "Application sent!",
      description: "Thanks for applying. We read every application and reply within two weeks.",
    },
    failureTitle: "Could not send your application",
  });
  const field = (name: Exclude<keyof ApplicationInput, typeof HONEYPOT_FIELD>) => ({
    ...form.fieldIds(name),
    error: form.errors[name],
  });

  return (
    <form
      ref={form.formRef}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Job application"
      className="relative grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" {...field("first_name")}>
          <Input autoComplete="given-name" required {...form.textField("first_name")} />
        </FormField>
        <FormField label="Last Name" {...field("last_name")}>
          <Input autoComplete="family-name" required {...form.textField("last_name")} />
        </FormField>
      </div>
      <FormField label="Email" {...field("email")}>
        <Input type="email" autoComplete="email" required {...form.textField("email")} />
      </FormField>
      <FormField label="Interested Role" {...field("role")}>
        <NativeSelect required {...form.textField("role")}>
          <option value="">Choose a role</option>
          {ROLE_OPTIONS.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Portfolio/Website" isOptional {...field("portfolio")}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          {...form.textField("portfolio")}
        />
      </FormField>
      <FormField label="Tell us about your experience" {...field("experience")}>
        <Textarea rows={5} required {...form.textField("experience")} />
      </FormField>
      <FormField label={`Why do you want to join ${SITE.name}?`} {...field("vision")}>
        <Textarea rows={4} required {...form.textField("vision")} />
      </FormField>
      <HoneypotField
        value={String(form.values[HONEYPOT_FIELD] ?? "")}
        onChange={(value) => form.setValue(HONEYPOT_FIELD, value)}
      />
      <SubmitButton
        isBusy={form.isSubmitting}
        label="Submit Application"
        busyLabel="Submitting..."
        className="justify-self-start"
      />
    </form>
  );
}
