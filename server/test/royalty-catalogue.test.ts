import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dynamicTables } from "../src/db/dynamic-tables";
import { createTestContext, type TestContext } from "./helpers";

/**
 * The royalty catalogue on this run's engine through /rest/v1: works numbered with a permanent submitter
 * id, identifiers refused with PostgREST's answer when their check digits are wrong, a work's manuscript
 * shares and a recording's master shares held to 100 %, and payees that are one party at most. A refused
 * write leaves nothing behind.
 */

let ctx: TestContext;
let staff: string;
let talent: string[];
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  const contacts = await ctx.db.selectFrom("crm_contacts").select("id").orderBy("id").limit(4).execute();
  talent = contacts.map((c) => c.id);
});
afterAll(() => ctx.close());

type Method = "get" | "post" | "patch" | "delete";
const api = (method: Method, path: string, token: string = staff) =>
  request(ctx.app)
    [method](path)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .set("Prefer", "return=representation");

const countOf = async (table: string) =>
  Number(
    (
      await dynamicTables(ctx.db)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A write refused with `status` and `code` that leaves the table as it was. */
async function expectRefused(table: string, write: () => request.Test, status: number, code: string) {
  const before = await countOf(table);
  const res = await write();
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ code });
  expect(Object.keys(res.body).sort()).toEqual(["code", "details", "hint", "message"]);
  expect(await countOf(table)).toBe(before);
  return res;
}

async function newWork(body: object = {}) {
  const res = await api("post", "/rest/v1/works").send({ title: "Sommarregn", ...body });
  expect(res.status, res.text).toBe(201);
  return res.body[0] as { id: string; submitter_work_id: string; iswc: string | null };
}

const writer = (workId: string, contact: number, share: number, extra: object = {}) => ({
  work_id: workId,
  contact_id: talent[contact],
  role: "CA",
  controlled: true,
  ipi_name_number: "00000000199",
  society_code: "079",
  manuscript_share_bp: share,
  ...extra,
});

describe("works", () => {
  it("are given the next permanent submitter work id, one each, whatever the client sends", async () => {
    const [a, b] = [await newWork(), await newWork({ iswc: "T1234567894" })];
    const number = (id: string) => Number(id.slice(1));
    expect(a.submitter_work_id).toMatch(/^W\d{6}$/);
    expect(number(b.submitter_work_id)).toBe(number(a.submitter_work_id) + 1);
    expect(b.iswc).toBe("T1234567894");
    await expectRefused(
      "works",
      () => api("post", "/rest/v1/works").send({ title: "Mine", submitter_work_id: "W999999" }),
      403,
      "42501",
    );
    const patched = await api("patch", `/rest/v1/works?id=eq.${a.id}`).send({ submitter_work_id: "X" });
    expect(patched.status).toBe(403);
  });

  it.each([
    ["a wrong check digit", "T1234567895"],
    ["the written form, which is not the stored one", "T-123.456.789-4"],
    ["too few digits", "T123456789"],
  ])("refuse an ISWC with %s", async (_, iswc) => {
    const res = await expectRefused(
      "works",
      () => api("post", "/rest/v1/works").send({ title: "Höstvind", iswc }),
      400,
      "22P02",
    );
    expect(res.body.message).toContain('column "iswc"');
  });

  it("refuse a second work with the same ISWC", async () => {
    await newWork({ iswc: "T2071543228" });
    await expectRefused(
      "works",
      () => api("post", "/rest/v1/works").send({ title: "Copy", iswc: "T2071543228" }),
      409,
      "23505",
    );
  });

  it("refuse a title longer than CWR carries", async () => {
    await expectRefused(
      "works",
      () => api("post", "/rest/v1/works").send({ title: "x".repeat(61) }),
      400,
      "22P02",
    );
  });

  it("are staff's only", async () => {
    const member = await ctx.userToken({ role: null });
    expect((await api("get", "/rest/v1/works", member)).status).toBe(403);
    expect((await api("post", "/rest/v1/works", member).send({ title: "Nope" })).status).toBe(403);
  });
});

