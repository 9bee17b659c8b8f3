import { formatOre } from "@app/contracts";
import { FONT_FAMILY } from "../../platform/fonts";
import { type PdfContent, renderPdf } from "../../platform/pdfmake";
import type { InvoiceDocument, InvoiceDocumentLine, InvoiceVatRate } from "./invoice-document";

/** What Mervärdesskattelagen asks a reverse-charge invoice to say, in the words the buyer's accountant looks for. */
const REVERSE_CHARGE_TEXT = "Omvänd betalningsskyldighet";
const F_SKATT_TEXT = "Godkänd för F-skatt";
/** Räntelagen: the reference rate plus eight percentage points, which cannot be agreed away between businesses. */
const DEFAULT_LATE_INTEREST_TEXT =
  "Vid betalning efter förfallodagen debiteras dröjsmålsränta enligt räntelagen (referensränta + 8 procentenheter).";

const NBSP = "\u00a0";
const percent = (rate: InvoiceVatRate) => `${rate}${NBSP}%`;
const quantityText = (quantity: string) => quantity.replace(".", ",");

/**
 * The renderer prints what it is given, so a view whose figures do not add up is a bug in whoever built it:
 * refused here rather than printed as a wrong invoice.
 */
function assertPrintable(doc: InvoiceDocument) {
  const problems: string[] = [];
  for (const entry of doc.vatBreakdown) {
    const lines = doc.lines.filter((l) => l.vatRate === entry.rate);
    const sum = lines.reduce((acc, l) => acc + l.amountOre, 0);
    if (sum !== entry.taxableOre)
      problems.push(`the ${entry.rate} % lines sum to ${sum}, not ${entry.taxableOre}`);
  }
  if (doc.lines.some((l) => !doc.vatBreakdown.some((b) => b.rate === l.vatRate)))
    problems.push("a line's VAT rate has no entry in the breakdown");
  const total = doc.vatBreakdown.reduce((acc, b) => acc + b.taxableOre + b.vatOre, doc.roundingOre);
  if (total !== doc.totalOre)
    problems.push(`the breakdown and rounding sum to ${total}, not ${doc.totalOre}`);
  if (doc.vatTreatment === "reverse_charge" && !doc.buyer.vatNumber)
    problems.push("a reverse-charge invoice needs the buyer's VAT number");
  if (doc.kind === "credit" && !doc.credits) problems.push("a credit invoice names the invoice it credits");
  if (problems.length) throw new Error(`Invoice ${doc.number} cannot be printed: ${problems.join("; ")}`);
}

function addressLines(party: InvoiceDocument["buyer"] | InvoiceDocument["seller"]): string[] {
  return [
    party.streetAddress,
    `${party.postalCode} ${party.city}`,
    ...(party.country === "SE" ? [] : [party.country]),
  ];
}

function headerBlock(doc: InvoiceDocument): PdfContent {
  const title = doc.kind === "credit" ? "Kreditfaktura" : "Faktura";
  const facts: [string, string][] = [
    [doc.kind === "credit" ? "Kreditfakturanummer" : "Fakturanummer", doc.number],
    ["Fakturadatum", doc.issueDate],
    ["Leveransdatum", doc.deliveryDate],
    ["Förfallodatum", doc.dueDate],
    ["OCR-nummer", doc.ocr],
    ...(doc.credits
      ? ([["Krediterar faktura", `${doc.credits.number} av ${doc.credits.issueDate}`]] as [string, string][])
      : []),
  ];
  return {
    columns: [
      { stack: [{ text: doc.seller.name, bold: true, fontSize: 16 }, ...addressLines(doc.seller)] },
      {
        width: 220,
        stack: [
          { text: title, bold: true, fontSize: 18, margin: [0, 0, 0, 6] },
          {
            table: {
              widths: ["auto", "*"],
              body: facts.map(([label, value]) => [label, { text: value, bold: true }]),
            },
            layout: "noBorders",
            fontSize: 9,
          },
        ],
      },
    ],
    margin: [0, 0, 0, 20],
  };
}

function buyerBlock(doc: InvoiceDocument): PdfContent {
  const { buyer } = doc;
  return {
    stack: [
      { text: "Köpare", bold: true, fontSize: 9 },
      buyer.name,
      ...addressLines(buyer),
      ...(buyer.vatNumber ? [`Momsreg.nr ${buyer.vatNumber}`] : []),
      ...(buyer.reference ? [`Er referens: ${buyer.reference}`] : []),
    ],
    margin: [0, 0, 0, 16],
  };
}

