import { firstAdminSchema, SETUP_TOKEN_FRAGMENT } from "@app/contracts";
import { useState } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { FormField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { createFirstAdmin } from "@/features/auth/api/create-first-admin";
import { FullPageSpinner } from "@/features/auth/components/full-page-spinner";
import { PORTAL_TITLE } from "@/features/auth/routes/sign-in-page";
import { useAuth } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

const formSchema = firstAdminSchema.omit({ token: true });
const EMPTY = { full_name: "", email: "", password: "" };

/**
 * /setup, from the link the server logs while no administrator exists: the first administrator makes
 * their account here and is signed in. The token stays in the fragment; only this form sends it.
 */
export function SetupPage() {
  const { status } = useAuth();
  const { hash } = useLocation();
  // Read once: the fragment is the link's, and signing in may rewrite the address.
  const [token] = useState(() => new URLSearchParams(hash.slice(1)).get(SETUP_TOKEN_FRAGMENT) ?? "");
  useDocumentTitle("Set up");

  if (status === "loading") return <FullPageSpinner />;
  if (status === "signed-in") return <Navigate to="/app" replace />;
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-12">
      <div className="grid w-full max-w-md gap-6">
        <header className="grid gap-2 text-center">
          <h1 className="text-3xl font-bold">{PORTAL_TITLE}</h1>
          <p className="text-muted-foreground">Create the first administrator</p>
        </header>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-2xl">
              Your administrator account
            </CardTitle>
            <CardDescription>
              You will manage the team from here. The setup link works once and for one hour.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {token ? (
              <FirstAdminForm token={token} />
            ) : (
              <p role="alert" className="text-sm text-error-text">
                This page needs the setup link from the server's log. Restart the server for a fresh one.
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

function FirstAdminForm({ token }: { token: string }) {
  const form = useSchemaForm({
    schema: formSchema,
    initialValues: EMPTY,
    submit: async (values) => {
      await createFirstAdmin({ ...values, token });
      // The provider's SIGNED_IN turns into the redirect to the back office.
      await requireAuthClient().signInWithPassword({ email: values.email, password: values.password });
    },
    success: { title: "Administrator created", description: "Welcome aboard: signing you in." },
    failureTitle: "Could not create the administrator",
  });
  return (
    <form
      ref={form.formRef}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Create the first administrator"
      className="grid gap-4"
    >
      <FormField label="Full Name" {...form.fieldIds("full_name")} error={form.errors.full_name}>
        <Input autoComplete="name" required {...form.textField("full_name")} />
      </FormField>
      <FormField label="Email" {...form.fieldIds("email")} error={form.errors.email}>
        <Input type="email" autoComplete="email" required {...form.textField("email")} />
      </FormField>
      <FormField label="Password" {...form.fieldIds("password")} error={form.errors.password}>
        <Input type="password" autoComplete="new-password" required {...form.textField("password")} />
      </FormField>
      <SubmitButton
        isBusy={form.isSubmitting}
        label="Create Administrator"
        busyLabel="Creating Administrator..."
        className="w-full"
      />
    </form>
  );
}
