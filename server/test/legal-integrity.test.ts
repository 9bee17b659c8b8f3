import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { legalClient, mailedToken, sha256, signing } from "./legal-support";

/**
 * What a signer signs stays what the document says: the files of a sent or signed document cannot be
 * changed through storage by anyone, a file changed underneath storage stops the document completing,
 * and a signature must be the signing party's own name.
 */

let ctx: TestContext;
let staff: string;
let admin: string;
let legal: ReturnType<typeof legalClient>;
let sign: ReturnType<typeof signing>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  admin = await ctx.userToken({ role: "admin" });
  legal = legalClient(ctx, () => staff);
  sign = signing(ctx);
});
afterAll(() => ctx.close());

let counter = 0;
const email = (who: string) => `${who}-${++counter}@example.se`;
const PREFIX = "/storage/v1/object/documents/";
const keyOf = (url: string) => decodeURIComponent(url.slice(PREFIX.length));

/** A two-signer NDA, sent; answers the document and both signers' tokens. */
async function sentNda(names: [string, string]) {
  const [a, b] = [email("a"), email("b")];
  const draft = await legal.ndaDraft([a, b], {
    parties: [
      { name: names[0], email: a, role: "signer" },
      { name: names[1], email: b, role: "signer" },
    ],
  });
  const doc = await legal.ok("send_legal_document", { document_id: draft.id });
  return { doc, tokens: [await mailedToken(ctx, a), await mailedToken(ctx, b)] as const };
}

/** Changes one byte of a stored object where its bytes live, as someone with disk or database access. */
async function tamper(url: string) {
  const { blob_id } = await ctx.db
    .selectFrom("storage_objects")
    .select("blob_id")
    .where("bucket_id", "=", "documents")
    .where("name", "=", keyOf(url))
    .executeTakeFirstOrThrow();
  const flip = (bytes: Buffer) => {
    const copy = Buffer.from(bytes);
    const at = Math.floor(copy.length / 2);
    copy[at] = (copy[at] as number) ^ 0xff;
    return copy;
  };
  if (ctx.engine === "sqlite") {
    const file = join(ctx.config.STORAGE_DIR, "objects", blob_id.slice(0, 2), blob_id);
    writeFileSync(file, flip(readFileSync(file)));
    return;
  }
  const chunk = await ctx.db
    .selectFrom("storage_blobs")
    .select("data")
    .where("blob_id", "=", blob_id)
    .where("seq", "=", 0)
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable("storage_blobs")
    .set({ data: flip(chunk.data) })
    .where("blob_id", "=", blob_id)
    .where("seq", "=", 0)
    .execute();
}

const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Every way /storage/v1 could change or remove the object at `url`, as the holder of `token`. */
function everyVerb(url: string, token: string) {
  const key = keyOf(url);
  const as = (req: request.Test) => req.set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);
  const other = `legal/elsewhere-${++counter}/moved.pdf`;
  return {
    "upload with upsert": () =>
      as(request(ctx.app).post(url))
        .set("x-upsert", "true")
        .set("Content-Type", "application/pdf")
        .send(PDF_BYTES),
    "upload without upsert": () =>
      as(request(ctx.app).post(url)).set("Content-Type", "application/pdf").send(PDF_BYTES),
    "signed upload URL with upsert": async () => {
      const signed = await as(request(ctx.app).post(url.replace("/object/", "/object/upload/sign/")))
        .set("x-upsert", "true")
        .send({});
      if (signed.status !== 200) return signed;
      return request(ctx.app)
        .put(`/storage/v1${signed.body.url}`)
        .set("Content-Type", "application/pdf")
        .send(PDF_BYTES);
    },
    "update (PUT)": () =>
      as(request(ctx.app).put(url)).set("Content-Type", "application/pdf").send(PDF_BYTES),
    delete: () => as(request(ctx.app).delete(url)),
    "bulk remove": () =>
      as(request(ctx.app).delete("/storage/v1/object/documents")).send({ prefixes: [key] }),
    move: () =>
      as(request(ctx.app).post("/storage/v1/object/move")).send({
        bucketId: "documents",
        sourceKey: key,
        destinationKey: other,
      }),
    "copy onto it": async () => {
      const source = `legal/source-${++counter}/any.pdf`;
      await request(ctx.app)
        .post(`${PREFIX}${source}`)
        .set("apikey", ctx.anonKey)
        .set("Authorization", `Bearer ${staff}`)
        .set("Content-Type", "application/pdf")
        .send(PDF_BYTES)
        .expect(200);
      return as(request(ctx.app).post("/storage/v1/object/copy")).send({
        bucketId: "documents",
        sourceKey: source,
        destinationKey: key,
      });
    },
  };
}

