/**
 * What an invoice PDF prints, as one typed view: the invoices module builds it from an issued invoice, its
 * lines and company_settings, and the renderer prints it without computing anything, so the PDF always
 * shows the figures the ledger holds. Money is integer öre; a credit invoice's amounts are negative,
 * as it prints them, so the original and its credit sum to zero.
 */

/** The Swedish VAT rates, in percent. */
export type InvoiceVatRate = 25 | 12 | 6 | 0;

/** Dates are calendar days in Stockholm, `YYYY-MM-DD`. */
type IsoDay = string;

interface InvoiceAddress {
  name: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-2; printed only when it is not SE. */
  country: string;
}

/** The seller: company_settings as the invoice prints it. */
interface InvoiceSeller extends InvoiceAddress {
  orgNumber: string;
  vatNumber: string;
  bankgiro: string;
  plusgiro: string | null;
  /** Approved for F-tax: prints "Godkänd för F-skatt". */
  fSkatt: boolean;
  email: string;
  phone: string;
  website: string;
}

interface InvoiceBuyer extends InvoiceAddress {
  /** Required for a reverse-charge invoice, where it is printed beside the seller's. */
  vatNumber: string | null;
  /** The buyer's reference person, when they gave one. */
  reference?: string | null;
}

export interface InvoiceDocumentLine {
  description: string;
  /** A decimal quantity as text with a point ("1.5"), so hours and days stay exact. */
  quantity: string;
  unit: string;
  unitPriceOre: number;
  vatRate: InvoiceVatRate;
  /** quantity × unit price, rounded to the öre by the invoices module, without VAT. */
  amountOre: number;
  /** For a line exempt from VAT: the provision it is exempt under (e.g. "3 kap. 11 § ML"). */
  exemptionReference?: string | null;
}

/** One rate of the VAT breakdown: the taxable amount at that rate and the VAT on it. */
export interface InvoiceVatBreakdown {
  rate: InvoiceVatRate;
  taxableOre: number;
  vatOre: number;
}

export interface InvoiceDocument {
  kind: "invoice" | "credit";
  /** Its number in its series, taken when it was issued. */
  number: string;
  issueDate: IsoDay;
  /** The day the service was done or the goods delivered (or the last day, for a period). */
  deliveryDate: IsoDay;
  dueDate: IsoDay;
  /** The payment reference, with its check digit. */
  ocr: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** "reverse_charge": an EU business buyer accounts for the VAT (Omvänd betalningsskyldighet). */
  vatTreatment: "domestic" | "reverse_charge";
  lines: InvoiceDocumentLine[];
  /** One entry per rate used, highest rate first. */
  vatBreakdown: InvoiceVatBreakdown[];
  /** Öresavrundning: what rounding the total to whole kronor added (negative: took away); 0 prints none. */
  roundingOre: number;
  /** What the buyer pays: the taxable amounts, their VAT and the rounding. */
  totalOre: number;
  /** A credit invoice names the invoice it corrects. */
  credits?: { number: string; issueDate: IsoDay } | null;
  /** Late-payment terms; when absent, the statutory reference rate + 8 percentage points. */
  lateInterestText?: string | null;
  /** A note to the buyer printed under the lines. */
  note?: string | null;
}
