import type { InvoiceDocument } from "../../src/modules/money/invoice-document";

/** Invoices as the invoices module would hand them to the PDF and SIE writers, figures worked out by hand. */

export const SELLER: InvoiceDocument["seller"] = {
  name: "Slussen Sound AB",
  streetAddress: "Hornsgatan 1",
  postalCode: "118 20",
  city: "Stockholm",
  country: "SE",
  orgNumber: "556047-3521",
  vatNumber: "SE556047352101",
  bankgiro: "160-9908",
  plusgiro: null,
  fSkatt: true,
  email: "faktura@slussensound.se",
  phone: "08-123 456 78",
  website: "https://slussensound.se/",
};

/** 25 %, 6 % and an exempt line; 26 189,58 kr rounded up by 42 öre to 26 190 kr. */
export const DOMESTIC_INVOICE: InvoiceDocument = {
  kind: "invoice",
  number: "2026-0042",
  issueDate: "2026-11-02",
  deliveryDate: "2026-10-30",
  dueDate: "2026-12-02",
  ocr: "202600012324",
  seller: SELLER,
  buyer: {
    name: "Nordljus Records AB",
    streetAddress: "Götgatan 22",
    postalCode: "116 46",
    city: "Stockholm",
    country: "SE",
    vatNumber: "SE556016068001",
    reference: "Anna Berg",
  },
  vatTreatment: "domestic",
  lines: [
    {
      description: "Mix av låten Midnatt",
      quantity: "1",
      unit: "st",
      unitPriceOre: 1_200_000,
      vatRate: 25,
      amountOre: 1_200_000,
    },
    {
      description: "Studiotid",
      quantity: "2.5",
      unit: "tim",
      unitPriceOre: 85_000,
      vatRate: 25,
      amountOre: 212_500,
    },
    {
      description: "Licens för inspelningen",
      quantity: "1",
      unit: "st",
      unitPriceOre: 333_333,
      vatRate: 6,
      amountOre: 333_333,
    },
    {
      description: "Artistens framträdande",
      quantity: "1",
      unit: "st",
      unitPriceOre: 500_000,
      vatRate: 0,
      amountOre: 500_000,
      exemptionReference: "3 kap. 11 § ML (2023:200)",
    },
  ],
  vatBreakdown: [
    { rate: 25, taxableOre: 1_412_500, vatOre: 353_125 },
    { rate: 6, taxableOre: 333_333, vatOre: 20_000 },
    { rate: 0, taxableOre: 500_000, vatOre: 0 },
  ],
  roundingOre: 42,
  totalOre: 2_619_000,
};

/** The credit invoice (ändringsfaktura) that takes back the whole of `original`: every amount negated. */
export function creditOf(original: InvoiceDocument, number: string, issueDate: string): InvoiceDocument {
  return {
    ...original,
    kind: "credit",
    number,
    issueDate,
    credits: { number: original.number, issueDate: original.issueDate },
    lines: original.lines.map((l) => ({ ...l, quantity: `-${l.quantity}`, amountOre: -l.amountOre })),
    vatBreakdown: original.vatBreakdown.map((b) => ({ ...b, taxableOre: -b.taxableOre, vatOre: -b.vatOre })),
    roundingOre: -original.roundingOre,
    totalOre: -original.totalOre,
  };
}
