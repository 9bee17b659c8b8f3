import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 as tokenHash } from "../src/platform/secrets";
import { createTestContext, type TestContext } from "./helpers";
import {
  INDUSTRY_CONTACT,
  legalClient,
  mailedToken,
  SEEDED_DOCUMENTS,
  sha256,
  signing,
} from "./legal-support";
import { pdfText } from "./support/document-text";

/** The document lifecycle on this run's engine: every move allowed and refused, signing links, the hashes. */

let ctx: TestContext;
let staff: string;
let legal: ReturnType<typeof legalClient>;
let sign: ReturnType<typeof signing>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  legal = legalClient(ctx, () => staff);
  sign = signing(ctx);
});
afterAll(() => ctx.close());

let counter = 0;
const email = (who: string) => `${who}-${++counter}@example.se`;

describe("sending", () => {
  it("freezes the content: the SHA-256 is the stored PDF's, and PATCH, render, send and delete answer 409", async () => {
    const signer = email("frozen");
    const doc = await legal.ndaDraft([signer]);
    const sent = await legal.ok("send_legal_document", { document_id: doc.id });
    expect(sent.status).toBe("awaiting_signatures");
    const pdf = await legal.download(sent.rendered_pdf_url as string);
    expect(sent.content_sha256).toBe(sha256(pdf.bytes));
    expect(sent.parties[0]).toMatchObject({ email: signer, status: "pending", sent_at: expect.any(String) });
    expect(sent.audit.at(-1)).toMatchObject({
      action: "sent",
      detail: { content_sha256: sent.content_sha256 },
    });

    const patch = await legal
      .api("patch", `/rest/v1/legal_documents?id=eq.${doc.id}`)
      .send({ title: "Changed" });
    expect(patch.status).toBe(409);
    const payload = await legal
      .api("patch", `/rest/v1/legal_documents?id=eq.${doc.id}`)
      .send({ payload: { variables: { purpose: "Something else" } } });
    expect(payload.status).toBe(409);
    expect((await legal.rpc("render_legal_document", { document_id: doc.id })).status).toBe(409);
    expect((await legal.rpc("send_legal_document", { document_id: doc.id })).status).toBe(409);
    expect((await legal.api("delete", `/rest/v1/legal_documents?id=eq.${doc.id}`)).status).toBe(409);
    const after = await legal.read(doc.id);
    expect(after).toEqual(sent);
    expect(sha256((await legal.download(after.rendered_pdf_url as string)).bytes)).toBe(sent.content_sha256);
  });

  it("mails each signer (not viewers) a link whose token is stored only as its hash", async () => {
    const [a, b] = [email("a"), email("b")];
    const doc = await legal.ndaDraft([a, b]);
    await legal.ok("send_legal_document", { document_id: doc.id });
    const mails = await ctx.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "legal_signing_request")
      .execute();
    const mine = mails.filter(
      (m) => m.to_address === a || m.to_address === b || m.to_address === "archive@example.se",
    );
    expect(mine.map((m) => m.to_address).sort()).toEqual([a, b].sort());
    const token = await mailedToken(ctx, a);
    const links = await ctx.db
      .selectFrom("legal_signing_links")
      .selectAll()
      .where("document_id", "=", doc.id)
      .execute();
    expect(links).toHaveLength(2);
    expect(links.map((l) => l.token_hash)).toContain(tokenHash(token));
    expect(JSON.stringify(links)).not.toContain(token);
    expect(ctx.logs.join("\n")).not.toContain(token);
  });

  it("refuses a draft with no signer or an empty required variable (400, nothing changes)", async () => {
    const lonely = await legal.insert("legal_documents", {
      title: "No signer",
      template_id: (await legal.read(SEEDED_DOCUMENTS.nda)).template_id,
      payload: { variables: { effective_date: "2026-12-01" } },
    });
    const res = await legal.rpc("send_legal_document", { document_id: lonely.id });
    expect(res.status).toBe(400);
    expect(res.body.details).toContain("at least one signer");
    expect(res.body.details).toContain("Purpose is required");
    expect(await legal.read(lonely.id)).toEqual(lonely);
  });
});