describe("work writers", () => {
  it("refuse an IPI name number whose check digits do not match, and a malformed society", async () => {
    const work = await newWork();
    const bad = await expectRefused(
      "work_writers",
      () =>
        api("post", "/rest/v1/work_writers").send(
          writer(work.id, 0, 5000, { ipi_name_number: "00000000198" }),
        ),
      400,
      "22P02",
    );
    expect(bad.body.message).toContain('column "ipi_name_number"');
    await expectRefused(
      "work_writers",
      () => api("post", "/rest/v1/work_writers").send(writer(work.id, 0, 5000, { society_code: "79" })),
      400,
      "22P02",
    );
  });

  it("need an IPI name number and a society when the business controls them", async () => {
    const work = await newWork();
    await expectRefused(
      "work_writers",
      () => api("post", "/rest/v1/work_writers").send(writer(work.id, 0, 5000, { ipi_name_number: null })),
      400,
      "23514",
    );
    const uncontrolled = await api("post", "/rest/v1/work_writers").send(
      writer(work.id, 1, 5000, { controlled: false, ipi_name_number: null, society_code: null }),
    );
    expect(uncontrolled.status, uncontrolled.text).toBe(201);
    await expectRefused(
      "work_writers",
      () => api("patch", `/rest/v1/work_writers?id=eq.${uncontrolled.body[0].id}`).send({ controlled: true }),
      400,
      "23514",
    );
  });

  it("share a work out to 100 % at most, by insert and by change", async () => {
    const work = await newWork();
    const first = await api("post", "/rest/v1/work_writers").send(writer(work.id, 0, 6000));
    expect(first.status, first.text).toBe(201);
    const over = await expectRefused(
      "work_writers",
      () => api("post", "/rest/v1/work_writers").send(writer(work.id, 1, 4001)),
      400,
      "23514",
    );
    expect(over.body.details).toContain("100.01 %");
    expect(over.body.hint).toContain("40 %");
    const second = await api("post", "/rest/v1/work_writers").send(writer(work.id, 1, 4000));
    expect(second.status, second.text).toBe(201);
    const raised = await api("patch", `/rest/v1/work_writers?id=eq.${first.body[0].id}`).send({
      manuscript_share_bp: 6001,
    });
    expect(raised.status).toBe(400);
    expect(raised.body.code).toBe("23514");
    // Changing a writer's own share within what is left is not counted against itself.
    const same = await api("patch", `/rest/v1/work_writers?id=eq.${first.body[0].id}`).send({
      manuscript_share_bp: 6000,
      role: "C",
    });
    expect(same.status, same.text).toBe(200);
    const stored = await ctx.db
      .selectFrom("work_writers")
      .select("manuscript_share_bp")
      .where("work_id", "=", work.id)
      .execute();
    expect(stored.map((r) => r.manuscript_share_bp).sort()).toEqual([4000, 6000]);
  });

  it("refuse a share above the whole before anything is summed", async () => {
    const work = await newWork();
    await expectRefused(
      "work_writers",
      () => api("post", "/rest/v1/work_writers").send(writer(work.id, 0, 10_001)),
      400,
      "23514",
    );
  });
});

describe("recordings and their master payees", () => {
  /** A payee of a contact of its own (a contact is one payee at most). */
  const newPayee = async (name: string) => {
    const contact = await api("post", "/rest/v1/crm_contacts").send({ first_name: name, last_name: "Payee" });
    expect(contact.status, contact.text).toBe(201);
    const res = await api("post", "/rest/v1/royalty_payees").send({ name, contact_id: contact.body[0].id });
    expect(res.status, res.text).toBe(201);
    return res.body[0].id as string;
  };

  it("keep an ISRC in its stored form, once, and refuse a malformed one or a bad UPC", async () => {
    const res = await api("post", "/rest/v1/recordings").send({
      title: "Sommarregn",
      isrc: "SEQRS2600017",
      upcs: ["7350001234564", "036000291452"],
      duration_seconds: 200,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body[0]).toMatchObject({ isrc: "SEQRS2600017", upcs: ["7350001234564", "036000291452"] });
    await expectRefused(
      "recordings",
      () => api("post", "/rest/v1/recordings").send({ title: "Again", isrc: "SEQRS2600017" }),
      409,
      "23505",
    );
    for (const body of [{ isrc: "SE-QRS-26-00018" }, { isrc: "SEQRS260001" }, { upcs: ["7350001234565"] }]) {
      await expectRefused(
        "recordings",
        () => api("post", "/rest/v1/recordings").send({ title: "Bad", ...body }),
        400,
        "22P02",
      );
    }
  });

  it("share a recording's master income out to 100 % at most", async () => {
    const recording = await api("post", "/rest/v1/recordings").send({ title: "Split" });
    expect(recording.status, recording.text).toBe(201);
    const recordingId = recording.body[0].id;
    const [a, b] = [await newPayee("Ada"), await newPayee("Bo")];
    const first = await api("post", "/rest/v1/recording_payees").send({
      recording_id: recordingId,
      payee_id: a,
      share_bp: 7000,
    });
    expect(first.status, first.text).toBe(201);
    await expectRefused(
      "recording_payees",
      () =>
        api("post", "/rest/v1/recording_payees").send({
          recording_id: recordingId,
          payee_id: b,
          share_bp: 3500,
        }),
      400,
      "23514",
    );
    const rest = await api("post", "/rest/v1/recording_payees").send({
      recording_id: recordingId,
      payee_id: b,
      share_bp: 3000,
    });
    expect(rest.status, rest.text).toBe(201);
  });

  it("are paid to a contact or a company, not both", async () => {
    const company = await ctx.db.selectFrom("crm_companies").select("id").limit(1).executeTakeFirstOrThrow();
    await expectRefused(
      "royalty_payees",
      () =>
        api("post", "/rest/v1/royalty_payees").send({
          name: "Both",
          contact_id: talent[3],
          company_id: company.id,
        }),
      400,
      "23514",
    );
    const label = await api("post", "/rest/v1/royalty_payees").send({
      name: "A label",
      company_id: company.id,
      publisher_fee_bp: 0,
      vat_registered: true,
    });
    expect(label.status, label.text).toBe(201);
    expect(label.body[0]).toMatchObject({ vat_registered: true, contact_id: null });
  });
});
