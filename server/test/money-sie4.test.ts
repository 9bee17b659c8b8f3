import { SIE_ACCOUNT_DEFAULTS } from "@app/contracts";
import fc from "fast-check";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import type { InvoiceVatRate } from "../src/modules/money/invoice-document";
import { DEFAULT_SIE_ACCOUNTS, sieAccountsFromSettings } from "../src/modules/money/sie-accounts";
import {
  type SieExportInput,
  type SieInvoice,
  sieInvoiceFromDocument,
  writeSie4,
} from "../src/modules/money/write-sie4";
import { creditOf, DOMESTIC_INVOICE } from "./support/invoice-fixtures";

/** The SIE 4 file an accountant imports: every voucher balances, every account used is declared. */

interface ParsedSie {
  records: string[][];
  vouchers: { head: string[]; trans: { account: string; ore: number }[] }[];
  accounts: Set<string>;
}

/** A SIE record's fields: bare words, "quoted text" with \" inside, and {object lists}. */
function fields(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:\\"|[^"])*)"|\{[^}]*\}|\S+/g;
  for (const m of line.trim().matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/\\"/g, '"') : m[0]);
  return out;
}

/** Reads the file as an importer does: PC8 bytes, CRLF lines, #VER followed by a {…} block of #TRANS. */
function parseSie(bytes: Buffer): ParsedSie {
  const text = iconv.decode(bytes, "cp437");
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  const parsed: ParsedSie = { records: [], vouchers: [], accounts: new Set() };
  let open: ParsedSie["vouchers"][number] | undefined;
  let inBlock = false;
  for (const line of lines) {
    const f = fields(line);
    parsed.records.push(f);
    if (f[0] === "#KONTO") parsed.accounts.add(f[1] as string);
    else if (f[0] === "#VER") {
      open = { head: f, trans: [] };
      parsed.vouchers.push(open);
    } else if (f[0] === "{") {
      expect(open && !inBlock).toBe(true);
      inBlock = true;
    } else if (f[0] === "}") {
      inBlock = false;
      open = undefined;
    } else if (f[0] === "#TRANS") {
      expect(inBlock).toBe(true);
      expect(f[2]).toBe("{}");
      const amount = f[3] as string;
      expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      const ore = Number(amount.replace(".", ""));
      open?.trans.push({ account: f[1] as string, ore });
    }
  }
  expect(inBlock).toBe(false);
  return parsed;
}

function expectWellFormed(parsed: ParsedSie) {
  const heads = parsed.records.map((r) => r[0]);
  expect(heads.slice(0, 8)).toEqual([
    "#FLAGGA",
    "#PROGRAM",
    "#FORMAT",
    "#GEN",
    "#SIETYP",
    "#ORGNR",
    "#FNAMN",
    "#RAR",
  ]);
  expect(parsed.records.find((r) => r[0] === "#SIETYP")).toEqual(["#SIETYP", "4"]);
  expect(parsed.records.find((r) => r[0] === "#FORMAT")).toEqual(["#FORMAT", "PC8"]);
  for (const voucher of parsed.vouchers) {
    expect(voucher.trans.length).toBeGreaterThanOrEqual(2);
    expect(voucher.trans.reduce((sum, t) => sum + t.ore, 0)).toBe(0);
    for (const t of voucher.trans) expect(parsed.accounts.has(t.account)).toBe(true);
  }
}

const BASE: Omit<SieExportInput, "invoices" | "payments"> = {
  company: { name: "Slussen Sound AB", orgNumber: "556047-3521" },
  accounts: DEFAULT_SIE_ACCOUNTS,
  period: { from: "2026-11-01", to: "2026-11-30" },
  generatedOn: "2026-12-01",
  program: { name: "Slussen Sound back office", version: "1.0" },
};

const DOMESTIC = sieInvoiceFromDocument({
  ...DOMESTIC_INVOICE,
  buyer: { ...DOMESTIC_INVOICE.buyer, name: 'Åkesson & "Söner" AB' },
});

