// The invoice issue benchmark's set-up and check: company settings saved by an administrator (no invoice
// is issued without a seller), drafts made in bulk through the data API in a series of their own, and,
// after the run, the series' numbers read straight from the database: 1…n, none taken twice, none skipped.
import pg from "pg";
import { SQLite } from "../../src/db/engine/sqlite-driver.mjs";

/** A seller with every field an invoice must show (its VAT number is its organisation number's). */
const SELLER_ADDRESS = { street_address: "Götgatan 9", postal_code: "116 46", city: "Stockholm" };
const SELLER_CONTACT = {
  email: "bench@example.se",
  phone: "08-765 432 10",
  website: "https://bench.example.se/",
};
const SELLER = {
  name: "Bench Songwriters AB",
  org_number: "556047-3521",
  vat_number: "SE556047352101",
  bankgiro: "160-9908",
  ...SELLER_ADDRESS,
  ...SELLER_CONTACT,
};
const BUYER = {
  buyer_name: "Kund AB",
  buyer_street_address: "Storgatan 2",
  buyer_postal_code: "111 22",
  buyer_city: "Stockholm",
  delivery_date: "2026-11-20",
};
/** The data API's most rows per write of invoices (their maxRows). */
const BATCH = 200;

async function post(base, headers, path, body) {
  const res = await fetch(`${base}/rest/v1/${path}`, {
    method: "POST",
    headers: { ...headers, prefer: "return=representation" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export const saveSeller = (base, adminHeaders) => post(base, adminHeaders, "company_settings", SELLER);

/** `n` drafts of one line each in `series`; answers their ids in the order made. */
export async function makeDrafts(base, headers, series, n) {
  const ids = [];
  for (let from = 0; from < n; from += BATCH) {
    const count = Math.min(BATCH, n - from);
    const rows = await post(
      base,
      headers,
      "invoices?select=id",
      Array.from({ length: count }, () => ({ ...BUYER, series })),
    );
    const made = rows.map((row) => row.id);
    await post(
      base,
      headers,
      "invoice_lines?select=id",
      made.map((invoice_id, i) => ({
        invoice_id,
        description: "Mix, per hour",
        quantity_milli: 1000 + ((from + i) % 7) * 500,
        unit: "h",
        unit_price_ore: 95_050,
        vat_rate: 25,
      })),
    );
    ids.push(...made);
  }
  return ids;
}

/** The series' issued numbers: how many, the highest, and how many are repeated or missing below it. */
export async function numbering(engine, url, series) {
  const text =
    "select count(*) as issued, count(distinct number) as distinct_numbers, max(number) as last from invoices where series = ? and number is not null";
  let row;
  if (engine === "sqlite") {
    const db = new SQLite(url, { readonly: true });
    row = db.prepare(text).get(series);
    db.close();
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    row = (await client.query(text.replace("?", "$1"), [series])).rows[0];
    await client.end();
  }
  const issued = Number(row.issued);
  const distinct = Number(row.distinct_numbers);
  // Numbers start at 1, so every number up to the highest not held by some invoice is a gap.
  return { issued, repeated: issued - distinct, missing: Number(row.last ?? 0) - distinct };
}
