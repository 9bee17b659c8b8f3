import { SIE_ACCOUNT_DEFAULTS, type SieAccountColumn } from "@app/contracts";
import type { InvoiceVatRate } from "./invoice-document";

/**
 * Which BAS account each posting of an invoice or payment goes to. The defaults are the BAS chart's;
 * company_settings holds the business's own choice (its sie_account_* columns).
 */
export interface SieAccountMap {
  /** Sales of services in Sweden per VAT rate; 0 is sales exempt from VAT. */
  salesByRate: Record<InvoiceVatRate, string>;
  /** Sales of services to a business in another EU country, where the buyer accounts for the VAT. */
  salesReverseCharge: string;
  /** Output VAT per rate. */
  outputVatByRate: Record<Exclude<InvoiceVatRate, 0>, string>;
  receivables: string;
  bank: string;
  /** Öres- och kronutjämning: the rounding of an invoice's total. */
  rounding: string;
}

/** The BAS chart's accounts, which company_settings holds until the business maps its own. */
export const DEFAULT_SIE_ACCOUNTS: SieAccountMap = sieAccountsFromSettings(SIE_ACCOUNT_DEFAULTS);

/** The BAS chart's names of the default accounts, for #KONTO; an account of the business's own is named by its number. */
const BAS_NAMES: Record<string, string> = {
  "1510": "Kundfordringar",
  "1930": "Företagskonto/checkkonto/affärskonto",
  "2611": "Utgående moms på försäljning inom Sverige, 25 %",
  "2621": "Utgående moms på försäljning inom Sverige, 12 %",
  "2631": "Utgående moms på försäljning inom Sverige, 6 %",
  "3041": "Försäljning tjänster inom Sverige, 25 % moms",
  "3042": "Försäljning tjänster inom Sverige, 12 % moms",
  "3043": "Försäljning tjänster inom Sverige, 6 % moms",
  "3044": "Försäljning tjänster inom Sverige, momsfri",
  "3308": "Försäljning tjänster till annat EU-land",
  "3740": "Öres- och kronutjämning",
};

export const sieAccountName = (account: string) => BAS_NAMES[account] ?? `Konto ${account}`;

/** The account map from company_settings' columns, as the data API returns the row. */
export function sieAccountsFromSettings(row: Record<SieAccountColumn, string>): SieAccountMap {
  return {
    salesByRate: {
      25: row.sie_account_sales_25,
      12: row.sie_account_sales_12,
      6: row.sie_account_sales_6,
      0: row.sie_account_sales_exempt,
    },
    salesReverseCharge: row.sie_account_sales_reverse_charge,
    outputVatByRate: {
      25: row.sie_account_output_vat_25,
      12: row.sie_account_output_vat_12,
      6: row.sie_account_output_vat_6,
    },
    receivables: row.sie_account_receivables,
    bank: row.sie_account_bank,
    rounding: row.sie_account_rounding,
  };
}
