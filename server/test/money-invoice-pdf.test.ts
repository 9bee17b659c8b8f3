import { formatOre } from "@app/contracts";
import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "../src/modules/money/invoice-document";
import { renderInvoicePdf } from "../src/modules/money/render-invoice-pdf";
import { pdfText } from "./support/document-text";
import { creditOf, DOMESTIC_INVOICE as DOMESTIC, SELLER } from "./support/invoice-fixtures";

/** An invoice PDF carries every field a Swedish invoice must (Mervärdesskattelagen's list), as selectable text. */

const REVERSE_CHARGE: InvoiceDocument = {
  ...DOMESTIC,
  number: "2026-0043",
  ocr: "1234574",
  buyer: {
    name: "Klangwerk GmbH",
    streetAddress: "Torstraße 5",
    postalCode: "10119",
    city: "Berlin",
    country: "DE",
    vatNumber: "DE123456789",
  },
  vatTreatment: "reverse_charge",
  lines: [
    {
      description: "Mixing services",
      quantity: "1",
      unit: "st",
      unitPriceOre: 2_000_000,
      vatRate: 0,
      amountOre: 2_000_000,
    },
  ],
  vatBreakdown: [{ rate: 0, taxableOre: 2_000_000, vatOre: 0 }],
  roundingOre: 0,
  totalOre: 2_000_000,
};

const CREDIT = creditOf(DOMESTIC, "2026-0044", "2026-11-10");

const textOf = async (doc: InvoiceDocument) =>
  (await pdfText(await renderInvoicePdf(doc))).text.replace(/\u00a0/g, " ");
const kr = (ore: number) => formatOre(ore).replace(/\u00a0/g, " ");

/** What every invoice prints, whatever its VAT treatment. */
function expectCommonFields(text: string, doc: InvoiceDocument) {
  for (const field of [
    doc.seller.name,
    doc.seller.streetAddress,
    `${doc.seller.postalCode} ${doc.seller.city}`,
    `Org.nr ${doc.seller.orgNumber}`,
    `Momsreg.nr ${doc.seller.vatNumber}`,
    "Godkänd för F-skatt",
    `Bankgiro ${doc.seller.bankgiro}`,
    doc.buyer.name,
    doc.buyer.streetAddress,
    `${doc.buyer.postalCode} ${doc.buyer.city}`,
    `Fakturadatum ${doc.issueDate}`,
    `Leveransdatum ${doc.deliveryDate}`,
    `Förfallodatum ${doc.dueDate}`,
    `OCR-nummer ${doc.ocr}`,
    ...doc.lines.flatMap((l) => [l.description, kr(l.amountOre)]),
    ...doc.vatBreakdown.flatMap((b) => [
      `Momspliktigt belopp ${b.rate} % ${kr(b.taxableOre)}`,
      `Moms ${b.rate} % ${kr(b.vatOre)}`,
    ]),
  ])
    expect(text).toContain(field);
}

describe("invoice PDF", () => {
  it("prints every required field of a domestic invoice, per-rate VAT, rounding and how to pay", async () => {
    const text = await textOf(DOMESTIC);
    expectCommonFields(text, DOMESTIC);
    expect(text).toContain("Faktura");
    expect(text).toContain("Fakturanummer 2026-0042");
    expect(text).toContain("Momsreg.nr SE556016068001");
    expect(text).toContain("12 000,00 kr");
    expect(text).toContain("2,5 tim");
    expect(text).toContain("Momspliktigt belopp 25 % 14 125,00 kr");
    expect(text).toContain("Moms 25 % 3 531,25 kr");
    expect(text).toContain("Undantag från moms: 3 kap. 11 § ML (2023:200)");
    expect(text).toContain("Öresavrundning 0,42 kr");
    expect(text).toContain("Att betala 26 190,00 kr");
    expect(text).toContain("Betala till bankgiro 160-9908 med OCR-nummer 202600012324 senast 2026-12-02");
    expect(text).toContain("referensränta + 8 procentenheter");
    expect(text).not.toContain("Omvänd betalningsskyldighet");
  });

  it("prints the reverse-charge text with both VAT numbers and no Swedish VAT", async () => {
    const text = await textOf(REVERSE_CHARGE);
    expectCommonFields(text, REVERSE_CHARGE);
    expect(text).toContain("Omvänd betalningsskyldighet");
    expect(text).toContain("Säljarens momsreg.nr SE556047352101, köparens momsreg.nr DE123456789");
    expect(text).toContain("DE"); // the buyer's country, printed because it is not Sweden
    expect(text).toContain("Moms 0 % 0,00 kr");
    expect(text).not.toContain("Öresavrundning");
  });

  it("prints a credit invoice that names the invoice it credits, its amounts negative", async () => {
    const text = await textOf(CREDIT);
    expectCommonFields(text, CREDIT);
    expect(text).toContain("Kreditfaktura");
    expect(text).toContain("Kreditfakturanummer 2026-0044");
    expect(text).toContain("Krediterar faktura 2026-0042 av 2026-11-02");
    expect(text).toContain("Att återbetala −26 190,00 kr");
    expect(text).not.toContain("Betala till bankgiro");
  });

  it("prints no F-skatt line for a seller not approved for it, and a custom late-payment text", async () => {
    const text = await textOf({
      ...DOMESTIC,
      seller: { ...SELLER, fSkatt: false, plusgiro: "4020001-9" },
      lateInterestText: "Dröjsmålsränta: referensränta + 8 procentenheter enligt räntelagen.",
    });
    expect(text).not.toContain("Godkänd för F-skatt");
    expect(text).toContain("Plusgiro 4020001-9");
    expect(text).toContain("Dröjsmålsränta: referensränta + 8 procentenheter enligt räntelagen.");
  });

  it.each([
    ["a total that is not the breakdown plus rounding", { totalOre: 2_619_001 }],
    [
      "a breakdown that is not its lines' sum",
      { vatBreakdown: [{ rate: 25 as const, taxableOre: 1, vatOre: 0 }] },
    ],
    [
      "a reverse charge without the buyer's VAT number",
      { ...REVERSE_CHARGE, buyer: { ...REVERSE_CHARGE.buyer, vatNumber: null } },
    ],
    ["a credit invoice that names no invoice", { ...CREDIT, credits: null }],
  ])("refuses to print %s", async (_case, change) => {
    await expect(renderInvoicePdf({ ...DOMESTIC, ...change })).rejects.toThrow(/cannot be printed/);
  });
});
