import { Building2 } from "lucide-react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { useRecordForm } from "@/components/form/use-record-form";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { useCompanySettings, useSaveCompanySettings } from "@/features/settings/api/company-settings";
import { SettingsFrame } from "@/features/settings/components/settings-frame";
import { SettingsSection } from "@/features/settings/components/settings-section";
import {
  type CompanySettings,
  type CompanySettingsFormValues,
  companySettingsInsertSchema,
  companySettingsUpdateSchema,
  SIE_ACCOUNT_FIELDS,
  toCompanySettingsFormValues,
  toCompanySettingsPayload,
} from "@/features/settings/utils/company-settings-form";
import type { TableInsert } from "@/lib/table-writes";
import { useIsAdmin } from "@/lib/use-auth";

const SELLER_DESCRIPTION = "Printed as the seller on every invoice. Only administrators can change them.";
const REMINDER_DESCRIPTION =
  "The server can mail the buyer a reminder of an unpaid invoice, with its PDF, some days after the due date and again after as many days — at most three reminders per invoice.";
const SIE_DESCRIPTION =
  "Where the SIE export for the accountant posts each part of an invoice and payment: BAS accounts by default.";

/** /app/settings/company: the business's own details, which its invoices print, and its bookkeeping accounts. */
export function CompanySettingsPage() {
  const settings = useCompanySettings();
  const isAdmin = useIsAdmin();
  return (
    <SettingsFrame title="Company" description="The business's details as its invoices print them.">
      {settings.isPending ? (
        <Spinner label="Loading the company details" />
      ) : isAdmin ? (
        // A save reads the row back; the form starts again from what was stored, with its new version.
        <CompanySettingsForm key={settings.data?.updated_at ?? "new"} settings={settings.data ?? null} />
      ) : settings.data ? (
        <CompanySettingsView settings={settings.data} />
      ) : (
        <EmptyState
          icon={Building2}
          title="No company details yet"
          description="An administrator enters the business's details before the first invoice is issued."
        />
      )}
    </SettingsFrame>
  );
}

const { TextField, TextareaField, CheckboxField } = fieldsFor<CompanySettingsFormValues>();

function CompanySettingsForm({ settings }: { settings: CompanySettings | null }) {
  const save = useSaveCompanySettings();
  const form = useRecordForm({
    defaultValues: toCompanySettingsFormValues(settings),
    toPayload: toCompanySettingsPayload,
    schema: settings ? companySettingsUpdateSchema : companySettingsInsertSchema,
    submit: (payload) =>
      settings
        ? save.mutateAsync({
            kind: "update",
            id: settings.id,
            version: settings.updated_at,
            changes: payload,
          })
        : save.mutateAsync({ kind: "insert", values: payload as TableInsert<"company_settings"> }),
  });

  return (
    <RecordForm
      form={form}
      label="Company details"
      submitLabel="Save Company Details"
      onCancel={() => form.reset(toCompanySettingsFormValues(settings))}
    >
      <SettingsSection id="seller" title="Seller details" description={SELLER_DESCRIPTION}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Company name" autoComplete="organization" className="sm:col-span-2" />
          <TextField name="street_address" label="Street address" autoComplete="street-address" />
          <TextField name="postal_code" label="Postal code" autoComplete="postal-code" />
          <TextField name="city" label="City" autoComplete="address-level2" />
          <TextField name="country" label="Country (two-letter code)" autoComplete="country" maxLength={2} />
          <TextField
            name="org_number"
            label="Organisation number"
            placeholder="NNNNNN-NNNN"
            autoComplete="off"
          />
          <TextField name="vat_number" label="VAT number" placeholder="SE…01" autoComplete="off" />
          <TextField name="bankgiro" label="Bankgiro" placeholder="NNNN-NNNN" autoComplete="off" />
          <TextField name="plusgiro" label="Plusgiro" isOptional placeholder="NNNNNNN-N" autoComplete="off" />
          <TextField name="email" label="Invoice e-mail" type="email" autoComplete="email" />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
          <TextField name="website" label="Website" type="url" placeholder="https://" autoComplete="url" />
          <TextField
            name="default_payment_terms_days"
            label="Payment terms (days)"
            inputMode="numeric"
            autoComplete="off"
          />
          <div className="sm:col-span-2">
            <CheckboxField name="f_skatt" label="Approved for F-tax (invoices print “Godkänd för F-skatt”)" />
          </div>
          <TextareaField
            name="late_interest_text"
            label="Late-payment terms"
            isOptional
            rows={2}
            placeholder="Default: interest at the reference rate + 8 percentage points (räntelagen)"
            className="sm:col-span-2"
          />
        </div>
      </SettingsSection>
      <SettingsSection id="reminders" title="Payment reminders" description={REMINDER_DESCRIPTION}>
        <ReminderFields remindersOn={form.form.watch("reminders_on")} />
      </SettingsSection>
      <SettingsSection id="sie-accounts" title="Bookkeeping accounts (SIE)" description={SIE_DESCRIPTION}>
        <div className="grid gap-4 sm:grid-cols-2">
          {SIE_ACCOUNT_FIELDS.map(([name, label]) => (
            <TextField
              key={name}
              name={name}
              label={label}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
            />
          ))}
        </div>
      </SettingsSection>
    </RecordForm>
  );
}