describe("SIE 4 export", () => {
  const file = writeSie4({
    ...BASE,
    invoices: [
      DOMESTIC,
      {
        number: "2026-0043",
        issueDate: "2026-11-03",
        buyerName: "Klangwerk GmbH",
        vatTreatment: "reverse_charge",
        vatBreakdown: [{ rate: 0, taxableOre: 2_000_000, vatOre: 0 }],
        roundingOre: 0,
        totalOre: 2_000_000,
      },
      sieInvoiceFromDocument(
        creditOf(
          { ...DOMESTIC_INVOICE, buyer: { ...DOMESTIC_INVOICE.buyer, name: DOMESTIC.buyerName } },
          "2026-0044",
          "2026-11-10",
        ),
      ),
    ],
    payments: [
      { invoiceNumber: "2026-0043", paidOn: "2026-11-20", amountOre: 1_500_000 },
      { invoiceNumber: "2026-0043", paidOn: "2026-11-25", amountOre: 500_000 },
    ],
  });
  const parsed = parseSie(file);

  it("declares the file as SIE type 4 in PC8 with the company, and every voucher balances", () => {
    expectWellFormed(parsed);
    expect(parsed.records.find((r) => r[0] === "#ORGNR")).toEqual(["#ORGNR", "556047-3521"]);
    expect(parsed.records.find((r) => r[0] === "#FNAMN")).toEqual(["#FNAMN", "Slussen Sound AB"]);
    expect(parsed.records.find((r) => r[0] === "#RAR")).toEqual(["#RAR", "0", "20260101", "20261231"]);
    expect(parsed.records.find((r) => r[0] === "#GEN")).toEqual(["#GEN", "20261201"]);
    expect(parsed.vouchers).toHaveLength(5);
  });

  it("posts an invoice: receivables debited by the total, sales and output VAT per rate and rounding credited", () => {
    const [invoice] = parsed.vouchers;
    expect(invoice?.head).toEqual(["#VER", "F", "1", "20261102", 'Faktura 2026-0042 Åkesson & "Söner" AB']);
    expect(invoice?.trans).toEqual([
      { account: "1510", ore: 2_619_000 },
      { account: "3041", ore: -1_412_500 },
      { account: "2611", ore: -353_125 },
      { account: "3043", ore: -333_333 },
      { account: "2631", ore: -20_000 },
      { account: "3044", ore: -500_000 },
      { account: "3740", ore: -42 },
    ]);
  });

  it("posts a reverse-charge sale to the EU services account without VAT", () => {
    expect(parsed.vouchers[1]?.trans).toEqual([
      { account: "1510", ore: 2_000_000 },
      { account: "3308", ore: -2_000_000 },
    ]);
  });

  it("reverses the original with its credit invoice, so the two net to zero on every account", () => {
    const credit = parsed.vouchers[2];
    expect(credit?.head[4]).toBe('Kreditfaktura 2026-0044 Åkesson & "Söner" AB');
    const net = new Map<string, number>();
    for (const t of [...(parsed.vouchers[0]?.trans ?? []), ...(credit?.trans ?? [])])
      net.set(t.account, (net.get(t.account) ?? 0) + t.ore);
    expect([...net.values()].every((ore) => ore === 0)).toBe(true);
  });

  it("posts each payment as bank debited and receivables credited, numbered in its own series", () => {
    expect(parsed.vouchers.slice(3).map((v) => [v.head[1], v.head[2], v.head[3], v.trans])).toEqual([
      [
        "I",
        "1",
        "20261120",
        [
          { account: "1930", ore: 1_500_000 },
          { account: "1510", ore: -1_500_000 },
        ],
      ],
      [
        "I",
        "2",
        "20261125",
        [
          { account: "1930", ore: 500_000 },
          { account: "1510", ore: -500_000 },
        ],
      ],
    ]);
  });

  it("writes å, ä and ö as code page 437 bytes and declares only the accounts it uses", () => {
    expect(file.includes(Buffer.from([0x8f, 0x6b, 0x65]))).toBe(true); // "Åke"
    expect(file.includes(Buffer.from("Å", "utf8"))).toBe(false);
    expect([...parsed.accounts].sort()).toEqual([
      "1510",
      "1930",
      "2611",
      "2631",
      "3041",
      "3043",
      "3044",
      "3308",
      "3740",
    ]);
  });

  it("posts to the business's own accounts when company_settings maps them", () => {
    const accounts = sieAccountsFromSettings({
      ...SIE_ACCOUNT_DEFAULTS,
      sie_account_sales_25: "3001",
      sie_account_bank: "1920",
    });
    const own = parseSie(
      writeSie4({
        ...BASE,
        accounts,
        invoices: [DOMESTIC],
        payments: [{ invoiceNumber: DOMESTIC.number, paidOn: "2026-11-20", amountOre: DOMESTIC.totalOre }],
      }),
    );
    expectWellFormed(own);
    const posted = own.vouchers.flatMap((v) => v.trans.map((t) => t.account));
    expect(posted).toContain("3001");
    expect(posted).toContain("1920");
    expect(posted).not.toContain("3041");
    expect(posted).not.toContain("1930");
    expect(own.records).toContainEqual(["#KONTO", "3001", "Konto 3001"]);
  });

  it("refuses an invoice whose figures do not add up rather than write unbalanced books", () => {
    expect(() =>
      writeSie4({ ...BASE, invoices: [{ ...DOMESTIC, totalOre: 2_619_001 }], payments: [] }),
    ).toThrow(/sum to 2619000, not 2619001/);
    expect(() =>
      writeSie4({ ...BASE, invoices: [{ ...DOMESTIC, roundingOre: 41.5 }], payments: [] }),
    ).toThrow(RangeError);
  });
});

