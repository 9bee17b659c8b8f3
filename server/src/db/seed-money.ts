import { invoiceTotals, lineAmountOre, type VatRate } from "@app/contracts";
import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { insertAll } from "./seed-rows";

/** Draft invoices to demonstrate the invoice screens with: nothing is issued, so no number is taken. */
const DRAFTS = [
  {
    buyer: ["Nordljus Records AB", "Götgatan 14", "116 46", "Stockholm", "SE"],
    lines: [
      ["Mix, per hour", 12_500, "h", 95_000, 25],
      ["Mastering, per track", 4000, "st", 150_000, 25],
    ],
  },
  {
    buyer: ["Kvarnen Film AB", "Västra Hamngatan 8", "411 17", "Göteborg", "SE"],
    lines: [["Licence of the master for the trailer", 1000, "st", 4_500_000, 6]],
  },
] as const;

type Line = { quantity_milli: number; unit_price_ore: number; vat_rate: number };

function seededInvoice(id: string, buyer: (typeof DRAFTS)[number]["buyer"], lines: Line[], created: string) {
  const [name, street, postal, city, country] = buyer;
  const totals = invoiceTotals(
    lines.map((line) => ({ ...line, vat_rate: line.vat_rate as VatRate })),
    { reverseCharge: false, roundToKronor: true },
  );
  return {
    id,
    buyer_name: name,
    buyer_street_address: street,
    buyer_postal_code: postal,
    buyer_city: city,
    buyer_country: country,
    delivery_date: at(-5, 9).slice(0, 10),
    net_ore: totals.net_ore,
    vat_ore: totals.vat_ore,
    rounding_ore: totals.rounding_ore,
    total_ore: totals.total_ore,
    vat_breakdown: totals.by_rate,
    created_at: created,
    updated_at: created,
  };
}

export async function seedMoney(trx: Db, engine: Engine) {
  const created = at(-3, 9);
  const lines = DRAFTS.flatMap((draft, i) =>
    draft.lines.map(([description, quantity_milli, unit, unit_price_ore, vat_rate], position) => ({
      id: seedId("invoice_line", i * 10 + position),
      invoice_id: seedId("invoice", i),
      position,
      description,
      quantity_milli,
      unit,
      unit_price_ore,
      vat_rate,
      exempt_reference: null,
      amount_ore: lineAmountOre({ quantity_milli, unit_price_ore }),
      created_at: created,
      updated_at: created,
    })),
  );
  let invoices = 0;
  let invoiceLines = 0;
  for (const [i, { buyer }] of DRAFTS.entries()) {
    const id = seedId("invoice", i);
    const own = lines.filter((line) => line.invoice_id === id);
    // Lines go only with the invoice this run adds: one seeded before may have been edited or issued
    // since, and an issued invoice never gains a line.
    if ((await insertAll(trx, engine, "invoices", [seededInvoice(id, buyer, own, created)])) === 0) continue;
    invoices += 1;
    invoiceLines += await insertAll(trx, engine, "invoice_lines", own);
  }
  return { invoices, invoiceLines };
}
