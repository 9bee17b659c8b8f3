import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { royaltyApi } from "./support/royalty-api";

/**
 * A work's money follows the split sheet every writer signed, and only that: an unsigned, incomplete or
 * other document is never linked, a work without one is held, and a new sheet takes over from its day
 * without reaching back into money earned before it.
 */

let ctx: TestContext;
const tokens = { staff: "" };
const { call, created, signedSplitSheet } = royaltyApi(() => ctx, tokens);
const ids = {} as Record<"work" | "alva" | "nils" | "source" | "period", string>;

const HEADER =
  "Utbetalningsperiod;Verknummer;ISWC;Originaltitel;Källa;Land;Rättighet;Nyttjandeperiod;Valuta;Belopp;Kurs";
const statement = (lines: [usage: string, amount: string][]) =>
  Buffer.from(
    [
      HEADER,
      ...lines.map(
        ([usage, amount]) => `2026-1;1;T-123.456.789-4;Midnattsljus;Radio;SE;PR;${usage};SEK;${amount};`,
      ),
    ].join("\r\n"),
    "utf8",
  );

const linkCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom("work_split_sheets")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  tokens.staff = await ctx.userToken({ role: "staff" });
  ids.work = await created("works", { title: "Midnattsljus", iswc: "T1234567894" });
  for (const [key, first, last] of [
    ["alva", "Alva", "Berg"],
    ["nils", "Nils", "Ek"],
  ] as const) {
    const contact = await created("crm_contacts", { first_name: first, last_name: last });
    ids[key] = await created("royalty_payees", {
      name: `${first} ${last}`,
      contact_id: contact,
      publisher_fee_bp: 0,
    });
    await created("work_writers", {
      work_id: ids.work,
      contact_id: contact,
      role: "CA",
      controlled: true,
      manuscript_share_bp: 5000,
      ipi_name_number: "00000000199",
      society_code: "079",
    });
  }
  ids.source = await created("royalty_sources", {
    name: "STIM",
    kind: "society",
    mapping_key: "society_sek",
  });
  ids.period = await created("royalty_periods", {
    name: "2026 H1",
    starts_on: "2026-01-01",
    ends_on: "2026-06-30",
  });
});
afterAll(() => ctx.close());

describe("linking a split sheet to a work", () => {
  it("refuses a sheet not every writer signed, one that is no split sheet, and one short of 100 %", async () => {
    const unsigned = await signedSplitSheet(ids.work, [{ legal_name: "Alva Berg", share_percent: 100 }], {
      status: "partially_signed",
    });
    const short = await signedSplitSheet(ids.work, [{ legal_name: "Alva Berg", share_percent: 90 }], {
      status: "draft",
    });
    // A fully signed document whose writers miss 10 %: made signed in place, as no signing would allow.
    await ctx.db
      .updateTable("legal_documents")
      .set({ status: "fully_signed" })
      .where("id", "=", short)
      .execute();
    const nda = await ctx.db
      .selectFrom("legal_documents")
      .select("template_id")
      .where("id", "=", unsigned)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable("legal_templates")
      .set({ category: "NDA" })
      .where("id", "=", nda.template_id)
      .execute();
    const ndaDoc = await signedSplitSheet(ids.work, [{ legal_name: "Alva Berg", share_percent: 100 }], {
      status: "draft",
    });
    await ctx.db
      .updateTable("legal_documents")
      .set({ status: "fully_signed", template_id: nda.template_id })
      .where("id", "=", ndaDoc)
      .execute();
    await ctx.db
      .updateTable("legal_templates")
      .set({ category: "Split Sheet" })
      .where("id", "=", nda.template_id)
      .execute();
    const link = (documentId: string) =>
      call("post", "/rest/v1/work_split_sheets", {
        work_id: ids.work,
        legal_document_id: documentId,
        effective_from: "2016-01-01",
      });
    const partly = await link(unsigned);
    expect(partly.status).toBe(400);
    expect(partly.body).toMatchObject({ code: "23514" });
    expect(partly.body.details).toMatch(/not fully signed \(it is partially signed\)/);
    const missing = await link(short);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatch(/add up to 90 %, not 100 %/);
    await ctx.db
      .updateTable("legal_templates")
      .set({ category: "NDA" })
      .where("id", "=", nda.template_id)
      .execute();
    const other = await link(ndaDoc);
    expect(other.status).toBe(400);
    expect(other.body.details).toMatch(/is a NDA, not a split sheet/);
    expect(await linkCount()).toBe(0);
  });

  it("holds the money of a work with no signed sheet, and pays by the sheet in force on each line's month", async () => {
    const upload = (file: Buffer, name: string) =>
      request(ctx.app)
        .post("/api/royalties/imports")
        .set("apikey", ctx.anonKey)
        .set("Authorization", `Bearer ${tokens.staff}`)
        .field("source_id", ids.source)
        .field("period_id", ids.period)
        .attach("file", file, name);
    const imported = await upload(
      statement([
        ["2026-02", "100,00"],
        ["2026-03", "100,00"],
        ["2026-04-15", "0,01"],
      ]),
      "stim.csv",
    );
    expect(imported.status, imported.text).toBe(201);
    const before = await call("post", "/rest/v1/rpc/preview_royalty_period", { period_id: ids.period });
    expect(before.status, before.text).toBe(200);
    expect(before.body.statements).toHaveLength(0);
    expect(before.body.suspense.held[0]).toMatchObject({
      work_id: ids.work,
      amount_ore: 20_001,
      reason: "The work has no fully signed split sheet",
    });

    // Signed 50/50 from the start; re-signed 70/30 from March: February stays 50/50.
    await signedSplitSheet(ids.work, [
      { legal_name: "Alva Berg", share_percent: 50 },
      { legal_name: "Nils Ek", share_percent: 50 },
    ]);
    await signedSplitSheet(
      ids.work,
      [
        { legal_name: "Alva Berg", share_percent: 70 },
        { legal_name: "Nils  ek", share_percent: 30 },
      ],
      { from: "2026-03-01" },
    );
    const closed = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.period });
    expect(closed.status, closed.text).toBe(200);
    const earned = (payee: string) =>
      closed.body.statements.find((s: { payee_id: string }) => s.payee_id === payee)?.earnings_ore;
    // 5 000 + 7 000 + (1 öre at 70/30: Alva's largest remainder) and 5 000 + 3 000.
    expect(earned(ids.alva)).toBe(12_001);
    expect(earned(ids.nils)).toBe(8_000);
    expect(closed.body.suspense.total_ore).toBe(0);
    expect(closed.body.received_ore).toBe(20_001);
  });

  it("keeps a closed period's statements as they were when a link changes afterwards", async () => {
    const links = await call(
      "get",
      `/rest/v1/work_split_sheets?work_id=eq.${ids.work}&order=effective_from.desc`,
    );
    const latest = links.body[0];
    const removed = await request(ctx.app)
      .delete(`/rest/v1/work_split_sheets?id=eq.${latest.id}`)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${tokens.staff}`);
    expect(removed.status).toBe(204);
    const again = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.period });
    const earned = again.body.statements.find(
      (s: { payee_id: string }) => s.payee_id === ids.alva,
    )?.earnings_ore;
    expect(earned).toBe(12_001);
  });
});