const RATES: InvoiceVatRate[] = [25, 12, 6, 0];

/** A random invoice whose figures are computed as the invoices module must: integer öre, VAT rounded per rate. */
const invoiceArb = fc
  .record({
    lines: fc.array(
      fc.record({ rate: fc.constantFrom(...RATES), ore: fc.integer({ min: -5_000_000, max: 50_000_000 }) }),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
    reverseCharge: fc.boolean(),
    roundToKronor: fc.boolean(),
    credit: fc.boolean(),
    day: fc.integer({ min: 1, max: 30 }),
  })
  .map(({ lines, reverseCharge, roundToKronor, credit, day }): SieInvoice => {
    const byRate = new Map<InvoiceVatRate, number>();
    for (const l of lines) {
      const rate = reverseCharge ? 0 : l.rate;
      byRate.set(rate, (byRate.get(rate) ?? 0) + l.ore);
    }
    const vatBreakdown = [...byRate].map(([rate, taxableOre]) => ({
      rate,
      taxableOre,
      vatOre: Math.sign(taxableOre) * Math.round((Math.abs(taxableOre) * rate) / 100),
    }));
    const exact = vatBreakdown.reduce((s, b) => s + b.taxableOre + b.vatOre, 0);
    const totalOre = roundToKronor ? Math.round(exact / 100) * 100 : exact;
    const sign = credit ? -1 : 1;
    return {
      number: `2026-${String(day).padStart(4, "0")}`,
      issueDate: `2026-11-${String(day).padStart(2, "0")}`,
      buyerName: "Köpare AB",
      vatTreatment: reverseCharge ? "reverse_charge" : "domestic",
      vatBreakdown: vatBreakdown.map((b) => ({
        ...b,
        taxableOre: sign * b.taxableOre,
        vatOre: sign * b.vatOre,
      })),
      roundingOre: sign * (totalOre - exact),
      totalOre: sign * totalOre,
    };
  });

describe("SIE 4 export over random invoices", () => {
  it("balances every voucher to the öre and declares every account it posts to", () => {
    fc.assert(
      fc.property(
        fc.array(invoiceArb, { maxLength: 6 }),
        fc.array(fc.integer({ min: -1_000_000, max: 100_000_000 }), { maxLength: 4 }),
        (invoices, payments) => {
          const parsed = parseSie(
            writeSie4({
              ...BASE,
              invoices,
              payments: payments.map((amountOre, i) => ({
                invoiceNumber: `2026-${i}`,
                paidOn: "2026-11-28",
                amountOre,
              })),
            }),
          );
          expectWellFormed(parsed);
          const posted = parsed.vouchers.flatMap((v) => v.trans).filter((t) => t.account === "1510");
          const expected = invoices.reduce((s, i) => s + i.totalOre, 0) - payments.reduce((s, p) => s + p, 0);
          expect(posted.reduce((s, t) => s + t.ore, 0)).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