function lineRow(line: InvoiceDocumentLine): PdfContent[] {
  const description: PdfContent = line.exemptionReference
    ? {
        stack: [
          line.description,
          { text: `Undantag från moms: ${line.exemptionReference}`, italics: true, fontSize: 8 },
        ],
      }
    : line.description;
  const right = (text: string) => ({ text, alignment: "right" });
  return [
    description,
    right(quantityText(line.quantity)),
    line.unit,
    right(formatOre(line.unitPriceOre)),
    right(percent(line.vatRate)),
    right(formatOre(line.amountOre)),
  ];
}

function linesTable(doc: InvoiceDocument): PdfContent {
  const head = ["Beskrivning", "Antal", "Enhet", "À-pris", "Moms", "Belopp"].map((text, i) => ({
    text,
    bold: true,
    alignment: i === 0 || i === 2 ? "left" : "right",
  }));
  return {
    table: {
      headerRows: 1,
      widths: ["*", "auto", "auto", "auto", "auto", "auto"],
      body: [head, ...doc.lines.map(lineRow)],
    },
    layout: "lightHorizontalLines",
    fontSize: 9,
    margin: [0, 0, 0, 12],
  };
}

function totalsTable(doc: InvoiceDocument): PdfContent {
  const rows: [string, string][] = doc.vatBreakdown.flatMap((b): [string, string][] => [
    [`Momspliktigt belopp ${percent(b.rate)}`, formatOre(b.taxableOre)],
    [`Moms ${percent(b.rate)}`, formatOre(b.vatOre)],
  ]);
  if (doc.roundingOre !== 0) rows.push(["Öresavrundning", formatOre(doc.roundingOre)]);
  const body: PdfContent[][] = rows.map(([label, value]) => [label, { text: value, alignment: "right" }]);
  body.push([
    { text: doc.kind === "credit" ? "Att återbetala" : "Att betala", bold: true },
    { text: formatOre(doc.totalOre), alignment: "right", bold: true },
  ]);
  return {
    columns: [
      { width: "*", text: "" },
      { width: 260, table: { widths: ["*", "auto"], body }, layout: "lightHorizontalLines", fontSize: 9 },
    ],
    margin: [0, 0, 0, 16],
  };
}

function termsBlock(doc: InvoiceDocument): PdfContent {
  const paragraphs: PdfContent[] = [];
  if (doc.vatTreatment === "reverse_charge")
    paragraphs.push({
      text: [
        { text: `${REVERSE_CHARGE_TEXT}. `, bold: true },
        `Säljarens momsreg.nr ${doc.seller.vatNumber}, köparens momsreg.nr ${doc.buyer.vatNumber}.`,
      ],
    });
  if (doc.note) paragraphs.push(doc.note);
  if (doc.kind === "invoice")
    paragraphs.push(
      `Betala till bankgiro ${doc.seller.bankgiro} med OCR-nummer ${doc.ocr} senast ${doc.dueDate}.`,
      doc.lateInterestText || DEFAULT_LATE_INTEREST_TEXT,
    );
  return { stack: paragraphs, fontSize: 9, margin: [0, 0, 0, 8] };
}

function footer(doc: InvoiceDocument) {
  const { seller } = doc;
  const column = (lines: string[]) => ({ stack: lines, fontSize: 7 });
  return (page: number, pages: number) => ({
    margin: [40, 6, 40, 0],
    stack: [
      {
        columns: [
          column([seller.name, ...addressLines(seller)]),
          column([
            `Org.nr ${seller.orgNumber}`,
            `Momsreg.nr ${seller.vatNumber}`,
            ...(seller.fSkatt ? [F_SKATT_TEXT] : []),
          ]),
          column([seller.email, seller.phone, seller.website]),
          column([
            `Bankgiro ${seller.bankgiro}`,
            ...(seller.plusgiro ? [`Plusgiro ${seller.plusgiro}`] : []),
          ]),
        ],
      },
      { text: `Sida ${page} av ${pages}`, alignment: "right", fontSize: 7 },
    ],
  });
}

/**
 * An invoice or credit invoice as an A4 PDF in the legal documents' fonts, with every field a Swedish
 * invoice must carry: the seller's and buyer's names and addresses and VAT numbers, F-skatt, number,
 * dates, each line, the taxable amount and VAT per rate, rounding, total and how to pay.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  assertPrintable(doc);
  const title = `${doc.kind === "credit" ? "Kreditfaktura" : "Faktura"} ${doc.number}`;
  return renderPdf({
    pageSize: "A4",
    pageMargins: [40, 40, 40, 80],
    // The issue date, not the time of rendering, so the same invoice always prints the same bytes.
    info: { title, creator: doc.seller.name, creationDate: new Date(`${doc.issueDate}T00:00:00Z`) },
    defaultStyle: { font: FONT_FAMILY, fontSize: 10, lineHeight: 1.2 },
    footer: footer(doc),
    content: [headerBlock(doc), buyerBlock(doc), linesTable(doc), totalsTable(doc), termsBlock(doc)],
  });
}
