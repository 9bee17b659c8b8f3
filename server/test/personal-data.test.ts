import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { everyRow, type Person, type Seeded, seedPerson } from "./personal-data-support";
import { watchWrites } from "./support/write-watch";

let ctx: TestContext;
let admin: string;
let staff: string;
const alva: Person = {
  first: "Alvida",
  last: "Zettervall",
  email: "alvida.zettervall@example.se",
  password: "alva's long pass phrase 1",
  day: 5,
};
const bo: Person = {
  first: "Bojan",
  last: "Quarfordt",
  email: "bojan.quarfordt@example.se",
  password: "bo's long pass phrase 22",
  day: 6,
};
let alvaRows: Seeded;
let boRows: Seeded;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  admin = await ctx.userToken({ role: "admin" });
  staff = await ctx.userToken({ role: "staff" });
  alvaRows = await seedPerson(ctx, staff, alva);
  boRows = await seedPerson(ctx, staff, bo);
}, 60_000);
afterAll(() => ctx.close());

const call = (what: "export" | "erase", email: string, token = admin) =>
  request(ctx.app)
    .post(`/api/admin/personal-data/${what}`)
    .set({ apikey: ctx.anonKey, authorization: `Bearer ${token}` })
    .send({ email });

const list = (data: Record<string, unknown>, key: string) => data[key] as Record<string, unknown>[];

describe("export", () => {
  it("holds the person's rows from every place, matched without regard to case, and nobody else's", async () => {
    const res = await call("export", "  ALVIDA.Zettervall@Example.SE ");
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const { data, found, email } = res.body;
    expect(found).toBe(true);
    expect(email).toBe(alva.email);
    expect(data.auth_user).toMatchObject({
      email: alva.email,
      user_metadata: { full_name: "Alvida Zettervall" },
    });
    expect(list(data, "sessions")[0]).toMatchObject({ user_agent: "Browser of Alvida" });
    expect(list(data, "known_sign_in_addresses")).toEqual([
      { ip: expect.any(String), signed_in_at: expect.any(String) },
    ]);
    expect(list(data, "audit_log").map((r) => r.action)).toContain("login");
    expect(list(data, "crm_contacts")).toEqual([expect.objectContaining({ id: alvaRows.contactId })]);
    expect(list(data, "crm_activity").map((r) => r.action)).toEqual(
      expect.arrayContaining(["created", "note"]),
    );
    expect(list(data, "applications")).toHaveLength(1);
    expect(list(data, "contact_messages")).toEqual([expect.objectContaining({ name: "Alvida Zettervall" })]);
    expect(list(data, "newsletter_subscriptions")).toHaveLength(1);
    expect(list(data, "newsletter_pending")).toHaveLength(1);
    expect(list(data, "mail_sent").map((m) => m.kind)).toEqual(
      expect.arrayContaining(["newsletter_confirmation", "legal_signing_request"]),
    );
    expect(list(data, "portfolio_items")).toEqual([expect.objectContaining({ title: "Alvida's debut" })]);
    expect(list(data, "studio_sessions")).toEqual([expect.objectContaining({ title: "Vocal session" })]);
    expect(
      list(data, "legal_documents")
        .map((d) => d.id)
        .sort(),
    ).toEqual([alvaRows.signedDocId, alvaRows.draftId].sort());
    const draft = list(data, "legal_documents").find((d) => d.id === alvaRows.draftId);
    // Of a document, only the person's own part: the other signer is someone else's data.
    expect(draft?.parties).toEqual([expect.objectContaining({ email: alva.email })]);
    expect(list(data, "storage_objects").map((o) => `${o.bucket_id}/${o.name}`)).toEqual(
      expect.arrayContaining([
        `portfolio-media/${alvaRows.portfolioKey}`,
        `documents/${decodeURIComponent(alvaRows.signedPdfUrl.split("/documents/")[1] ?? "")}`,
      ]),
    );

    const text = JSON.stringify(res.body);
    for (const other of [bo.email, "Quarfordt", "label@example.se"]) expect(text).not.toContain(other);
    for (const secret of ["encrypted_password", "$2", "token_hash", "code_hash", "secret", "#token="])
      expect(text).not.toContain(secret);
  });

  it("is for administrators: staff are refused", async () => {
    const res = await call("export", alva.email, staff);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "permission_denied" });
  });
});