describe("signing", () => {
  it("takes each signer once: partially signed, then fully signed with a certificate PDF mailed to everyone", async () => {
    const [a, b] = [email("first"), email("last")];
    const doc = await legal.ndaDraft([a, b], {
      payload: {
        variables: {
          counterparty: { name: "Åsa Öberg", email: "asa@example.se" },
          effective_date: "2026-12-01",
          purpose: "Demos.",
        },
        source_refs: { contact_id: INDUSTRY_CONTACT },
      },
      parties: [
        { name: "Anna First", email: a, role: "signer" },
        { name: "Bo Last", email: b, role: "signer" },
        { name: "Archive", email: "archive@example.se", role: "viewer" },
      ],
    });
    const sent = await legal.ok("send_legal_document", { document_id: doc.id });
    const [tokenA, tokenB] = [await mailedToken(ctx, a), await mailedToken(ctx, b)];

    const view = await sign.view(tokenA);
    expect(view.status, view.text).toBe(200);
    expect(view.body.document).toMatchObject({ title: doc.title, content_sha256: sent.content_sha256 });
    expect(view.body.document.rendered_html).toContain("Åsa Öberg");
    expect(view.body.signer).toEqual({ name: "Anna First", email: a });
    // The link's own party is marked, so the page can show whose signature it takes.
    expect(view.body.document.parties.map((p: { is_you: boolean }) => p.is_you)).toEqual([
      true,
      false,
      false,
    ]);
    expect((await legal.read(doc.id)).parties[0]).toMatchObject({
      status: "viewed",
      viewed_at: expect.any(String),
    });

    const first = await sign.sign(tokenA, "Anna First");
    expect(first.status, first.text).toBe(200);
    expect(first.body.status).toBe("partially_signed");
    const partial = await legal.read(doc.id);
    expect(partial.parties[0]).toMatchObject({
      status: "signed",
      signature: "Anna First",
      user_agent: "SignerBrowser/1.0",
      ip: expect.any(String),
      signed_at: expect.any(String),
    });
    expect(partial.signed_pdf_url).toBeNull();

    // Single use: the link is dead for reading and for signing once used.
    expect((await sign.view(tokenA)).status).toBe(410);
    expect((await sign.sign(tokenA, "Anna First")).status).toBe(410);

    const last = await sign.sign(tokenB, "Bo Last");
    expect(last.body.status).toBe("fully_signed");
    const done = await legal.read(doc.id);
    expect(done.status).toBe("fully_signed");
    expect(done.content_sha256).toBe(sent.content_sha256);
    const signed = await legal.download(done.signed_pdf_url as string);
    expect(sha256(signed.bytes)).toBe(done.signed_sha256);
    const { text } = await pdfText(signed.bytes);
    for (const expected of [
      "Audit certificate",
      "Anna First",
      "Bo Last",
      a,
      b,
      "SignerBrowser/1.0",
      "Original, frozen when sent",
      "Final, read again at the last signature",
      "The two fingerprints match",
      "Åsa Öberg",
    ])
      expect(text).toContain(expected);
    // Both fingerprints, the one frozen at sending and the stored file's at the last signature.
    expect(text.split(sent.content_sha256 as string)).toHaveLength(3);
    expect(done.audit.map((e) => e.action)).toEqual([
      "created",
      "sent",
      "viewed",
      "signed",
      "signed",
      "completed",
    ]);
    expect(done.audit.find((e) => e.action === "signed")?.ip).toEqual(expect.any(String));

    const copies = await ctx.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "legal_fully_signed")
      .execute();
    const toParties = copies.filter((m) => [a, b].includes(m.to_address));
    expect(toParties).toHaveLength(2);
    for (const mail of toParties)
      expect(JSON.parse(mail.attachments)).toEqual([
        {
          filename: expect.stringMatching(/-signed\.pdf$/),
          content_type: "application/pdf",
          size: signed.bytes.length,
          sha256: done.signed_sha256,
        },
      ]);

    // A fully signed document cannot be voided, edited or signed again.
    expect((await legal.rpc("void_legal_document", { document_id: doc.id, reason: "Too late" })).status).toBe(
      409,
    );
    expect((await sign.sign(tokenB, "Bo Last")).status).toBe(410);

    const timeline = await legal.api(
      "get",
      `/rest/v1/crm_activity?record_type=eq.crm_contacts&record_id=eq.${INDUSTRY_CONTACT}&order=created_at.asc`,
    );
    const notes = (
      timeline.body as { note: string | null; changes: Record<string, { to: unknown }> }[]
    ).filter((r) => r.changes.legal_document_id?.to === doc.id);
    // The last signature and the completion share a timestamp: compared as a set.
    expect(notes.map((n) => n.note).sort()).toEqual(
      [
        `Legal document “${doc.title}” created as a draft.`,
        `Legal document “${doc.title}” sent for signatures.`,
        `Legal document “${doc.title}” opened by a signer by Anna First.`,
        `Legal document “${doc.title}” signed by Anna First.`,
        `Legal document “${doc.title}” signed by Bo Last.`,
        `Legal document “${doc.title}” fully signed.`,
      ].sort(),
    );
  });

  it("lets two last signers race: both signatures count, exactly one signed PDF and one completion", async () => {
    const [a, b] = [email("race-a"), email("race-b")];
    const doc = await legal.ndaDraft([a, b]);
    await legal.ok("send_legal_document", { document_id: doc.id });
    const [tokenA, tokenB] = [await mailedToken(ctx, a), await mailedToken(ctx, b)];
    const answers = await Promise.all([sign.sign(tokenA, "Signer 1"), sign.sign(tokenB, "Signer 2")]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const done = await legal.read(doc.id);
    expect(done.status).toBe("fully_signed");
    expect(done.audit.filter((e) => e.action === "completed")).toHaveLength(1);
    expect(done.parties.filter((p) => p.status === "signed")).toHaveLength(2);
    expect(sha256((await legal.download(done.signed_pdf_url as string)).bytes)).toBe(done.signed_sha256);
    const copies = await ctx.db
      .selectFrom("mail_outbox")
      .select("to_address")
      .where("kind", "=", "legal_fully_signed")
      .where("to_address", "in", [a, b])
      .execute();
    expect(copies).toHaveLength(2);
  });

  it("refuses a sign without consent or a name (400) and keeps the link usable", async () => {
    const signer = email("consent");
    const doc = await legal.ndaDraft([signer]);
    await legal.ok("send_legal_document", { document_id: doc.id });
    const token = await mailedToken(ctx, signer);
    const noConsent = await request(ctx.app)
      .post("/api/sign")
      .send({ token, full_name: "No Consent", consent: false });
    expect(noConsent.status).toBe(400);
    const noName = await request(ctx.app).post("/api/sign").send({ token, full_name: " ", consent: true });
    expect(noName.status).toBe(400);
    expect((await legal.read(doc.id)).status).toBe("awaiting_signatures");
    const only = await sign.sign(token, "Signer 1");
    expect(only.status).toBe(200);
    // The only signer: awaiting signatures straight to fully signed.
    expect(only.body.status).toBe("fully_signed");
    expect((await legal.rpc("send_legal_document", { document_id: doc.id })).status).toBe(409);
    expect((await legal.rpc("render_legal_document", { document_id: doc.id })).status).toBe(409);
  });

  it("answers every dead or unknown link alike (410)", async () => {
    const unknown = await sign.view("x".repeat(32));
    expect(unknown.status).toBe(410);
    expect(unknown.body).toEqual({ code: "signing_link_invalid", message: expect.any(String) });
  });

  it("expires links after the configured time", async () => {
    const signer = email("expiry");
    const doc = await legal.ndaDraft([signer]);
    await legal.ok("send_legal_document", { document_id: doc.id });
    const token = await mailedToken(ctx, signer);
    ctx.clock.advance(ctx.config.SIGNING_LINK_EXPIRY + 1);
    staff = await ctx.userToken({ role: "staff" });
    expect((await sign.view(token)).status).toBe(410);
    expect((await sign.sign(token)).status).toBe(410);
    expect((await legal.read(doc.id)).status).toBe("awaiting_signatures");
  });
});

