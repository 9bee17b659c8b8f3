import { formatOre } from "@app/contracts";
import { FONT_FAMILY } from "../../../platform/fonts";
import { type PdfContent, renderPdf } from "../../../platform/pdfmake";
import type { StatementEarning, StatementView } from "./statement-view";

const right = (text: string) => ({ text, alignment: "right" });

function earningsTable(title: string, heading: string, entries: StatementEarning[]): PdfContent[] {
  if (entries.length === 0) return [];
  return [
    { text: title, bold: true, fontSize: 12, margin: [0, 12, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ["*", 80, 80, 80],
        body: [
          [heading, right("Gross"), right("Fee"), right("Net")].map((cell) =>
            typeof cell === "string" ? { text: cell, bold: true } : { ...cell, bold: true },
          ),
          ...entries.map((e) => [
            e.label,
            right(formatOre(e.gross_ore)),
            right(formatOre(e.fee_ore)),
            right(formatOre(e.net_ore)),
          ]),
        ],
      },
      layout: "lightHorizontalLines",
      fontSize: 9,
    },
  ];
}

/** The statement's running account, in the order the figures are worked out. */
export function statementSummary(view: StatementView): [string, number][] {
  const s = view.statement;
  return [
    ["Opening balance", s.opening_balance_ore],
    ["Earnings", s.earnings_ore],
    ["Fees", -s.fee_ore],
    ["Reserve held", -s.reserve_held_ore],
    ["Reserve released", s.reserve_released_ore],
    ["Advances paid", s.advances_ore],
    ["Recouped", -s.recouped_ore],
    ["Closing balance", s.closing_balance_ore],
    ["Payable", s.payable_ore],
    // A self-billing invoice pays VAT on top of what is payable.
    ...(s.self_billing_number
      ? ([
          ["VAT 6 %", s.vat_ore],
          ["Payable incl. VAT", s.payable_ore + s.vat_ore],
        ] as [string, number][])
      : []),
    ["Carried forward", s.carried_forward_ore],
    ["Unrecouped advances", s.unrecouped_ore],
  ];
}

/**
 * What a self-billing invoice must show beyond the statement (ML's full invoice, issued by the buyer):
 * the word "självfakturering", its number in the seller's own series and its date, seller and buyer with
 * their VAT numbers, what was sold, the taxable amount, rate and VAT.
 */
function selfBillingInvoice(view: StatementView): PdfContent[] {
  const s = view.statement;
  if (!s.self_billing_number) return [];
  const rows: [string, string][] = [
    ["Invoice number", s.self_billing_number],
    ["Invoice date", s.created_at.slice(0, 10)],
    ["Seller", `${s.seller_name ?? view.payeeName}, VAT number ${s.seller_vat_number ?? "–"}`],
    [
      "Buyer",
      view.buyer
        ? `${view.businessName}, ${view.buyer.address}, VAT number ${view.buyer.vat_number}`
        : view.businessName,
    ],
    ["Supply", `Licence of copyright in musical works: royalties for ${view.period.name}`],
    ["Taxable amount", formatOre(s.payable_ore)],
    ["VAT rate", "6 %"],
    ["VAT", formatOre(s.vat_ore)],
    ["Total to pay", formatOre(s.payable_ore + s.vat_ore)],
  ];
  return [
    { text: "Självfakturering (self-billing invoice)", bold: true, fontSize: 12, margin: [0, 12, 0, 4] },
    {
      table: { widths: ["auto", "*"], body: rows.map(([label, value]) => [label, value]) },
      layout: "lightHorizontalLines",
    },
  ];
}

/** A payee's royalty statement for a closed period as PDF bytes, in the shipped fonts. */
export function renderStatementPdf(view: StatementView): Promise<Buffer> {
  const { period, statement } = view;
  const facts: [string, string][] = [
    ["Payee", view.payeeName],
    ["Period", `${period.name} (${period.starts_on} – ${period.ends_on})`],
    ...(statement.self_billing_number
      ? ([["Self-billing invoice", statement.self_billing_number]] as [string, string][])
      : []),
  ];
  return renderPdf({
    pageSize: "A4",
    pageMargins: [40, 40, 40, 60],
    // The close, not the time of rendering, so the same statement always prints the same bytes.
    info: {
      title: `Royalty statement ${view.payeeName} ${period.name}`,
      creator: view.businessName,
      creationDate: new Date(statement.created_at),
    },
    defaultStyle: { font: FONT_FAMILY, fontSize: 10, lineHeight: 1.2 },
    content: [
      { text: view.businessName, bold: true, fontSize: 16 },
      { text: "Royalty statement", bold: true, fontSize: 18, margin: [0, 4, 0, 8] },
      {
        table: {
          widths: ["auto", "*"],
          body: facts.map(([label, value]) => [label, { text: value, bold: true }]),
        },
        layout: "noBorders",
      },
      { text: "Summary", bold: true, fontSize: 12, margin: [0, 12, 0, 4] },
      {
        table: {
          widths: ["*", 100],
          body: statementSummary(view).map(([label, ore]) => {
            const strong = label === "Payable";
            return [
              { text: label, bold: strong },
              { ...right(formatOre(ore)), bold: strong },
            ];
          }),
        },
        layout: "lightHorizontalLines",
      },
      ...selfBillingInvoice(view),
      ...earningsTable("Earnings by source", "Source", view.bySource),
      ...earningsTable("Earnings by work or recording", "Work or recording", view.byItem),
      ...earningsTable("Earnings by right", "Right", view.byRight),
    ],
  });
}