function ReminderFields({ remindersOn }: { remindersOn: boolean }) {
  return (
    <div className="grid gap-4">
      <CheckboxField name="reminders_on" label="Send reminders automatically" />
      {remindersOn && (
        <>
          <TextField
            name="reminder_days_after_due"
            label="Days after the due date (1–90)"
            inputMode="numeric"
            autoComplete="off"
            className="max-w-xs"
          />
          <CheckboxField
            name="reminder_include_compensation"
            label="Add the 450 kr late-payment compensation for business buyers"
          />
        </>
      )}
    </div>
  );
}

/** How the schedule reads to someone who cannot change it. */
function reminderSummary(settings: CompanySettings) {
  if (settings.reminder_days_after_due === null) return "Sent by hand only";
  const fee = settings.reminder_include_compensation ? ", with 450 kr compensation for businesses" : "";
  return `Automatically, ${settings.reminder_days_after_due} days after the due date${fee}`;
}

/** What a colleague who is not an administrator sees: the same details, to read. */
function CompanySettingsView({ settings }: { settings: CompanySettings }) {
  const seller: [string, string][] = [
    ["Company name", settings.name],
    ["Address", `${settings.street_address}, ${settings.postal_code} ${settings.city}, ${settings.country}`],
    ["Organisation number", settings.org_number],
    ["VAT number", settings.vat_number],
    ["F-tax", settings.f_skatt ? "Godkänd för F-skatt" : "Not approved"],
    ["Bankgiro", settings.bankgiro],
    ["Plusgiro", settings.plusgiro ?? "None"],
    ["Invoice e-mail", settings.email],
    ["Phone", settings.phone],
    ["Website", settings.website],
    ["Payment terms", `${settings.default_payment_terms_days} days`],
    ["Late-payment terms", settings.late_interest_text ?? "Reference rate + 8 percentage points"],
    ["Payment reminders", reminderSummary(settings)],
  ];
  const accounts = SIE_ACCOUNT_FIELDS.map(([name, label]): [string, string] => [label, settings[name]]);
  return (
    <>
      <SettingsSection id="seller" title="Seller details" description={SELLER_DESCRIPTION}>
        <Details rows={seller} />
      </SettingsSection>
      <SettingsSection id="sie-accounts" title="Bookkeeping accounts (SIE)" description={SIE_DESCRIPTION}>
        <Details rows={accounts} />
      </SettingsSection>
    </>
  );
}

function Details({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-0.5 sm:contents">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