describe("voiding", () => {
  it("voids from draft, awaiting and partially signed, with a required reason; open links die at once", async () => {
    const [a, b] = [email("void-a"), email("void-b")];
    const doc = await legal.ndaDraft([a, b]);
    await legal.ok("send_legal_document", { document_id: doc.id });
    const [tokenA, tokenB] = [await mailedToken(ctx, a), await mailedToken(ctx, b)];
    expect((await sign.sign(tokenA)).status).toBe(200);
    const noReason = await legal.rpc("void_legal_document", { document_id: doc.id, reason: "  " });
    expect(noReason.status).toBe(400);
    expect((await legal.read(doc.id)).status).toBe("partially_signed");
    const voided = await legal.ok("void_legal_document", { document_id: doc.id, reason: "Terms changed" });
    expect(voided).toMatchObject({ status: "void", void_reason: "Terms changed" });
    expect(voided.audit.at(-1)).toMatchObject({
      action: "voided",
      detail: { reason: "Terms changed", from: "partially_signed" },
    });
    expect((await sign.view(tokenB)).status).toBe(410);
    expect((await sign.sign(tokenB)).status).toBe(410);
    expect((await legal.rpc("void_legal_document", { document_id: doc.id, reason: "Again" })).status).toBe(
      409,
    );
    expect((await legal.rpc("send_legal_document", { document_id: doc.id })).status).toBe(409);
    // Both signers it was sent to (the one who signed too) are told, with the reason.
    const notices = await ctx.db
      .selectFrom("mail_outbox")
      .select(["to_address", "text_body", "link"])
      .where("kind", "=", "legal_voided")
      .where("to_address", "in", [a, b])
      .execute();
    expect(notices.map((m) => m.to_address).sort()).toEqual([a, b].sort());
    for (const notice of notices) {
      expect(notice.text_body).toContain("The reason given: Terms changed");
      expect(notice.link).toBe("");
    }

    const unsent = email("void-draft");
    const draft = await legal.ndaDraft([unsent]);
    expect(
      (await legal.ok("void_legal_document", { document_id: draft.id, reason: "Not needed" })).status,
    ).toBe("void");
    const awaiting = await legal.ndaDraft([email("void-awaiting")]);
    await legal.ok("send_legal_document", { document_id: awaiting.id });
    expect(
      (await legal.ok("void_legal_document", { document_id: awaiting.id, reason: "Withdrawn" })).status,
    ).toBe("void");
    // A draft was never sent: nobody is told about it.
    const draftNotices = await ctx.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("kind", "=", "legal_voided")
      .where("to_address", "=", unsent)
      .execute();
    expect(draftNotices).toEqual([]);
  });
});