describe("erase", () => {
  it("leaves nothing naming the person but the kept signed contract's name and signature", async () => {
    const boBefore = (await call("export", bo.email)).body.data;
    const res = await call("erase", alva.email.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ found: true, kept_signed_documents: 1 });
    expect(res.body.removed_files).toBeGreaterThanOrEqual(1);
    for (const table of [
      "users",
      "sessions",
      "known_sign_in_addresses",
      "crm_contacts",
      "applications",
      "contact_messages",
      "legal_documents",
    ])
      expect(res.body.changed[table], table).toBeGreaterThan(0);

    const rows = await everyRow(ctx);
    const leaks = rows.filter((r) => {
      const text = r.text.toLowerCase();
      if (text.includes(alva.email)) return true;
      if (r.table === "legal_documents" && r.id === alvaRows.signedDocId) return false;
      return text.includes("zettervall");
    });
    expect(leaks.map((r) => `${r.table}: ${r.text.slice(0, 300)}`)).toEqual([]);

    // The kept contract: still fully signed, the party's name and signature kept, marked erased.
    const signed = await request(ctx.app)
      .get(`/rest/v1/legal_documents?id=eq.${alvaRows.signedDocId}`)
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${staff}` });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body[0].status).toBe("fully_signed");
    expect(signed.body[0].parties[0]).toMatchObject({
      name: "Alvida Zettervall",
      signature: "Alvida Zettervall",
      ip: null,
      user_agent: null,
      erased_at: expect.any(String),
      email: expect.stringMatching(/@erased\.invalid$/),
    });
    const pdf = await request(ctx.app)
      .get(alvaRows.signedPdfUrl)
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${staff}` });
    expect(pdf.status).toBe(200);
    // The draft: the party anonymised, its renders gone.
    const draft = await request(ctx.app)
      .get(`/rest/v1/legal_documents?id=eq.${alvaRows.draftId}`)
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${staff}` });
    expect(draft.body[0]).toMatchObject({ title: "NDA with Erased on request", rendered_pdf_url: null });
    expect(draft.body[0].parties[0].name).toBe("Erased on request");
    expect(draft.body[0].parties[1].email).toBe("label@example.se");
    // Still a draft staff can edit, parties and all.
    const edit = await request(ctx.app)
      .patch(`/rest/v1/legal_documents?id=eq.${alvaRows.draftId}`)
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${staff}` })
      .send({ parties: draft.body[0].parties });
    expect(edit.status, edit.text).toBe(204);
    // The portfolio cover only the person's work pointed at is gone.
    const cover = await request(ctx.app).get(
      `/storage/v1/object/public/portfolio-media/${alvaRows.portfolioKey}`,
    );
    expect(cover.status).toBe(404);

    const signIn = await request(ctx.app)
      .post("/auth/v1/token?grant_type=password")
      .set("apikey", ctx.anonKey)
      .send({ email: alva.email, password: alva.password });
    expect(signIn.status).toBe(400);
    // The session they had is gone with the account: its token is refused at once.
    const me = await request(ctx.app)
      .get("/auth/v1/user")
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${alvaRows.accessToken}` });
    expect(me.status).toBe(403);

    // One audit row says what was done and by whom, not about whom.
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "personal_data_erased")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toMatch(/alvida|zettervall/i);

    // The other person is untouched.
    const boAfter = (await call("export", bo.email)).body.data;
    expect(boAfter).toEqual(boBefore);
    expect(boRows.contactId).not.toBe(alvaRows.contactId);
  });

  it("of an address nothing mentions changes nothing and says so", async () => {
    const writes = await watchWrites(ctx.db);
    const before = await writes.mark();
    const auditBefore = await ctx.db.selectFrom("audit_log").select("id").execute();
    const res = await call("erase", "nobody.known@example.se");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ found: false, changed: {}, kept_signed_documents: 0, removed_files: 0 });
    expect(await writes.since(before)).toEqual([]);
    expect(await ctx.db.selectFrom("audit_log").select("id").execute()).toHaveLength(auditBefore.length);
  });

  it("refuses what is not an address, and staff", async () => {
    const bad = await call("erase", "not an address");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "invalid_body" });
    expect((await call("erase", bo.email, staff)).status).toBe(403);
  });
});
