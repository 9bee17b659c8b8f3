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
    ["Carried forward", s.carried_forward_ore],
    ["Unrecouped advances", s.unrecouped_ore],
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
      ...earningsTable("Earnings by source", "Source", view.bySource),
      ...earningsTable("Earnings by work or recording", "Work or recording", view.byItem),
      ...earningsTable("Earnings by right", "Right", view.byRight),
    ],
  });
}
