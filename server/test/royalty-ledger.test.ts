import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { stockholmDay } from "@app/contracts/stockholm-time";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { royaltyApi } from "./support/royalty-api";

/**
 * The royalty ledger end to end on the real server: statement files imported per source into a period
 * (all or nothing, never twice), lines matched to the catalogue and by hand with remembered aliases, and a
 * period closed into each payee's statement whose parts plus suspense are the money received, to the öre.
 */

let ctx: TestContext;
const tokens: Record<"staff" | "member", string> = { staff: "", member: "" };
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", "royalties", name));
const DISTROKID = fixture("distrokid.tsv");
const SOCIETY = fixture("society-sek.csv");

const { call, created, signedSplitSheet } = royaltyApi(() => ctx, tokens);
const upload = (
  file: Buffer,
  fields: Record<string, string>,
  name = "statement.tsv",
  who: keyof typeof tokens = "staff",
) => {
  let req = request(ctx.app)
    .post("/api/royalties/imports")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${tokens[who]}`);
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  return req.attach("file", file, name);
};
const count = async (table: "royalty_imports" | "royalty_lines" | "royalty_statements") =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const linesOf = (importId: string) =>
  ctx.db
    .selectFrom("royalty_lines")
    .selectAll()
    .where("import_id", "=", importId)
    .orderBy("row_number")
    .execute();

const ids = {} as Record<
  | "alva"
  | "nils"
  | "label"
  | "midnattsljus"
  | "angen"
  | "recMidnatt"
  | "recRain"
  | "dk"
  | "society"
  | "h1"
  | "h2",
  string
>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  tokens.staff = await ctx.userToken({ role: "staff" });
  tokens.member = await ctx.userToken({ role: null });
  const alvaContact = await created("crm_contacts", { first_name: "Alva", last_name: "Berg" });
  const nilsContact = await created("crm_contacts", { first_name: "Nils", last_name: "Ek" });
  ids.alva = await created("royalty_payees", {
    name: "Alva Berg",
    contact_id: alvaContact,
    publisher_fee_bp: 2000,
    vat_registered: true,
  });
  ids.nils = await created("royalty_payees", {
    name: "Nils Ek",
    contact_id: nilsContact,
    publisher_fee_bp: 1500,
  });
  ids.label = await created("royalty_payees", { name: "Exempel Records" });
  // Fully split: 60 / 40, both controlled.
  ids.midnattsljus = await created("works", { title: "Midnattsljus", iswc: "T1234567894" });
  for (const [contact, share] of [
    [alvaContact, 6000],
    [nilsContact, 4000],
  ] as const)
    await created("work_writers", {
      work_id: ids.midnattsljus,
      contact_id: contact,
      role: "CA",
      controlled: true,
      manuscript_share_bp: share,
      ipi_name_number: "00000000199",
      society_code: "079",
    });
  // The split both writers signed, in force long before any statement here.
  await signedSplitSheet(ids.midnattsljus, [
    { legal_name: "Alva Berg", share_percent: 60 },
    { legal_name: "Nils Ek", share_percent: 40 },
  ]);
  // No signed split sheet: its money is held.
  ids.angen = await created("works", { title: "Sånger från ängen", iswc: "T9876543214" });
  await created("work_writers", {
    work_id: ids.angen,
    contact_id: alvaContact,
    role: "CA",
    controlled: true,
    manuscript_share_bp: 5000,
    ipi_name_number: "00000000199",
    society_code: "079",
  });
  ids.recMidnatt = await created("recordings", {
    title: "Midnattsljus",
    isrc: "SEZ9Z2500001",
    upcs: ["735000000018"],
    work_id: ids.midnattsljus,
  });
  for (const [payee, share] of [
    [ids.alva, 3333],
    [ids.label, 6667],
  ] as const)
    await created("recording_payees", { recording_id: ids.recMidnatt, payee_id: payee, share_bp: share });
  // No master payees: held.
  ids.recRain = await created("recordings", { title: "Stockholm Rain", isrc: "SEZ9Z2500002" });
  ids.dk = await created("royalty_sources", {
    name: "DistroKid account",
    kind: "distributor",
    mapping_key: "distrokid_tsv",
    default_currency: "USD",
  });
  ids.society = await created("royalty_sources", {
    name: "STIM",
    kind: "society",
    mapping_key: "society_sek",
  });
  ids.h1 = await created("royalty_periods", {
    name: "2020 H1",
    starts_on: "2020-01-01",
    ends_on: "2020-06-30",
  });
  ids.h2 = await created("royalty_periods", {
    name: "2020 H2",
    starts_on: "2020-07-01",
    ends_on: "2020-12-31",
  });
});
afterAll(() => ctx.close());

let distrokidImport: string;

describe("a source's mapping", () => {
  const custom = {
    name: "Label export",
    columns: { isrc: "ISRC", title: "Track", amount: "Net" },
    default_currency: "EUR",
  };

  it("is a built-in one by key, or a custom one checked by the mapping schema", async () => {
    const missing = await call("post", "/rest/v1/royalty_sources", {
      name: "Label A",
      kind: "publisher",
      mapping_key: "custom",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("23514");
    const noAmount = await call("post", "/rest/v1/royalty_sources", {
      name: "Label A",
      kind: "publisher",
      mapping_key: "custom",
      mapping: { ...custom, columns: { isrc: "ISRC" } },
    });
    expect(noAmount.status).toBe(400);
    const both = await call("post", "/rest/v1/royalty_sources", {
      name: "Label A",
      kind: "publisher",
      mapping_key: "tunecore_csv",
      mapping: custom,
    });
    expect(both.status).toBe(400);
    const id = await created("royalty_sources", {
      name: "Label A",
      kind: "publisher",
      mapping_key: "custom",
      mapping: custom,
    });
    const file = Buffer.from('Track,ISRC,Net\nMidnattsljus,SE-Z9Z-25-00001,"1,000.50"\n');
    const res = await upload(file, { source_id: id, period_id: ids.h2, rate: "11.25" }, "label.csv");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ lines: 1, matched: 1, currency: "EUR", total_ore: 1_125_562 });
  });
});

describe("importing a statement", () => {
  it("reads the file into lines matched to the catalogue and answers the counts", async () => {
    const res = await upload(
      DISTROKID,
      { source_id: ids.dk, period_id: ids.h1, rate: "10.5" },
      "dk-2026-01.tsv",
    );
    expect(res.status, res.text).toBe(201);
    distrokidImport = res.body.id;
    const lines = await linesOf(distrokidImport);
    expect(lines).toHaveLength(7);
    expect(res.body).toMatchObject({
      file_name: "dk-2026-01.tsv",
      currency: "USD",
      rate: "10.5",
      lines: 7,
      // Midnattsljus three times and Stockholm Rain twice by ISRC; the album row and the unknown track not.
      matched: 5,
      unmatched: 2,
      total_ore: lines.reduce((sum, l) => sum + Number(l.amount_ore), 0),
    });
    expect(res.body.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    const byRow = lines.map((l) => [l.isrc, l.recording_id, l.match_method]);
    expect(byRow[0]).toEqual(["SEZ9Z2500001", ids.recMidnatt, "isrc"]);
    expect(byRow[3]).toEqual([null, null, null]);
    // An adjustment for an earlier month keeps its own usage period and its sign.
    expect(lines[4]).toMatchObject({ usage_period: "2025-06", amount: "-0.4127" });
    expect(Number(lines[4]?.amount_ore)).toBeLessThan(0);
  });

  it("matches a work by the number a society's acknowledgement gave it", async () => {
    const work = await created("works", { title: "Vinterväg" });
    const ack = randomUUID();
    await ctx.db
      .insertInto("cwr_ack_imports")
      .values({ id: ack, society_code: "079", file_name: "CW260001079_MPB.V21", content: "ACK" })
      .execute();
    await ctx.db
      .insertInto("work_acknowledgements")
      .values({
        id: randomUUID(),
        import_id: ack,
        work_id: work,
        society_code: "079",
        status: "AS",
        society_work_id: "5550001",
        processed_on: "2026-03-01",
      })
      .execute();
    const period = await created("royalty_periods", {
      name: "Acknowledged",
      starts_on: "2019-01-01",
      ends_on: "2019-06-30",
    });
    const header = SOCIETY.toString("latin1").split("\n")[0];
    const line = "2026-1;110;Radio;5550001;;Vintervägen (radio edit);;P4;SE;PR;2025-09;100,00;SEK;100,00;";
    const res = await upload(
      Buffer.from(`${header}\n${line}\n`, "latin1"),
      { source_id: ids.society, period_id: period },
      "acknowledged.csv",
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ lines: 1, matched: 1 });
    const [matched] = await linesOf(res.body.id);
    expect(matched).toMatchObject({ work_id: work, match_method: "work_number" });
  });

  it("refuses the same file again (409) and writes nothing", async () => {
    const [imports, lines] = [await count("royalty_imports"), await count("royalty_lines")];
    const res = await upload(
      DISTROKID,
      { source_id: ids.dk, period_id: ids.h1, rate: "10.5" },
      "renamed.tsv",
    );
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe("royalty_file_imported");
    expect(res.body.message).toMatch(/imported already/);
    expect([await count("royalty_imports"), await count("royalty_lines")]).toEqual([imports, lines]);
  });

  it("refuses a file with a bad row in the middle (4xx) and leaves nothing of it", async () => {
    const rows = DISTROKID.toString("utf8").split("\n");
    rows[4] = (rows[4] as string).replace(/\t[-\d.]+$/, "\tfour dollars");
    const [imports, lines] = [await count("royalty_imports"), await count("royalty_lines")];
    const res = await upload(Buffer.from(rows.join("\n")), {
      source_id: ids.dk,
      period_id: ids.h1,
      rate: "10.5",
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toMatch(/row 5/);
    expect([await count("royalty_imports"), await count("royalty_lines")]).toEqual([imports, lines]);
    expect(readdirSync(join(ctx.config.STORAGE_DIR, "tmp"))).toEqual([]);
  });

  it("goes into the open period holding the import day when none is named, and needs one (422)", async () => {
    const file = Buffer.from(
      `${DISTROKID.toString("utf8").split("\n")[0]}\n2026-02-15\t2026-01\tTidal\tNordvind Kollektiv\tMidnattsljus\tSEZ9Z2500001\t735000000018\t3\t100\tSong\tSE\t0\t0.01\n`,
    );
    const none = await upload(file, { source_id: ids.dk, rate: "10.5" });
    expect(none.status, none.text).toBe(422);
    expect(none.body.code).toBe("royalty_period_needed");
    const today = stockholmDay(ctx.clock.now());
    const current = await created("royalty_periods", { name: "Today", starts_on: today, ends_on: today });
    const res = await upload(file, { source_id: ids.dk, rate: "10.5" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ period_id: current, lines: 1, matched: 1 });
  });

  it("is for staff only, and a source that does not exist is a 404", async () => {
    const denied = await upload(DISTROKID, { source_id: ids.dk, period_id: ids.h1 }, "x.tsv", "member");
    expect(denied.status).toBe(403);
    const missing = await upload(Buffer.from("x"), {
      source_id: "00000000-0000-4000-8000-000000000000",
      period_id: ids.h1,
    });
    expect(missing.status).toBe(404);
  });
});

describe("matching by hand", () => {
  it("with remember matches the source's like lines and the next import of another file by itself", async () => {
    const unknown = (await linesOf(distrokidImport)).find((l) => l.isrc === "QZZZZ2500999");
    const res = await call("post", "/rest/v1/rpc/match_royalty_line", {
      line_id: unknown?.id,
      recording_id: ids.recRain,
      remember: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      matched: 1,
      alias: { identifier_kind: "isrc", identifier: "QZZZZ2500999" },
    });
    expect((await linesOf(distrokidImport)).find((l) => l.id === unknown?.id)).toMatchObject({
      recording_id: ids.recRain,
      match_method: "manual",
    });

    const next = Buffer.from(
      `${DISTROKID.toString("utf8").split("\n")[0]}\n2026-02-15\t2026-01\tDeezer\tOkänd Artist\tUnknown Track\tQZ-ZZZ-25-00999\t735000000025\t12\t100\tSong\tFR\t0\t0.05\n`,
    );
    const imported = await upload(
      next,
      { source_id: ids.dk, period_id: ids.h1, rate: "10.5" },
      "dk-2026-02.tsv",
    );
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body).toMatchObject({ lines: 1, matched: 1, unmatched: 0 });
    expect((await linesOf(imported.body.id))[0]).toMatchObject({
      recording_id: ids.recRain,
      match_method: "alias",
    });
  });

  it("names one target, and a work that does not exist is refused", async () => {
    const line = (await linesOf(distrokidImport))[3];
    const both = await call("post", "/rest/v1/rpc/match_royalty_line", {
      line_id: line?.id,
      work_id: ids.angen,
      recording_id: ids.recRain,
    });
    expect(both.status).toBe(400);
    const missing = await call("post", "/rest/v1/rpc/match_royalty_line", {
      line_id: line?.id,
      work_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status, missing.text).toBe(409);
    expect(missing.body.code).toBe("23503");
  });
});

describe("closing a period", () => {
  let closed: request.Response;

  it("matches a society statement by ISWC, then closes into statements that add up to the money in", async () => {
    const society = await upload(SOCIETY, { source_id: ids.society, period_id: ids.h1 }, "stim-2026-1.csv");
    expect(society.status, society.text).toBe(201);
    expect(society.body).toMatchObject({ lines: 6, matched: 5, unmatched: 1, currency: "XXX" });
    const preview = await call("post", "/rest/v1/rpc/preview_royalty_period", { period_id: ids.h1 });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.period.status).toBe("previewed");
    expect(await count("royalty_statements")).toBe(0);

    // Alva is VAT-registered: her statement is a self-billing invoice, which must name her VAT number.
    const unnamed = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.h1 });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.details).toContain("Alva Berg");
    expect(await count("royalty_statements")).toBe(0);
    const vat = await call("patch", `/rest/v1/royalty_payees?id=eq.${ids.alva}`, {
      vat_number: "SE811218987601",
    });
    expect(vat.status, vat.text).toBe(200);

    closed = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.h1 });
    expect(closed.status, closed.text).toBe(200);
    const { period, statements, suspense, received_ore } = closed.body;
    const imports = await ctx.db
      .selectFrom("royalty_imports")
      .select("total_ore")
      .where("period_id", "=", ids.h1)
      .execute();
    expect(received_ore).toBe(imports.reduce((sum, i) => sum + Number(i.total_ore), 0));
    expect(period).toMatchObject({ status: "closed", received_ore, suspense_ore: suspense.total_ore });
    const earned = statements.reduce((sum: number, s: { earnings_ore: number }) => sum + s.earnings_ore, 0);
    expect(earned + suspense.total_ore).toBe(received_ore);
    // The album row and the unknown society work are unmatched; Sånger från ängen (half split) is held.
    expect(suspense.unmatched_lines).toBe(2);
    expect(suspense.held.map((h: { work_id: string | null }) => h.work_id)).toContain(ids.angen);
    expect(statements.map((s: { payee_id: string }) => s.payee_id).sort()).toEqual(
      [ids.alva, ids.nils, ids.label].sort(),
    );
    for (const s of statements) {
      expect(s.closing_balance_ore).toBe(
        s.opening_balance_ore +
          s.earnings_ore -
          s.fee_ore -
          s.reserve_held_ore +
          s.reserve_released_ore -
          s.recouped_ore,
      );
      expect(s.payable_ore + s.carried_forward_ore).toBe(s.closing_balance_ore);
      const byItem = s.breakdown.by_item.reduce(
        (sum: number, b: { gross_ore: number }) => sum + b.gross_ore,
        0,
      );
      expect(byItem).toBe(s.earnings_ore);
    }
    const alva = statements.find((s: { payee_id: string }) => s.payee_id === ids.alva);
    expect(alva.fee_ore).toBeGreaterThan(0);
    expect(alva).toMatchObject({
      self_billing_number: "SB-0001",
      seller_name: "Alva Berg",
      seller_vat_number: "SE811218987601",
      vat_ore: Math.round((alva.payable_ore * 6) / 100),
    });
    // Only a VAT-registered payee is invoiced, and pays no VAT otherwise.
    const nils = statements.find((s: { payee_id: string }) => s.payee_id === ids.nils);
    expect(nils).toMatchObject({ self_billing_number: null, vat_ore: 0 });
    expect(await count("royalty_statements")).toBe(3);
  });

  it("again answers the same statements and writes nothing", async () => {
    const again = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.h1 });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(closed.body);
    expect(await count("royalty_statements")).toBe(3);
  });

  it("freezes the period: no edit, no match, no import into it", async () => {
    const edit = await call("patch", `/rest/v1/royalty_periods?id=eq.${ids.h1}`, { name: "Changed" });
    expect(edit.status).toBe(409);
    const line = (await linesOf(distrokidImport))[3];
    const match = await call("post", "/rest/v1/rpc/match_royalty_line", {
      line_id: line?.id,
      recording_id: ids.recRain,
    });
    expect(match.status).toBe(409);
    expect(match.body.code).toBe("55000");
    expect((await linesOf(distrokidImport))[3]?.recording_id).toBeNull();
    const tunecore = await upload(fixture("tunecore.csv"), { source_id: ids.dk, period_id: ids.h1 });
    expect(tunecore.status).toBe(409);
  });

  it("carries a payee's balance into the next period", async () => {
    const next = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.h2 });
    expect(next.status, next.text).toBe(200);
    // 1 000,50 EUR at 11,25: 11 255,625 kr, the half öre rounded to even.
    expect(next.body.received_ore).toBe(1_125_562);
    for (const s of next.body.statements) {
      const before = closed.body.statements.find((p: { payee_id: string }) => p.payee_id === s.payee_id);
      expect(s.opening_balance_ore).toBe(before.carried_forward_ore);
    }
  });

  it("is staff only", async () => {
    const res = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.h2 }, "member");
    expect(res.status).toBe(403);
  });
});
