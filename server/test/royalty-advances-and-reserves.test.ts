import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { royaltyApi } from "./support/royalty-api";

/**
 * A payee's reserve and advances through closed periods on the real server: a reserve held in one period
 * is released the payee's `reserve_periods` later; an advance is recouped from earnings before anything
 * is paid; each advance is counted by exactly one period (one dated inside a closed period by the next),
 * and once counted it never changes.
 */

let ctx: TestContext;
const tokens = { staff: "", member: "" };
const { call, created } = royaltyApi(() => ctx, tokens);

const ids = {} as Record<"reserved" | "advanced" | "source" | "p0" | "p1" | "p2", string>;
const MERGE = "resolution=merge-duplicates,return=representation";

type Statement = { payee_id: string; earnings_ore: number; advances_ore: number };
type Report = { received_ore: number; statements: Statement[]; suspense: { total_ore: number } };

/** Each period's file: 1 000 kr for the reserved payee's recording, 600 kr for the advanced one's, 5 kr unmatched. */
async function importInto(periodId: string, name: string) {
  const file = Buffer.from(
    `ISRC,Net,Period\nSEZ9Z2600001,1000,${name}\nSEZ9Z2600002,600,${name}\nSEZ9Z2699999,5,${name}\n`,
  );
  const res = await request(ctx.app)
    .post("/api/royalties/imports")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${tokens.staff}`)
    .field("source_id", ids.source)
    .field("period_id", periodId)
    .attach("file", file, `${name}.csv`);
  expect(res.status, res.text).toBe(201);
  expect(res.body.total_ore).toBe(160_500);
}

async function close(periodId: string): Promise<Report> {
  const res = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: periodId });
  expect(res.status, res.text).toBe(200);
  const report: Report = res.body;
  // Every öre received is some payee's earnings or in suspense.
  const earned = report.statements.reduce((sum, s) => sum + s.earnings_ore, 0);
  expect(earned + report.suspense.total_ore).toBe(report.received_ore);
  expect(report.received_ore).toBe(160_500);
  return report;
}

const statementOf = (report: Report, payeeId: string) => {
  const found = report.statements.find((s) => s.payee_id === payeeId);
  if (!found) throw new Error(`no statement of ${payeeId}`);
  return found;
};

const advances = () => ctx.db.selectFrom("royalty_advances").selectAll().orderBy("id").execute();

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  tokens.staff = await ctx.userToken({ role: "staff" });
  tokens.member = await ctx.userToken({ role: null });
  ids.reserved = await created("royalty_payees", {
    name: "Reserv Records",
    reserve_bp: 1000,
    reserve_periods: 2,
  });
  ids.advanced = await created("royalty_payees", { name: "Förskott Förlag" });
  for (const [isrc, payee] of [
    ["SEZ9Z2600001", ids.reserved],
    ["SEZ9Z2600002", ids.advanced],
  ] as const) {
    const recording = await created("recordings", { title: `Spår ${isrc}`, isrc });
    await created("recording_payees", { recording_id: recording, payee_id: payee, share_bp: 10_000 });
  }
  ids.source = await created("royalty_sources", {
    name: "Label export",
    kind: "distributor",
    mapping_key: "custom",
    mapping: { name: "Label export", columns: { isrc: "ISRC", amount: "Net" }, default_currency: "SEK" },
  });
  for (const [key, name, starts_on, ends_on] of [
    ["p0", "2021 H1", "2021-01-01", "2021-06-30"],
    ["p1", "2021 H2", "2021-07-01", "2021-12-31"],
    ["p2", "2022 H1", "2022-01-01", "2022-06-30"],
  ] as const) {
    ids[key] = await created("royalty_periods", { name, starts_on, ends_on });
    await importInto(ids[key], name);
  }
});
afterAll(() => ctx.close());

describe("a payee's reserve terms", () => {
  it("default to no reserve, released two periods later, and refuse what is out of range", async () => {
    const row = (await call("get", `/rest/v1/royalty_payees?id=eq.${ids.advanced}`)).body[0];
    expect(row).toMatchObject({ reserve_bp: 0, reserve_periods: 2 });
    for (const bad of [
      { reserve_bp: 10_001 },
      { reserve_bp: -1 },
      { reserve_periods: 0 },
      { reserve_periods: 9 },
    ]) {
      const res = await call("patch", `/rest/v1/royalty_payees?id=eq.${ids.advanced}`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call("get", `/rest/v1/royalty_payees?id=eq.${ids.advanced}`)).body[0]).toEqual(row);
  });
});

describe("advances and reserves through three periods", () => {
  let p0: Report;

  it("records advances as staff only, never with the period that counted them", async () => {
    const member = await call(
      "post",
      "/rest/v1/royalty_advances",
      { payee_id: ids.advanced, paid_on: "2021-03-01", amount_ore: 100_000 },
      "member",
    );
    expect(member.status).toBe(403);
    const stamped = await call("post", "/rest/v1/royalty_advances", {
      payee_id: ids.advanced,
      paid_on: "2021-03-01",
      amount_ore: 100_000,
      counted_in_period_id: ids.p0,
    });
    expect(stamped.status).toBeGreaterThanOrEqual(400);
    expect(stamped.status).toBeLessThan(500);
    for (const amount_ore of [0, -5, 1.5])
      expect(
        (
          await call("post", "/rest/v1/royalty_advances", {
            payee_id: ids.advanced,
            paid_on: "2021-03-01",
            amount_ore,
          })
        ).status,
      ).toBe(400);
    expect(await advances()).toEqual([]);
    // 1 000 kr paid in the first period; one paid in the third period's days is not the first's to count.
    await created("royalty_advances", { payee_id: ids.advanced, paid_on: "2021-03-01", amount_ore: 100_000 });
    await created("royalty_advances", { payee_id: ids.advanced, paid_on: "2022-02-01", amount_ore: 30_000 });
  });

  it("holds the reserve and recoups the advance in the first period: nothing payable to the advanced payee", async () => {
    p0 = await close(ids.p0);
    expect(statementOf(p0, ids.reserved)).toMatchObject({
      earnings_ore: 100_000,
      reserve_held_ore: 10_000,
      reserve_released_ore: 0,
      payable_ore: 90_000,
    });
    expect(statementOf(p0, ids.advanced)).toMatchObject({
      earnings_ore: 60_000,
      advances_ore: 100_000,
      recouped_ore: 60_000,
      unrecouped_ore: 40_000,
      payable_ore: 0,
    });
    const counted = (await advances()).map((a) => [Number(a.amount_ore), a.counted_in_period_id]);
    expect(counted.sort()).toEqual(
      [
        [100_000, ids.p0],
        [30_000, null],
      ].sort(),
    );
  });

  it("counts nothing twice when the period is closed again", async () => {
    const before = await advances();
    const again = await call("post", "/rest/v1/rpc/close_royalty_period", { period_id: ids.p0 });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(p0);
    expect(await advances()).toEqual(before);
  });

  it("freezes a counted advance: no change, upsert or delete (409), and nothing changes", async () => {
    const before = await advances();
    const counted = before.find((a) => a.counted_in_period_id === ids.p0);
    if (!counted) throw new Error("no counted advance");
    const refused = [
      await call("patch", `/rest/v1/royalty_advances?id=eq.${counted.id}`, { amount_ore: 1 }),
      await call("patch", `/rest/v1/royalty_advances?payee_id=eq.${ids.advanced}`, { note: "Bulk" }),
      await call("delete", `/rest/v1/royalty_advances?id=eq.${counted.id}`),
      await call("post", "/rest/v1/royalty_advances?on_conflict=id", [
        { id: counted.id, payee_id: ids.advanced, paid_on: "2021-03-01", amount_ore: 1 },
      ]).set("Prefer", MERGE),
    ];
    for (const res of refused) {
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe("55000");
    }
    expect(await advances()).toEqual(before);
    // Nor does it lose its payee.
    const payeeGone = await call("delete", `/rest/v1/royalty_payees?id=eq.${ids.advanced}`);
    expect(payeeGone.status, payeeGone.text).toBe(409);
    expect(await advances()).toEqual(before);
    // An advance no period has counted yet is still staff's to correct.
    const open = before.find((a) => a.counted_in_period_id === null);
    const edited = await call("patch", `/rest/v1/royalty_advances?id=eq.${open?.id}`, { note: "Avtal 2022" });
    expect(edited.status, edited.text).toBe(200);
  });

  it("counts an advance dated inside the closed period in the next one, and pays once it is covered", async () => {
    await created("royalty_advances", { payee_id: ids.advanced, paid_on: "2021-02-01", amount_ore: 20_000 });
    const preview = await call("post", "/rest/v1/rpc/preview_royalty_period", { period_id: ids.p1 });
    expect(preview.status, preview.text).toBe(200);
    expect(statementOf(preview.body, ids.advanced).advances_ore).toBe(20_000);

    const p1 = await close(ids.p1);
    // 400 kr left of the first advance and the late 200 kr: all 600 kr earned recoups them.
    expect(statementOf(p1, ids.advanced)).toMatchObject({
      opening_balance_ore: 0,
      advances_ore: 20_000,
      recouped_ore: 60_000,
      unrecouped_ore: 0,
      payable_ore: 0,
    });
    // The reserve held in the first period is not due yet; another is held.
    expect(statementOf(p1, ids.reserved)).toMatchObject({
      reserve_held_ore: 10_000,
      reserve_released_ore: 0,
      payable_ore: 90_000,
    });
    const late = (await advances()).find((a) => a.paid_on === "2021-02-01");
    expect(late?.counted_in_period_id).toBe(ids.p1);
  });

  it("releases the first period's reserve two periods later and counts the advance paid in the period", async () => {
    const p2 = await close(ids.p2);
    expect(statementOf(p2, ids.reserved)).toMatchObject({
      reserve_held_ore: 10_000,
      reserve_released_ore: 10_000,
      payable_ore: 100_000,
    });
    expect(statementOf(p2, ids.advanced)).toMatchObject({
      advances_ore: 30_000,
      recouped_ore: 30_000,
      unrecouped_ore: 0,
      payable_ore: 30_000,
    });
    const byPeriod = (await advances()).map((a) => a.counted_in_period_id).sort();
    expect(byPeriod).toEqual([ids.p0, ids.p1, ids.p2].sort());
  });
});
