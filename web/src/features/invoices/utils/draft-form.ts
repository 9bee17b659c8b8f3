import { invoicesTable, type MoneyLine, VAT_RATES, type VatRate } from "@app/contracts";
import { z } from "zod";
import type { Invoice, InvoiceLine, LineValues } from "@/features/invoices/api/invoices";
import { nullIfBlank } from "@/lib/form-values";
import { kronorInput, parseKronor, parseQuantity, quantityInput } from "@/lib/money-input";

/** A line as the editor holds it: amounts as typed, the line's id once it is stored. */
export type LineFormValues = {
  id: string | null;
  description: string;
  quantity: string;
  unit: string;
  unit_price: string;
  vat_rate: `${VatRate}`;
  exempt_reference: string;
};

export type DraftFormValues = {
  buyer_name: string;
  buyer_street_address: string;
  buyer_postal_code: string;
  buyer_city: string;
  buyer_country: string;
  buyer_vat_number: string;
  buyer_email: string;
  buyer_is_business: boolean;
  reverse_charge: boolean;
  round_to_kronor: boolean;
  delivery_date: string;
  due_date: string;
  your_reference: string;
  notes: string;
  lines: LineFormValues[];
};

export const VAT_RATE_OPTIONS = VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }));

export function emptyLine(): LineFormValues {
  return {
    id: null,
    description: "",
    quantity: "1",
    unit: "st",
    unit_price: "",
    vat_rate: "25",
    exempt_reference: "",
  };
}

export function draftFormValues(invoice: Invoice, lines: readonly InvoiceLine[]): DraftFormValues {
  return {
    buyer_name: invoice.buyer_name,
    buyer_street_address: invoice.buyer_street_address ?? "",
    buyer_postal_code: invoice.buyer_postal_code ?? "",
    buyer_city: invoice.buyer_city ?? "",
    buyer_country: invoice.buyer_country,
    buyer_vat_number: invoice.buyer_vat_number ?? "",
    buyer_email: invoice.buyer_email ?? "",
    buyer_is_business: invoice.buyer_is_business,
    reverse_charge: invoice.reverse_charge,
    round_to_kronor: invoice.round_to_kronor,
    delivery_date: invoice.delivery_date ?? "",
    due_date: invoice.due_date ?? "",
    your_reference: invoice.your_reference ?? "",
    notes: invoice.notes ?? "",
    lines: lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: quantityInput(line.quantity_milli),
      unit: line.unit,
      unit_price: kronorInput(line.unit_price_ore),
      vat_rate: String(line.vat_rate) as `${VatRate}`,
      exempt_reference: line.exempt_reference ?? "",
    })),
  };
}

/** A typed line's money figures, or null while its quantity or price is not a number yet. */
export function moneyLineOf(
  line: Pick<LineFormValues, "quantity" | "unit_price" | "vat_rate">,
): MoneyLine | null {
  const quantity_milli = parseQuantity(line.quantity);
  const unit_price_ore = parseKronor(line.unit_price);
  if (quantity_milli === null || unit_price_ore === null) return null;
  return { quantity_milli, unit_price_ore, vat_rate: Number(line.vat_rate) as VatRate };
}

const lineSchema = z.object({
  id: z.string().nullable(),
  description: z.string().trim().min(1, "A line needs a description").max(1000),
  quantity_milli: z.number({
    invalid_type_error: "A quantity is a number with at most three decimals, such as 1,5",
  }),
  unit: z.string().max(20),
  unit_price_ore: z.number({
    invalid_type_error: "A price is kronor with at most two decimals, such as 1250,50",
  }),
  vat_rate: z.number(),
  exempt_reference: z.string().max(200).nullable(),
});

/** The invoice's own update schema (the server runs the same) and its lines. */
export const draftPayloadSchema = invoicesTable.update.extend({ lines: z.array(lineSchema) });
export type DraftPayload = z.output<typeof draftPayloadSchema>;

export function draftPayload(values: DraftFormValues) {
  const { lines, buyer_is_business, reverse_charge, round_to_kronor, ...text } = values;
  return {
    buyer_name: text.buyer_name.trim(),
    buyer_street_address: nullIfBlank(text.buyer_street_address),
    buyer_postal_code: nullIfBlank(text.buyer_postal_code),
    buyer_city: nullIfBlank(text.buyer_city),
    buyer_country: text.buyer_country.trim().toUpperCase(),
    buyer_vat_number: nullIfBlank(text.buyer_vat_number.replace(/\s/g, "").toUpperCase()),
    buyer_email: nullIfBlank(text.buyer_email),
    buyer_is_business,
    reverse_charge,
    round_to_kronor,
    delivery_date: nullIfBlank(text.delivery_date),
    due_date: nullIfBlank(text.due_date),
    your_reference: nullIfBlank(text.your_reference),
    notes: nullIfBlank(text.notes),
    lines: lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity_milli: parseQuantity(line.quantity),
      unit: line.unit.trim(),
      unit_price_ore: parseKronor(line.unit_price),
      vat_rate: Number(line.vat_rate),
      exempt_reference: nullIfBlank(line.exempt_reference),
    })),
  };
}

const FORM_FIELD_OF: Record<string, string> = { quantity_milli: "quantity", unit_price_ore: "unit_price" };

/** Where a problem with a line's parsed figure sits in the form: on the field it was typed in. */
export function draftFormPath(payloadPath: string[]): string[] {
  return payloadPath.map((part) => FORM_FIELD_OF[part] ?? part);
}

/** The payload's lines as the API stores them (an id only for lines that are kept). */
export function linesToSave(lines: DraftPayload["lines"]): LineValues[] {
  return lines.map(({ id, vat_rate, ...line }) => ({
    ...line,
    vat_rate,
    ...(id ? { id } : {}),
  }));
}
