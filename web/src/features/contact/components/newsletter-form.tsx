import { HONEYPOT_FIELD, type NewsletterInput, newsletterInputSchema } from "@app/contracts";
import { FormField } from "@/components/form/form-field";
import { HoneypotField } from "@/components/form/honeypot-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { PLATFORM } from "@/config/site";
import { useCreateNewsletterSubscription } from "@/features/contact/api/create-newsletter-subscription";

type InterestField = Extract<keyof NewsletterInput, `interest_${string}`>;

const INTERESTS: readonly { name: InterestField; label: string }[] = [
  { name: "interest_releases", label: "New music releases" },
  { name: "interest_events", label: "Event announcements" },
  { name: "interest_behind_the_scenes", label: "Behind-the-scenes content" },
  { name: "interest_platform", label: `${PLATFORM.name} updates` },
];

const EMPTY_SUBSCRIPTION: NewsletterInput = {
  email: "",
  interest_releases: false,
  interest_events: false,
  interest_behind_the_scenes: false,
  interest_platform: false,
  [HONEYPOT_FIELD]: "",
};

export function NewsletterForm() {
  const createSubscription = useCreateNewsletterSubscription();
  const form = useSchemaForm({
    schema: newsletterInputSchema,
    initialValues: EMPTY_SUBSCRIPTION,
    submit: (body) => createSubscription.mutateAsync({ body }),
    success: {
      title: "Check your inbox to confirm",
      description: "We sent you a link. Your subscription starts once you follow it.",
    },
    failureTitle: "Could not subscribe you",
  });

  return (
    <form
      ref={form.formRef}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Newsletter"
      className="relative grid gap-5"
    >
      <FormField label="Email" {...form.fieldIds("email")} error={form.errors.email}>
        <Input type="email" autoComplete="email" required {...form.textField("email")} />
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">
          I'm interested in <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        {INTERESTS.map((interest) => {
          const { id } = form.fieldIds(interest.name);
          return (
            <div key={interest.name} className="flex items-center gap-3">
              <Checkbox
                id={id}
                checked={form.values[interest.name] === true}
                onCheckedChange={(checked) => form.setValue(interest.name, checked === true)}
              />
              <label htmlFor={id} className="text-sm">
                {interest.label}
              </label>
            </div>
          );
        })}
      </fieldset>
      <HoneypotField
        value={String(form.values[HONEYPOT_FIELD] ?? "")}
        onChange={(value) => form.setValue(HONEYPOT_FIELD, value)}
      />
      <SubmitButton
        isBusy={form.isSubmitting}
        label="Subscribe"
        busyLabel="Subscribing..."
        className="justify-self-start"
      />
    </form>
  );
}
