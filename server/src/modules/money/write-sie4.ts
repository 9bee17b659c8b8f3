import iconv from "iconv-lite";
import type { InvoiceDocument, InvoiceVatBreakdown, InvoiceVatRate } from "./invoice-document";
import { type SieAccountMap, sieAccountName } from "./sie-accounts";

/**
 * A SIE type 4 file of a period's issued invoices and payments, for the accountant to import into their
 * bookkeeping program. Money is integer öre; a credit invoice's amounts are negative as it prints them,
 * so the same posting rule reverses its original. A debit is a positive #TRANS amount, a credit negative.
 */

type IsoDay = string;

export interface SieInvoice {
  number: string;
  issueDate: IsoDay;
  buyerName: string;
  vatTreatment: "domestic" | "reverse_charge";
  vatBreakdown: InvoiceVatBreakdown[];
  roundingOre: number;
  totalOre: number;
}

/** An issued invoice's bookkeeping figures, from the view its PDF prints. */
export function sieInvoiceFromDocument(doc: InvoiceDocument): SieInvoice {
  return {
    number: doc.number,
    issueDate: doc.issueDate,
    buyerName: doc.buyer.name,
    vatTreatment: doc.vatTreatment,
    vatBreakdown: doc.vatBreakdown,
    roundingOre: doc.roundingOre,
    totalOre: doc.totalOre,
  };
}

interface SiePayment {
  invoiceNumber: string;
  paidOn: IsoDay;
  amountOre: number;
}

export interface SieExportInput {
  company: { name: string; orgNumber: string };
  accounts: SieAccountMap;
  /** The period the file covers, both days included. */
  period: { from: IsoDay; to: IsoDay };
  /** The financial year the period lies in; the calendar year of period.from when not given. */
  fiscalYear?: { start: IsoDay; end: IsoDay };
  /** The day the file is made. */
  generatedOn: IsoDay;
  program: { name: string; version: string };
  invoices: SieInvoice[];
  payments: SiePayment[];
  /** Voucher series: one for invoices, one for payments. */
  series?: { invoices: string; payments: string };
}

interface SieTransaction {
  account: string;
  amountOre: number;
}

interface SieVoucher {
  series: string;
  number: number;
  date: IsoDay;
  text: string;
  transactions: SieTransaction[];
}

const DEFAULT_SERIES = { invoices: "F", payments: "I" };

function salesAccount(accounts: SieAccountMap, invoice: SieInvoice, rate: InvoiceVatRate): string {
  return invoice.vatTreatment === "reverse_charge" ? accounts.salesReverseCharge : accounts.salesByRate[rate];
}

/** The invoice's postings; refuses an invoice whose figures do not add up, which would unbalance the books. */
function invoiceTransactions(accounts: SieAccountMap, invoice: SieInvoice): SieTransaction[] {
  const sum = invoice.vatBreakdown.reduce((acc, b) => acc + b.taxableOre + b.vatOre, invoice.roundingOre);
  if (sum !== invoice.totalOre)
    throw new Error(
      `Invoice ${invoice.number}: its breakdown and rounding sum to ${sum}, not ${invoice.totalOre}`,
    );
  const rows: SieTransaction[] = [{ account: accounts.receivables, amountOre: invoice.totalOre }];
  for (const b of invoice.vatBreakdown) {
    rows.push({ account: salesAccount(accounts, invoice, b.rate), amountOre: -b.taxableOre });
    if (b.vatOre === 0) continue;
    if (b.rate === 0 || invoice.vatTreatment === "reverse_charge")
      throw new Error(`Invoice ${invoice.number}: VAT of ${b.vatOre} öre where none is charged`);
    rows.push({ account: accounts.outputVatByRate[b.rate], amountOre: -b.vatOre });
  }
  rows.push({ account: accounts.rounding, amountOre: -invoice.roundingOre });
  return mergeByAccount(rows);
}

/** One row per account (two rates may share an account), zero rows left out. */
function mergeByAccount(rows: SieTransaction[]): SieTransaction[] {
  const byAccount = new Map<string, number>();
  for (const row of rows) byAccount.set(row.account, (byAccount.get(row.account) ?? 0) + row.amountOre);
  return [...byAccount]
    .filter(([, ore]) => ore !== 0)
    .map(([account, amountOre]) => ({ account, amountOre }));
}

