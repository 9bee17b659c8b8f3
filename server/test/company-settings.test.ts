import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { SELLER } from "./support/seller";

/** The business's own details: one row, read by staff, written by administrators only. */

let ctx: TestContext;
let tokens: Record<"staff" | "admin", string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const [staff, admin] = await Promise.all([
    ctx.userToken({ role: "staff" }),
    ctx.userToken({ role: "admin" }),
  ]);
  tokens = { staff, admin };
});
afterAll(() => ctx.close());

const PATH = "/rest/v1/company_settings";
const as = (role: "staff" | "admin", req: request.Test) =>
  req
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${tokens[role]}`)
    .set("Prefer", "return=representation");
const insert = (role: "staff" | "admin", body: object) => as(role, request(ctx.app).post(PATH)).send(body);
const update = (role: "staff" | "admin", body: object) =>
  as(role, request(ctx.app).patch(`${PATH}?id=not.is.null`)).send(body);

const stored = () => ctx.db.selectFrom("company_settings").selectAll().execute();

describe("company_settings", () => {
  it.each([
    ["org_number", { org_number: "556047-3522" }, "22P02"],
    ["vat_number", { vat_number: "SE556047352201" }, "22P02"],
    ["vat_number", { vat_number: "SE556047352102" }, "22P02"],
    ["bankgiro", { bankgiro: "160-9909" }, "22P02"],
    ["bankgiro", { bankgiro: "1609908" }, "22P02"],
    // Both valid on their own, but the VAT number is another company's.
    ["vat_number", { vat_number: "SE556016068001" }, "23514"],
  ])("refuses a wrong %s with a 400 naming it, and writes nothing", async (column, change, code) => {
    const res = await insert("admin", { ...SELLER, ...change });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(code);
    expect(`${res.body.message} ${res.body.details}`).toContain(column);
    expect(await stored()).toEqual([]);
  });

  it("refuses staff who are not administrators any write, as PostgREST refuses a missing grant", async () => {
    const res = await insert("staff", SELLER);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: "42501",
      message: "permission denied for table company_settings",
    });
    expect(await stored()).toEqual([]);
  });

  it("lets an administrator write the row, with the declared defaults, and staff read it", async () => {
    const res = await insert("admin", SELLER);
    expect(res.status, res.text).toBe(201);
    expect(res.body[0]).toMatchObject({
      ...SELLER,
      country: "SE",
      f_skatt: false,
      default_payment_terms_days: 30,
      plusgiro: null,
      late_interest_text: null,
      // The SIE export's accounts start as the BAS chart's.
      sie_account_sales_25: "3041",
      sie_account_sales_6: "3043",
      sie_account_sales_reverse_charge: "3308",
      sie_account_output_vat_25: "2611",
      sie_account_receivables: "1510",
      sie_account_bank: "1930",
      sie_account_rounding: "3740",
    });
    const read = await as("staff", request(ctx.app).get(PATH));
    expect(read.status).toBe(200);
    expect(read.body).toEqual([res.body[0]]);
  });

  it("refuses a second row: there is one seller", async () => {
    const res = await insert("admin", { ...SELLER, name: "Another AB" });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe("23505");
    expect((await stored()).map((row) => row.name)).toEqual([SELLER.name]);
  });

  it("lets an administrator change it, and staff not", async () => {
    const refused = await update("staff", { f_skatt: true });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("42501");
    const res = await update("admin", { f_skatt: true, default_payment_terms_days: 20 });
    expect(res.status, res.text).toBe(200);
    expect(res.body[0]).toMatchObject({ f_skatt: true, default_payment_terms_days: 20 });
  });

  it("refuses a new organisation number that leaves the VAT number another company's, and keeps the row", async () => {
    const before = await stored();
    const res = await update("admin", { org_number: "556016-0680" });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: "23514", details: expect.stringContaining("vat_number") });
    expect(await stored()).toEqual(before);
    const moved = await update("admin", { org_number: "556016-0680", vat_number: "SE556016068001" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body[0]).toMatchObject({ org_number: "556016-0680", vat_number: "SE556016068001" });
  });

  it("refuses a wrong Bankgiro check digit on a change, and writes nothing", async () => {
    const before = await stored();
    const res = await update("admin", { bankgiro: "160-9907" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("bankgiro");
    expect(await stored()).toEqual(before);
  });

  it("lets an administrator map the SIE accounts, refusing one that is not four digits", async () => {
    const before = await stored();
    const res = await update("admin", { sie_account_sales_25: "30410" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "22P02",
      message: expect.stringContaining("sie_account_sales_25"),
    });
    expect(await stored()).toEqual(before);
    const mapped = await update("admin", { sie_account_sales_25: "3001", sie_account_bank: "1920" });
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.body[0]).toMatchObject({ sie_account_sales_25: "3001", sie_account_bank: "1920" });
  });
});
