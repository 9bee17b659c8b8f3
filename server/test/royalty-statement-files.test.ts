import { formatOre } from "@app/contracts";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { pdfText } from "./support/document-text";
import { type ClosedStatement, royaltyApi } from "./support/royalty-api";

/**
 * A payee's statement of a closed period as files: a PDF that names the payee, the period and what is
 * payable, and a CSV whose breakdown rows add up to the statement's earnings to the öre.
 */

let ctx: TestContext;
const tokens = { staff: "", member: "" };
let statement: ClosedStatement;

const { call, created, closedSocietyPeriod, signedSplitSheet } = royaltyApi(() => ctx, tokens);
const file = (path: string, who: keyof typeof tokens = "staff") =>
  call("get", path, undefined, who)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });
const kr = (ore: number) => formatOre(ore).replace(/\u00a0/g, " ");

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  tokens.staff = await ctx.userToken({ role: "staff" });
  tokens.member = await ctx.userToken({ role: null });
  const contact = await created("crm_contacts", { first_name: "Åsa", last_name: "Öberg" });
  await created("royalty_payees", {
    name: "Åsa Öberg",
    contact_id: contact,
    publisher_fee_bp: 2000,
    vat_registered: true,
    vat_number: "SE811218987601",
  });
  const work = await created("works", { title: "Midnattsljus", iswc: "T1234567894" });
  await created("work_writers", {
    work_id: work,
    contact_id: contact,
    role: "CA",
    controlled: true,
    manuscript_share_bp: 10000,
    ipi_name_number: "00000000199",
    society_code: "079",
  });
  await signedSplitSheet(work, [{ legal_name: "Åsa Öberg", share_percent: 100, ipi: "00000000199" }]);
  // A name that a spreadsheet would run as a formula.
  const statements = await closedSocietyPeriod("+STIM export");
  expect(statements).toHaveLength(1);
  statement = statements[0] as ClosedStatement;
  expect(statement.payable_ore).toBeGreaterThan(0);
});
afterAll(() => ctx.close());

describe("GET /api/royalties/statements/:id/pdf", () => {
  it("answers the statement as a PDF naming the payee, the period and what is payable", async () => {
    const res = await file(`/api/royalties/statements/${statement.id}/pdf`);
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/pdf/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="Royalty-statement-Asa-Oberg-2021-H1.pdf"',
    );
    const text = (await pdfText(res.body as Buffer)).text.replace(/\u00a0/g, " ");
    expect(text).toContain("Åsa Öberg");
    expect(text).toContain("2021 H1 (2021-01-01 – 2021-06-30)");
    expect(text).toMatch(new RegExp(`Payable\\s+${kr(statement.payable_ore)}`));
    expect(text).toContain("Midnattsljus");
    expect(text).toContain(String(statement.self_billing_number));
  });

  it("is the payee's self-billing invoice: seller and buyer with VAT numbers, 6 % VAT and the total", async () => {
    const res = await file(`/api/royalties/statements/${statement.id}/pdf`);
    const text = (await pdfText(res.body as Buffer)).text.replace(/\u00a0/g, " ");
    const vat = Math.round((statement.payable_ore * 6) / 100);
    expect(statement.vat_ore).toBe(vat);
    expect(statement).toMatchObject({ seller_name: "Åsa Öberg", seller_vat_number: "SE811218987601" });
    expect(text).toContain("Självfakturering");
    expect(text).toContain("Åsa Öberg, VAT number SE811218987601");
    expect(text).toMatch(/VAT rate\s+6 %/);
    expect(text).toMatch(new RegExp(`Total to pay\\s+${kr(statement.payable_ore + vat)}`));
  });
});

describe("GET /api/royalties/statements/:id/csv", () => {
  it("answers a row per breakdown entry that adds up to the earnings, in öre and kronor", async () => {
    const res = await file(`/api/royalties/statements/${statement.id}/csv`);
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="Royalty-statement-Asa-Oberg-2021-H1.csv"',
    );
    const rows = parse(res.body as Buffer, { columns: true }) as Record<string, string>[];
    for (const section of ["source", "work_or_recording", "right"]) {
      const entries = rows.filter((r) => r.section === section);
      expect(entries.length, section).toBeGreaterThan(0);
      const total = (column: string) => entries.reduce((sum, r) => sum + Number(r[column]), 0);
      expect(total("gross_ore"), section).toBe(statement.earnings_ore);
      expect(total("fee_ore"), section).toBe(statement.fee_ore);
      expect(total("net_ore"), section).toBe(statement.earnings_ore - statement.fee_ore);
      for (const r of entries) expect(Math.round(Number(r.gross_sek) * 100)).toBe(Number(r.gross_ore));
    }
    expect(rows.find((r) => r.section === "source")?.item).toBe("'+STIM export");
    expect(rows.find((r) => r.section === "work_or_recording")?.item).toBe("Midnattsljus");
    const withVat = rows.find((r) => r.section === "summary" && r.item === "Payable incl. VAT");
    expect(withVat?.net_ore).toBe(String(statement.payable_ore + statement.vat_ore));
    const payable = rows.find((r) => r.section === "summary" && r.item === "Payable");
    expect(payable).toMatchObject({
      net_ore: String(statement.payable_ore),
      net_sek: (statement.payable_ore / 100).toFixed(2),
    });
  });
});

describe("a statement file that cannot be given", () => {
  it("is a 404 for an unknown statement, a 400 for an id that is not one, and staff only", async () => {
    for (const kind of ["pdf", "csv"]) {
      const unknown = await call("get", `/api/royalties/statements/${crypto.randomUUID()}/${kind}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe("not_found");
      const malformed = await call("get", `/api/royalties/statements/not-a-uuid/${kind}`);
      expect(malformed.status).toBe(400);
      const member = await call(
        "get",
        `/api/royalties/statements/${statement.id}/${kind}`,
        undefined,
        "member",
      );
      expect(member.status).toBe(403);
    }
  });
});
