import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { type ClosedStatement, royaltyApi } from "./support/royalty-api";

/**
 * A payee's statement mailed to them with its PDF attached: to their contact's address, or to a company
 * payee's contact's; refused with nothing sent when there is no address; recorded, throttled, staff only.
 */

let ctx: TestContext;
const tokens = { staff: "", member: "" };
const statementOf: Record<"withAddress" | "withoutAddress", ClosedStatement> = {} as never;
let payeeWithout = "";

const { call, created, closedSocietyPeriod, signedSplitSheet } = royaltyApi(() => ctx, tokens);
const mail = (id: string, who: keyof typeof tokens = "staff") =>
  call("post", `/api/royalties/statements/${id}/mail`, undefined, who);
const mailsTo = (to: string) =>
  ctx.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("created_at").execute();
const mailingsOf = async (statementId: string) => {
  const res = await call("get", `/rest/v1/royalty_statement_mailings?statement_id=eq.${statementId}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { statement_id: string; sent_at: string; sent_by: string | null }[];
};
const pdfSha256 = async (id: string) => {
  const res = await call("get", `/api/royalties/statements/${id}/pdf`)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return createHash("sha256")
    .update(res.body as Buffer)
    .digest("hex");
};

beforeAll(async () => {
  // The default limits: the route's throttle is what is tested.
  ctx = await createTestContext();
  tokens.staff = await ctx.userToken({ role: "staff" });
  tokens.member = await ctx.userToken({ role: null });
  const writer = async (first_name: string, email: string | null) => {
    const contact = await created("crm_contacts", { first_name, last_name: "Writer", email });
    return {
      contact,
      payee: await created("royalty_payees", { name: `${first_name} Writer`, contact_id: contact }),
    };
  };
  const asa = { ...(await writer("Åsa", "Asa.Writer@Example.se")), ipi: "00000000199" };
  const bo = { ...(await writer("Bo", null)), ipi: "00014107338" };
  payeeWithout = bo.payee;
  const work = await created("works", { title: "Midnattsljus", iswc: "T1234567894" });
  for (const w of [asa, bo])
    await created("work_writers", {
      work_id: work,
      contact_id: w.contact,
      role: "CA",
      controlled: true,
      manuscript_share_bp: 5000,
      ipi_name_number: w.ipi,
      society_code: "079",
    });
  await signedSplitSheet(work, [
    { legal_name: "Åsa Writer", share_percent: 50, ipi: asa.ipi },
    { legal_name: "Bo Writer", share_percent: 50, ipi: bo.ipi },
  ]);
  const statements = await closedSocietyPeriod("STIM");
  const byPayee = (id: string) => statements.find((s) => s.payee_id === id) as ClosedStatement;
  statementOf.withAddress = byPayee(asa.payee);
  statementOf.withoutAddress = byPayee(bo.payee);
  expect(statementOf.withAddress && statementOf.withoutAddress).toBeTruthy();
});
afterAll(() => ctx.close());

describe("POST /api/royalties/statements/:id/mail", () => {
  it("mails the statement's PDF to the payee's contact and records the send", async () => {
    const { id } = statementOf.withAddress;
    const res = await mail(id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ statement_id: id, sent_at: expect.any(String) });
    const [sent, ...more] = await mailsTo("asa.writer@example.se");
    expect(more).toEqual([]);
    expect(sent?.kind).toBe("royalty_statement");
    expect(sent?.subject).toContain("2021 H1");
    expect(JSON.parse(sent?.attachments ?? "[]")).toEqual([
      {
        filename: "Royalty-statement-Asa-Writer-2021-H1.pdf",
        content_type: "application/pdf",
        size: expect.any(Number),
        sha256: await pdfSha256(id),
      },
    ]);
    const mailings = await mailingsOf(id);
    expect(mailings).toHaveLength(1);
    expect(mailings[0]?.sent_by).toEqual(expect.any(String));
    // The address stays out of the logs.
    expect(ctx.logs.join("\n").toLowerCase()).not.toContain("asa.writer@example.se");
  });

  it("refuses a payee without an address with 422, sending and recording nothing", async () => {
    const { id } = statementOf.withoutAddress;
    const before = await ctx.db.selectFrom("mail_outbox").select("id").execute();
    const res = await mail(id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "payee_without_address",
      message: expect.stringContaining("Bo Writer"),
    });
    expect(await ctx.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(before.length);
    expect(await mailingsOf(id)).toEqual([]);
  });

  it("mails a company payee's statement to the company's contact", async () => {
    const company = await created("crm_companies", { name: "Bo Förlag AB", kind: "publisher" });
    await created("crm_contacts", {
      first_name: "Cia",
      last_name: "Kontor",
      email: "cia@bo.example",
      company_id: company,
    });
    const moved = await call("patch", `/rest/v1/royalty_payees?id=eq.${payeeWithout}`, {
      contact_id: null,
      company_id: company,
    });
    expect(moved.status, moved.text).toBe(200);
    const res = await mail(statementOf.withoutAddress.id);
    expect(res.status, res.text).toBe(200);
    expect((await mailsTo("cia@bo.example")).map((m) => m.kind)).toEqual(["royalty_statement"]);
  });

  it("is a 404 for an unknown statement, a 400 for an id that is not one, and staff only", async () => {
    const unknown = await mail(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    expect((await mail("not-a-uuid")).status).toBe(400);
    expect((await mail(statementOf.withAddress.id, "member")).status).toBe(403);
    expect(await mailingsOf(statementOf.withAddress.id)).toHaveLength(1);
  });

  it("refuses the sixth mail to one address within ten minutes with 429", async () => {
    const { id } = statementOf.withAddress;
    const answers = [];
    // One was sent by the first test.
    for (let i = 0; i < 5; i++) answers.push(await mail(id));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429]);
    expect(answers[4]?.body.code).toBe("rate_limited");
    expect(Number(answers[4]?.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailsTo("asa.writer@example.se")).toHaveLength(5);
    expect(await mailingsOf(id)).toHaveLength(5);
  });
});
