import { type FormEvent, useId, useState } from "react";
import { FormField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { Input } from "@/components/ui/input";
import { useUpdateFullName } from "@/features/settings/api/update-account";
import { checkFullName } from "@/features/settings/utils/account-forms";
import { useAuth } from "@/lib/use-auth";

function currentFullName(metadata: Record<string, unknown> | undefined): string {
  const name = metadata?.full_name;
  return typeof name === "string" ? name : "";
}

/** The name shown in the user menu and on the records a person touches. */
export function FullNameForm() {
  const id = useId();
  const { user } = useAuth();
  const saved = currentFullName(user?.user_metadata);
  const [fullName, setFullName] = useState(saved);
  const [error, setError] = useState<string>();
  const update = useUpdateFullName();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkFullName(fullName);
    setError(checked.error);
    if (checked.value === undefined) return;
    update.mutate(checked.value, { onSuccess: () => setFullName(checked.value) });
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Full name" className="grid gap-4" noValidate>
      <FormField id={`${id}-name`} errorId={`${id}-name-error`} label="Full name" error={error}>
        <Input
          id={`${id}-name`}
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          autoComplete="name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-error` : undefined}
        />
      </FormField>
      <div>
        <SubmitButton isBusy={update.isPending} label="Save name" busyLabel="Saving..." />
      </div>
    </form>
  );
}