describe("the data API's rules", () => {
  it("makes an inserted document a draft and refuses status and other server columns (403 42501)", async () => {
    const doc = await legal.ndaDraft([email("rules")]);
    expect(doc.status).toBe("draft");
    const signedStart = await legal
      .api("post", "/rest/v1/legal_documents")
      .send({ title: "Signed already", template_id: doc.template_id, status: "fully_signed" });
    expect(signedStart.status).toBe(403);
    expect(signedStart.body.code).toBe("42501");
    const move = await legal
      .api("patch", `/rest/v1/legal_documents?id=eq.${doc.id}`)
      .send({ status: "fully_signed" });
    expect(move.status).toBe(403);
    const serverFields = await legal
      .api("patch", `/rest/v1/legal_documents?id=eq.${doc.id}`)
      .send({ parties: [{ name: "X", email: "x@example.se", role: "signer", status: "signed" }] });
    expect(serverFields.status).toBe(400);
    const generated = await legal
      .api("patch", `/rest/v1/legal_documents?id=eq.${doc.id}`)
      .send({ content_sha256: "0".repeat(64) });
    expect(generated.status).toBe(403);
    expect(generated.body.message).toBe("permission denied for table legal_documents");
    expect(await legal.read(doc.id)).toEqual(doc);
    expect((await legal.api("delete", `/rest/v1/legal_documents?id=eq.${doc.id}`)).status).toBe(204);
  });

  it("fills a contact-sourced party from the CRM contact", async () => {
    const producer = await legal.read(SEEDED_DOCUMENTS.producer);
    const doc = await legal.insert("legal_documents", {
      title: "From the contact",
      template_id: producer.template_id,
      payload: { source_refs: { contact_id: INDUSTRY_CONTACT } },
    });
    expect((doc.payload.variables as Record<string, unknown>).producer).toEqual({
      name: "Johan Lindqvist",
      email: "johan.lindqvist@example.se",
      ipi: null,
      society: null,
    });
  });

  it("is staff only, even for signers' routes' documents", async () => {
    const user = await ctx.userToken({ role: null });
    const res = await request(ctx.app)
      .post("/rest/v1/rpc/send_legal_document")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${user}`)
      .send({ document_id: SEEDED_DOCUMENTS.nda });
    expect(res.status).toBe(403);
    const anon = await request(ctx.app).get("/rest/v1/legal_documents").set("apikey", ctx.anonKey);
    expect(anon.status).toBe(401);
  });
});