/** The vouchers of the file, in date order, invoices before payments on a day, each balanced to the öre. */
function sieVouchers(input: SieExportInput): SieVoucher[] {
  const series = input.series ?? DEFAULT_SERIES;
  for (const ore of [
    ...input.invoices.flatMap((i) => [
      i.totalOre,
      i.roundingOre,
      ...i.vatBreakdown.flatMap((b) => [b.taxableOre, b.vatOre]),
    ]),
    ...input.payments.map((p) => p.amountOre),
  ])
    if (!Number.isSafeInteger(ore)) throw new RangeError(`An amount in öre is a whole number, not ${ore}`);
  const drafts = [
    ...input.invoices.map((invoice) => ({
      series: series.invoices,
      date: invoice.issueDate,
      order: 0,
      key: invoice.number,
      text: `${invoice.totalOre < 0 ? "Kreditfaktura" : "Faktura"} ${invoice.number} ${invoice.buyerName}`,
      transactions: invoiceTransactions(input.accounts, invoice),
    })),
    ...input.payments.map((payment) => ({
      series: series.payments,
      date: payment.paidOn,
      order: 1,
      key: payment.invoiceNumber,
      text: `Betalning faktura ${payment.invoiceNumber}`,
      transactions: mergeByAccount([
        { account: input.accounts.bank, amountOre: payment.amountOre },
        { account: input.accounts.receivables, amountOre: -payment.amountOre },
      ]),
    })),
  ]
    .filter((d) => d.transactions.length > 0)
    .sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.key.localeCompare(b.key));
  const next = new Map<string, number>();
  return drafts.map(({ series: s, date, text, transactions }) => {
    const number = (next.get(s) ?? 0) + 1;
    next.set(s, number);
    return { series: s, number, date, text, transactions };
  });
}

/** A SIE field: quoted, a quotation mark escaped, and control characters (which the format forbids) made spaces. */
function field(value: string): string {
  return `"${value.replace(/\p{Cc}/gu, " ").replace(/"/g, '\\"')}"`;
}

const day = (iso: IsoDay) => iso.replaceAll("-", "");

/** Öre as SIE writes an amount: a point before two decimals, a minus for a credit. */
function sieAmount(ore: number): string {
  const abs = Math.abs(ore);
  return `${ore < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The file's text, one record a line. */
function formatSie4(input: SieExportInput): string {
  const vouchers = sieVouchers(input);
  const year = input.period.from.slice(0, 4);
  const fiscal = input.fiscalYear ?? { start: `${year}-01-01`, end: `${year}-12-31` };
  const accounts = [...new Set(vouchers.flatMap((v) => v.transactions.map((t) => t.account)))].sort();
  const lines = [
    "#FLAGGA 0",
    `#PROGRAM ${field(input.program.name)} ${field(input.program.version)}`,
    "#FORMAT PC8",
    `#GEN ${day(input.generatedOn)}`,
    "#SIETYP 4",
    `#ORGNR ${input.company.orgNumber}`,
    `#FNAMN ${field(input.company.name)}`,
    `#RAR 0 ${day(fiscal.start)} ${day(fiscal.end)}`,
    ...accounts.map((account) => `#KONTO ${account} ${field(sieAccountName(account))}`),
    ...vouchers.flatMap((v) => [
      `#VER ${field(v.series)} ${v.number} ${day(v.date)} ${field(v.text)}`,
      "{",
      ...v.transactions.map((t) => `   #TRANS ${t.account} {} ${sieAmount(t.amountOre)}`),
      "}",
    ]),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The file as its bytes: #FORMAT PC8 is IBM code page 437, the DOS code page SIE was born with, so å, ä
 * and ö are the bytes 0x86, 0x84 and 0x94. A character the code page lacks is written as "?".
 */
export function writeSie4(input: SieExportInput): Buffer {
  return iconv.encode(formatSie4(input), "cp437");
}
