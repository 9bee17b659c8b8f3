import { sql } from "kysely";
import request from "supertest";
import { expect } from "vitest";
import type { TestContext } from "./helpers";
import { legalClient, mailedToken, signing, TEMPLATES } from "./legal-support";
import { PNG } from "./support/storage-files";

/** A person with rows in every place the product keeps personal data, made through the product's own API. */

export interface Person {
  first: string;
  last: string;
  email: string;
  password: string;
  day: number;
}

export interface Seeded {
  contactId: string;
  signedDocId: string;
  draftId: string;
  portfolioKey: string;
  signedPdfUrl: string;
  /** The access token of the session the person signed in with. */
  accessToken: string;
}

/**
 * With `signs: false` the person signs no contract: a fully signed one is kept on erasure with the
 * signer's name, so only without it can nothing at all be left naming them.
 */
export async function seedPerson(
  ctx: TestContext,
  staffToken: string,
  p: Person,
  { signs = true }: { signs?: boolean } = {},
): Promise<Seeded> {
  const full = `${p.first} ${p.last}`;
  const staff = (method: "get" | "post" | "patch", path: string) =>
    request(ctx.app)
      [method](path)
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${staffToken}` });
  const anon = (path: string) => request(ctx.app).post(path).set("apikey", ctx.anonKey);

  // An account with a live session, audit rows with IP and browser, and their name in the metadata.
  const user = await ctx.createUser({ email: p.email, password: p.password });
  await ctx.db
    .updateTable("users")
    .set({ raw_user_meta_data: JSON.stringify({ full_name: full }) })
    .where("id", "=", user.id)
    .execute();
  const signIn = await request(ctx.app)
    .post("/auth/v1/token?grant_type=password")
    .set({ apikey: ctx.anonKey, "user-agent": `Browser of ${p.first}` })
    .send({ email: p.email.toUpperCase(), password: p.password });
  expect(signIn.status, signIn.text).toBe(200);

  // The public forms, and a newsletter subscription (confirmed) with a second request still pending.
  expect(
    (
      await anon("/rest/v1/contact_messages").send({
        name: full,
        email: p.email,
        subject: `Question from ${full}`,
        message: `Hello, this is ${full}.`,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await anon("/rest/v1/applications").send({
        first_name: p.first,
        last_name: p.last,
        email: p.email,
        role: "Audio Engineers",
        experience: "Ten years",
        vision: `${full} wants to mix`,
      })
    ).status,
  ).toBe(201);
  expect((await anon("/rest/v1/newsletter_subscriptions").send({ email: p.email })).status).toBe(201);
  await ctx.work.whenIdle();
  const mail = await ctx.db
    .selectFrom("mail_outbox")
    .select("link")
    .where("to_address", "=", p.email)
    .where("kind", "=", "newsletter_confirmation")
    .executeTakeFirstOrThrow();
  const token = new URLSearchParams(new URL(mail.link).hash.slice(1)).get("token");
  expect((await anon("/api/newsletter/confirm").send({ token })).body).toEqual({ outcome: "confirmed" });
  expect(
    (await anon("/rest/v1/newsletter_subscriptions").send({ email: p.email, interest_events: true })).status,
  ).toBe(201);
  await ctx.work.whenIdle();

  // A talent contact with a timeline, a portfolio work whose cover is a stored file, and a studio session.
  const contact = await staff("post", "/rest/v1/crm_contacts").set("Prefer", "return=representation").send({
    first_name: p.first,
    last_name: p.last,
    email: p.email,
    kind: "talent",
    phone: "+46 70 000 00 00",
  });
  expect(contact.status, contact.text).toBe(201);
  const contactId = contact.body[0].id as string;
  await staff("post", "/rest/v1/rpc/add_crm_note")
    .send({ record_type: "crm_contacts", record_id: contactId, body: `Called ${full} about the album.` })
    .expect(200);
  const portfolioKey = `talent/${contactId}/cover.png`;
  await staff("post", `/storage/v1/object/portfolio-media/${portfolioKey}`).send(PNG).expect(200);
  await staff("post", "/rest/v1/portfolio_items")
    .send({
      talent_id: contactId,
      title: `${p.first}'s debut`,
      year: 2024,
      role: "Artist",
      external_links: [
        {
          platform: "Cover",
          url: `https://site.example/storage/v1/object/public/portfolio-media/${portfolioKey}`,
        },
      ],
    })
    .expect(201);
  const [room] = (
    await sql<{ id: string }>`select id from studio_rooms order by name limit 1`.execute(ctx.db)
  ).rows;
  const day = String(p.day).padStart(2, "0");
  await staff("post", "/rest/v1/rpc/book_studio_session")
    .send({
      title: "Vocal session",
      room_id: room?.id,
      starts_at: `2031-05-${day}T10:00:00Z`,
      ends_at: `2031-05-${day}T12:00:00Z`,
      contact_ids: [contactId],
    })
    .expect(200);
  const deal = await staff("post", "/rest/v1/crm_deals").send({
    title: `Deal for ${full}`,
    contact_id: contactId,
  });
  expect(deal.status, deal.text).toBe(201);

  // A contract they signed (kept on erasure) and a draft naming them (anonymised).
  const legal = legalClient(ctx, () => staffToken);
  const variables = {
    counterparty: { name: full, email: p.email },
    effective_date: "2026-12-01",
    purpose: "Listening to the album.",
    term_months: 12,
  };
  let signedDoc: { id: string; signed_pdf_url?: unknown } = { id: "" };
  if (signs) {
    const signedDraft = await legal.insert("legal_documents", {
      title: "Album NDA",
      template_id: TEMPLATES.nda,
      payload: { variables, source_refs: { contact_id: contactId } },
      parties: [{ name: full, email: p.email, role: "signer" }],
    });
    await legal.ok("send_legal_document", { document_id: signedDraft.id });
    const signed = await signing(ctx).sign(await mailedToken(ctx, p.email), full);
    expect(signed.status, signed.text).toBe(200);
    await ctx.work.whenIdle();
    signedDoc = await legal.read(signedDraft.id);
    expect((signedDoc as { status?: string }).status).toBe("fully_signed");
  }
  const draft = await legal.insert("legal_documents", {
    title: `NDA with ${full}`,
    template_id: TEMPLATES.nda,
    payload: { variables },
    parties: [
      { name: full, email: p.email, role: "signer" },
      { name: "Label Person", email: "label@example.se", role: "signer" },
    ],
  });
  await legal.ok("render_legal_document", { document_id: draft.id });
  return {
    contactId,
    signedDocId: signedDoc.id,
    draftId: draft.id,
    portfolioKey,
    signedPdfUrl: (signedDoc.signed_pdf_url as string | undefined) ?? "",
    accessToken: signIn.body.access_token as string,
  };
}

async function listTables(ctx: Pick<TestContext, "db">): Promise<string[]> {
  const rows =
    ctx.db.engine === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(ctx.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(ctx.db);
  return rows.rows.map((r) => r.name).sort();
}

/** Every row of every table, as text (bytes left out), with its table and id. */
export async function everyRow(ctx: Pick<TestContext, "db">) {
  const rows: { table: string; id: unknown; text: string }[] = [];
  for (const table of await listTables(ctx)) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(ctx.db);
    for (const row of result.rows) {
      const text = JSON.stringify(row, (_k, v) =>
        Buffer.isBuffer(v) || (v && typeof v === "object" && (v as { type?: string }).type === "Buffer")
          ? "<bytes>"
          : v,
      );
      rows.push({ table, id: row.id, text });
    }
  }
  return rows;
}