async function assertUnchangeable(url: string) {
  const before = sha256((await legal.download(url)).bytes);
  for (const [who, token] of [
    ["staff", staff],
    ["admin", admin],
    ["service key", ctx.serviceRoleKey],
  ] as const) {
    for (const [verb, run] of Object.entries(everyVerb(url, token))) {
      const res = await run();
      expect(res.status, `${who} ${verb}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${who} ${verb}`).toBeLessThan(500);
      // Storage's error shape: the status as a string, a code and a message.
      expect(res.body, `${who} ${verb}`).toMatchObject({
        statusCode: String(res.status),
        error: expect.any(String),
        message: expect.any(String),
      });
      if (who !== "service key" && verb !== "upload without upsert" && verb !== "copy onto it") {
        expect(res.status, `${who} ${verb}`).toBe(409);
        expect(res.body.error, `${who} ${verb}`).toBe("ResourceLocked");
      }
      expect(sha256((await legal.download(url)).bytes), `${who} ${verb}`).toBe(before);
    }
  }
  return before;
}

describe("the files of sent and signed documents", () => {
  it("refuse every storage verb from staff, admins and the service key, and stay byte for byte", async () => {
    const { doc, tokens } = await sentNda(["Signer 1", "Signer 2"]);
    expect(await assertUnchangeable(doc.rendered_pdf_url as string)).toBe(doc.content_sha256);
    await assertUnchangeable(doc.rendered_docx_url as string);

    expect((await sign.sign(tokens[0], "Signer 1")).status).toBe(200);
    expect((await sign.sign(tokens[1], "Signer 2")).status).toBe(200);
    const done = await legal.read(doc.id);
    expect(done.status).toBe("fully_signed");
    expect(await assertUnchangeable(done.signed_pdf_url as string)).toBe(done.signed_sha256);
    expect(await assertUnchangeable(doc.rendered_pdf_url as string)).toBe(doc.content_sha256);
  });

  it("still lets staff replace and remove a draft's rendered files", async () => {
    const draft = await legal.ndaDraft([email("draft")]);
    const rendered = await legal.ok("render_legal_document", { document_id: draft.id });
    const verbs = everyVerb(rendered.rendered_pdf_url as string, staff);
    expect((await verbs["upload with upsert"]()).status).toBe(200);
    expect((await verbs.delete()).status).toBe(200);
  });
});

describe("a file changed underneath storage", () => {
  it("refuses the last signature, keeps the document open and shows the failure on its audit trail", async () => {
    const { doc, tokens } = await sentNda(["Signer 1", "Signer 2"]);
    expect((await sign.sign(tokens[0], "Signer 1")).status).toBe(200);
    await tamper(doc.rendered_pdf_url as string);

    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await sign.sign(tokens[1], "Signer 2");
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toEqual({
        code: "document_integrity_failed",
        message: expect.stringContaining("no longer matches the fingerprint"),
      });
    }
    const held = await legal.read(doc.id);
    expect(held.status).toBe("partially_signed");
    expect(held.signed_pdf_url).toBeNull();
    expect(held.parties[1]?.status).not.toBe("signed");
    // One entry per distinct stored file, however often the signer tries.
    const failures = held.audit.filter((e) => e.action === "integrity_failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]?.detail).toEqual({
      file: doc.rendered_pdf_url,
      expected_sha256: doc.content_sha256,
      actual_sha256: expect.not.stringMatching(doc.content_sha256 as string),
    });
    const completions = await ctx.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("kind", "=", "legal_fully_signed")
      .where(
        "to_address",
        "in",
        held.parties.map((p) => p.email as string),
      )
      .execute();
    expect(completions).toHaveLength(0);
  });
});

describe("the typed signature", () => {
  it("matches the party's name whatever the case, spacing and accents", async () => {
    const { doc, tokens } = await sentNda(["Anna-Lena Öberg", "Bo Åkesson"]);
    expect((await sign.sign(tokens[0], "anna-lena  ÖBERG")).status).toBe(200);
    expect((await sign.sign(tokens[1], "bo akesson")).status).toBe(200);
    const done = await legal.read(doc.id);
    expect(done.status).toBe("fully_signed");
    expect(done.parties.map((p) => p.signature)).toEqual(["anna-lena  ÖBERG", "bo akesson"]);
  });

  it("refuses another name (422, with the reason) and keeps the link usable", async () => {
    const { doc, tokens } = await sentNda(["Writer One", "Writer Two"]);
    const refused = await sign.sign(tokens[0], "Someone Else");
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: "signature_name_mismatch",
      message: expect.stringContaining("“Someone Else” is not the name this link was sent to (Writer One)"),
    });
    const unchanged = await legal.read(doc.id);
    expect(unchanged.status).toBe("awaiting_signatures");
    expect(unchanged.parties[0]?.status).not.toBe("signed");
    expect(unchanged.audit.map((e) => e.action)).not.toContain("signed");
    expect((await sign.sign(tokens[0], "Writer One")).status).toBe(200);
  });
});
