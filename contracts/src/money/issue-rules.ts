/** The text a reverse-charge invoice carries: the buyer, not the seller, accounts for the VAT. */
export const REVERSE_CHARGE_TEXT = "Omvänd betalningsskyldighet";

/** What an invoice needs to say before it is issued, as the issuing check reads it. */
export interface IssuableInvoice {
  buyer_name: string;
  buyer_street_address: string | null;
  buyer_postal_code: string | null;
  buyer_city: string | null;
  buyer_country: string;
  buyer_vat_number: string | null;
  buyer_is_business: boolean;
  reverse_charge: boolean;
  delivery_date: string | null;
}

export interface IssuableLine {
  description: string;
  quantity_milli: number;
  vat_rate: number;
  exempt_reference: string | null;
}

/** The seller's details every invoice prints (company settings), or null when none are saved yet. */
export interface IssuingSeller {
  name: string;
  street_address: string;
  postal_code: string;
  city: string;
  org_number: string;
  vat_number: string;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || !value.trim();

/** An EU VAT number as the buyer's registration prints it: two letters, then 2 to 13 letters or digits. */
export const EU_VAT_NUMBER_PATTERN = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

/**
 * What a full Swedish invoice (fullständig faktura) still lacks: the seller's name, address and VAT
 * number, the buyer's name and address, the delivery date, lines with their nature and quantity, and
 * for each line without VAT the reason: the buyer's VAT number and "reverse charge" when the buyer (a
 * business abroad) accounts for it, else the legal reference of the exemption. Empty when the invoice may be issued.
 * (The issue date, number and per-rate amounts are the issuing's own, so nothing can be missing there.)
 */
export function missingForIssue(
  invoice: IssuableInvoice,
  lines: readonly IssuableLine[],
  seller: IssuingSeller | null,
): string[] {
  const missing: string[] = [];
  if (!seller) missing.push("the seller's details (company settings)");
  const buyerFields = ["buyer_name", "buyer_street_address", "buyer_postal_code", "buyer_city"] as const;
  for (const field of buyerFields) if (blank(invoice[field])) missing.push(field);
  if (blank(invoice.delivery_date)) missing.push("delivery_date");
  if (lines.length === 0) missing.push("at least one line");
  lines.forEach((line, i) => {
    if (blank(line.description)) missing.push(`line ${i + 1}: description`);
    if (line.quantity_milli === 0) missing.push(`line ${i + 1}: a quantity other than zero`);
  });
  if (invoice.reverse_charge) {
    if (blank(invoice.buyer_vat_number)) missing.push("buyer_vat_number (reverse charge)");
    else if (!EU_VAT_NUMBER_PATTERN.test(String(invoice.buyer_vat_number)))
      missing.push("buyer_vat_number written as an EU VAT number");
    if (invoice.buyer_country === "SE") missing.push("a buyer outside Sweden (reverse charge)");
    if (!invoice.buyer_is_business) missing.push("a business buyer (reverse charge)");
    lines.forEach((line, i) => {
      if (line.vat_rate !== 0) missing.push(`line ${i + 1}: VAT rate 0 (reverse charge)`);
    });
  } else {
    lines.forEach((line, i) => {
      if (line.vat_rate === 0 && blank(line.exempt_reference))
        missing.push(`line ${i + 1}: exempt_reference (the legal ground for no VAT)`);
    });
  }
  return missing;
}
