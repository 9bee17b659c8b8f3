import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/**
 * A sample statement's header row, read as an import reads it, so staff build a source's mapping from the
 * columns the file really has: text in either encoding and any delimiter, or a workbook.
 */

let ctx: TestContext;
const tokens = { staff: "", member: "" };
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", "royalties", name));

const send = (file: Buffer | null, name = "sample.csv", who: keyof typeof tokens = "staff") => {
  const req = request(ctx.app)
    .post("/api/royalties/statement-header")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${tokens[who]}`);
  return file === null ? req.field("note", "no file") : req.attach("file", file, name);
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  tokens.staff = await ctx.userToken({ role: "staff" });
  tokens.member = await ctx.userToken({ role: null });
});
afterAll(() => ctx.close());

describe("POST /api/royalties/statement-header", () => {
  it("reads a tab-separated export's columns in order", async () => {
    const res = await send(fixture("distrokid.tsv"), "distrokid.tsv");
    expect(res.status, res.text).toBe(200);
    expect(res.body.format).toEqual({ kind: "delimited", encoding: "utf-8", delimiter: "\t" });
    expect(res.body.header.slice(0, 6)).toEqual([
      "Reporting Date",
      "Sale Month",
      "Store",
      "Artist",
      "Title",
      "ISRC",
    ]);
  });

  it("reads an ISO-8859-1 file with semicolons, its å ä ö intact", async () => {
    const latin1 = Buffer.from("Verk;Låttitel;Belopp (kr)\r\n123;Änglar;12,50\r\n", "latin1");
    const res = await send(latin1);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      header: ["Verk", "Låttitel", "Belopp (kr)"],
      format: { kind: "delimited", encoding: "iso-8859-1", delimiter: ";" },
    });
  });

  it("reads a workbook's first row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Royalties");
    sheet.addRow(["Period", "Work number", "Title", "Amount SEK"]);
    sheet.addRow(["2026-03", "W1", "Midnattsljus", 12.5]);
    const res = await send(Buffer.from(await workbook.xlsx.writeBuffer()), "stim.xlsx");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      header: ["Period", "Work number", "Title", "Amount SEK"],
      format: { kind: "xlsx" },
    });
  });

  it("refuses an empty file, no file, and anyone who is not staff", async () => {
    const empty = await send(Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/empty/);
    expect((await send(null)).status).toBe(400);
    expect((await send(fixture("distrokid.tsv"), "d.tsv", "member")).status).toBe(403);
  });
});
