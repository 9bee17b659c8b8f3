import { createHash } from "node:crypto";
import request from "supertest";
import { expect } from "vitest";
import { seedId } from "../src/db/seed-ids";
import type { TestContext } from "./helpers";

/** Shared steps of the legal document suites: staff calls, a document made from a seeded template, links. */

export const TEMPLATES = {
  nda: seedId("legal-template", 0),
  producer: seedId("legal-template", 1),
  splitSheet: seedId("legal-template", 2),
};
export const SEEDED_DOCUMENTS = {
  nda: seedId("legal-document", 0),
  producer: seedId("legal-document", 1),
  splitSheet: seedId("legal-document", 2),
  voided: seedId("legal-document", 3),
};
export const INDUSTRY_CONTACT = seedId("industry", 1);

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export type Doc = Record<string, unknown> & {
  id: string;
  status: string;
  updated_at: string;
  parties: Record<string, unknown>[];
  audit: { action: string; actor_id: string | null; ip: string | null; detail: Record<string, unknown> }[];
  payload: Record<string, unknown>;
  rendered_pdf_url: string | null;
  rendered_docx_url: string | null;
  signed_pdf_url: string | null;
  content_sha256: string | null;
  signed_sha256: string | null;
};

export function legalClient(ctx: TestContext, token: () => string) {
  const api = (method: "get" | "post" | "patch" | "delete", path: string) =>
    request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token()}`);
  const representation = { Prefer: "return=representation" };

  async function insert(table: string, row: object) {
    const res = await api("post", `/rest/v1/${table}`).set(representation).send(row);
    expect(res.status, res.text).toBe(201);
    return res.body[0] as Doc;
  }

  async function read(id: string): Promise<Doc> {
    const res = await api("get", `/rest/v1/legal_documents?id=eq.${id}`);
    expect(res.status, res.text).toBe(200);
    return res.body[0] as Doc;
  }

  const rpc = (name: string, body: object) => api("post", `/rest/v1/rpc/${name}`).send(body);

  async function ok(name: string, body: object): Promise<Doc> {
    const res = await rpc(name, body);
    expect(res.status, res.text).toBe(200);
    return res.body as Doc;
  }

  /** A file of the documents bucket, downloaded with the staff token. */
  async function download(url: string) {
    const res = await api("get", url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status, url).toBe(200);
    return { bytes: res.body as Buffer, type: res.headers["content-type"] as string };
  }

  /** An NDA draft for the given signers (and a viewer), its variables filled. */
  async function ndaDraft(signers: string[], extra: object = {}) {
    return insert("legal_documents", {
      title: `NDA ${signers.join(" & ")}`,
      template_id: TEMPLATES.nda,
      payload: {
        variables: {
          counterparty: { name: "Åsa Öberg", email: "asa@example.se" },
          effective_date: "2026-12-01",
          purpose: "Listening to the unreleased album Sjön & Staden.",
          term_months: 12,
        },
      },
      parties: [
        ...signers.map((email, i) => ({ name: `Signer ${i + 1}`, email, role: "signer" })),
        { name: "Archive", email: "archive@example.se", role: "viewer" },
      ],
      ...extra,
    });
  }

  return { api, insert, read, rpc, ok, download, ndaDraft, representation };
}

/** The signing token mailed to `to` (newest first), read from the outbox the tests' config keeps. */
export async function mailedToken(ctx: TestContext, to: string): Promise<string> {
  const mail = await ctx.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("to_address", "=", to)
    .where("kind", "=", "legal_signing_request")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = /#token=([\w-]+)$/.exec(mail.link)?.[1];
  if (!token) throw new Error(`no token in ${mail.link}`);
  return token;
}

/** The signing page's own routes: no API key, no account. */
export const signing = (ctx: TestContext) => ({
  view: (token: string) =>
    request(ctx.app).get("/api/sign").query({ token }).set("User-Agent", "SignerBrowser/1.0"),
  sign: (token: string, full_name = "Signer 1") =>
    request(ctx.app)
      .post("/api/sign")
      .set("User-Agent", "SignerBrowser/1.0")
      .send({ token, full_name, consent: true }),
});
