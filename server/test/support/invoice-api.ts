import request from "supertest";
import { expect } from "vitest";
import type { TestContext } from "../helpers";
import { SELLER } from "./seller";

/** A buyer with every field a domestic invoice must show. */
export const BUYER = {
  buyer_name: "Kund AB",
  buyer_street_address: "Storgatan 2",
  buyer_postal_code: "111 22",
  buyer_city: "Stockholm",
  delivery_date: "2026-11-20",
};

export type InvoiceRole = "staff" | "admin" | "member";
type Method = "get" | "post" | "patch" | "delete";

/**
 * The data API as the invoice tests call it: a staff, an administrator and a signed-in non-staff user,
 * and the company settings saved, since no invoice is issued without them. `tokens` is theirs to
 * replace once the test clock has outlived a token.
 */
export async function invoiceApi(ctx: TestContext, seller: object = SELLER) {
  const [staff, admin, member] = await Promise.all([
    ctx.userToken({ role: "staff" }),
    ctx.userToken({ role: "admin" }),
    ctx.userToken({ role: null }),
  ]);
  const tokens: Record<InvoiceRole, string> = { staff, admin, member };
  const call = (role: InvoiceRole | "anon", method: Method, path: string, body?: object) => {
    let req = request(ctx.app)
      [method](path)
      .set("apikey", ctx.anonKey)
      .set("Prefer", "return=representation");
    if (role !== "anon") req = req.set("Authorization", `Bearer ${tokens[role]}`);
    return body === undefined ? req : req.send(body);
  };
  const rpc = (name: string, body: object, role: InvoiceRole | "anon" = "staff") =>
    call(role, "post", `/rest/v1/rpc/${name}`, body);
  /** A draft with its lines (none when the list is empty); answers its id. */
  const draft = async (fields: object, lines: object[]): Promise<string> => {
    const res = await call("staff", "post", "/rest/v1/invoices", fields);
    expect(res.status, res.text).toBe(201);
    const id = res.body[0].id as string;
    if (lines.length > 0) {
      const added = await call(
        "staff",
        "post",
        "/rest/v1/invoice_lines",
        lines.map((line, position) => ({ ...line, position, invoice_id: id })),
      );
      expect(added.status, added.text).toBe(201);
    }
    return id;
  };
  const saved = await call("admin", "post", "/rest/v1/company_settings", seller);
  expect(saved.status, saved.text).toBe(201);
  /** Rows as stored, to show that a refused write left them as they were. */
  const stored = {
    invoice: (id: string) =>
      ctx.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    lines: (id: string) =>
      ctx.db
        .selectFrom("invoice_lines")
        .selectAll()
        .where("invoice_id", "=", id)
        .orderBy("position")
        .orderBy("id")
        .execute(),
  };
  return { tokens, call, rpc, draft, stored };
}
