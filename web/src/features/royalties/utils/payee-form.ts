import { tables } from "@app/contracts";
import type { RoyaltyPayee } from "@/features/royalties/api/payees";
import { kronorOrNull, nullIfBlank, numberOrNull, textOf } from "@/lib/form-values";
import { fieldErrorOf } from "@/lib/postgrest";
import { requireText } from "@/lib/require-text";

export type PayeeFormValues = {
  name: string;
  /** "contact:<id>", "company:<id>" or "" for neither: a payee is one party of the CRM at most. */
  party: string;
  payout_details: string;
  publisher_fee_percent: string;
  reserve_percent: string;
  reserve_periods: string;
  vat_registered: boolean;
  vat_number: string;
};

/** Basis points as a percentage typed in a form: 1250 → "12,5". */
export const percentOfBp = (bp: number) => String(bp / 100).replace(".", ",");

/** A percentage typed in a form as basis points (text that is no number stays text, for the schema). */
function bpOrText(text: string): number | string | null {
  const value = numberOrNull(text);
  return typeof value === "number" ? Math.round(value * 100) : value;
}

export function toPayeeFormValues(payee?: RoyaltyPayee | null): PayeeFormValues {
  const party = payee?.contact_id
    ? `contact:${payee.contact_id}`
    : payee?.company_id
      ? `company:${payee.company_id}`
      : "";
  return {
    name: textOf(payee?.name),
    party,
    payout_details: textOf(payee?.payout_details),
    publisher_fee_percent: percentOfBp(payee?.publisher_fee_bp ?? 0),
    reserve_percent: percentOfBp(payee?.reserve_bp ?? 0),
    reserve_periods: String(payee?.reserve_periods ?? 2),
    vat_registered: payee?.vat_registered ?? false,
    vat_number: textOf(payee?.vat_number),
  };
}

export function toPayeePayload(values: PayeeFormValues): Record<string, unknown> {
  const [kind, id] = values.party.split(":");
  return {
    name: values.name.trim(),
    contact_id: kind === "contact" ? id : null,
    company_id: kind === "company" ? id : null,
    payout_details: nullIfBlank(values.payout_details),
    publisher_fee_bp: bpOrText(values.publisher_fee_percent) ?? 0,
    reserve_bp: bpOrText(values.reserve_percent) ?? 0,
    reserve_periods: numberOrNull(values.reserve_periods) ?? 2,
    vat_registered: values.vat_registered,
    vat_number: nullIfBlank(values.vat_number.replace(/\s/g, "").toUpperCase()),
  };
}

/** Where a column's problem shows in the form: the percentages and the party are typed as other fields. */
const FIELD_OF_COLUMN: Record<string, keyof PayeeFormValues> = {
  contact_id: "party",
  company_id: "party",
  publisher_fee_bp: "publisher_fee_percent",
  reserve_bp: "reserve_percent",
};
const payeeFieldOf = (column: string) => FIELD_OF_COLUMN[column] ?? column;

/**
 * A form whose fields are named apart from the columns they fill: the schema's and the server's problems
 * with a column are shown beside the field typed into it.
 */
function placedBy(fieldOf: (column: string) => string) {
  return {
    formPathOf: ([column, ...rest]: string[]) => [fieldOf(column ?? ""), ...rest],
    placeError: (error: unknown) => {
      const placed = fieldErrorOf(error);
      return placed ? { field: fieldOf(placed.field), message: placed.message } : null;
    },
  };
}

export const payeeErrorPlaces = placedBy(payeeFieldOf);

export const payeeInsertSchema = requireText(tables.royalty_payees.insert, ["name"]);
export const payeeUpdateSchema = requireText(tables.royalty_payees.update, ["name"]);

export type AdvanceFormValues = { paid_on: string; amount_kr: string; note: string };

/** Kronor typed with up to two decimals ("12 500,50") as öre; text that is no number stays text. */
function oreOrText(text: string): number | string | null {
  const kronor = kronorOrNull(text);
  return typeof kronor === "number" ? Math.round(kronor * 100) : kronor;
}

export function toAdvancePayload(payeeId: string, values: AdvanceFormValues): Record<string, unknown> {
  return {
    payee_id: payeeId,
    paid_on: values.paid_on || undefined,
    amount_ore: oreOrText(values.amount_kr),
    note: nullIfBlank(values.note),
  };
}

export const advanceErrorPlaces = placedBy((column) => (column === "amount_ore" ? "amount_kr" : column));
export const advanceInsertSchema = tables.royalty_advances.insert;
