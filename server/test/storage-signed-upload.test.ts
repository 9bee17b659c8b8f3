import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUrlSigner } from "../src/modules/storage/signed-url";
import { createTestContext, TEST_SECRET, type TestContext } from "./helpers";
import { HTML_AS_PNG, JPEG, PDF, PNG } from "./support/storage-files";
import { listen, storedCounts } from "./support/storage-server";

/**
 * Signed upload URLs through a stock storage-js client against the real server: staff sign, anyone with
 * the URL uploads once, to that key only, within the bucket's rules, until the URL expires.
 */

let ctx: TestContext;
let http: Awaited<ReturnType<typeof listen>>;
let staffToken: string;
let staffId: string;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false" } });
  http = await listen(ctx);
  staffToken = await ctx.userToken({ role: "staff" });
  staffId = JSON.parse(Buffer.from(staffToken.split(".")[1] as string, "base64url").toString()).sub;
});
afterAll(async () => {
  await http.close();
  await ctx.close();
});

const staff = () => http.storage(staffToken);
/** The holder of a signed URL: the anon key, no person. */
const holder = () => http.storage();
const stored = () => storedCounts(ctx);
let counter = 0;
const unique = (name: string) => `signed-${++counter}-${Date.now().toString(36)}/${name}`;

async function signUpload(bucket: string, path: string, upsert = false) {
  const signed = await staff().from(bucket).createSignedUploadUrl(path, { upsert });
  expect(signed.error).toBeNull();
  return signed.data as { signedUrl: string; token: string; path: string };
}

const PNG_TYPE = { contentType: "image/png" };

describe("createSignedUploadUrl and uploadToSignedUrl", () => {
  it("sign a URL for the key that uploads without a token, owned by the signer, and only once", async () => {
    const path = unique("poster.png");
    const signed = await signUpload("event-posters", path);
    expect(signed.path).toBe(path);
    expect(signed.signedUrl).toBe(
      `${http.base}/storage/v1/object/upload/sign/event-posters/${path}?token=${signed.token}`,
    );

    const uploaded = await holder()
      .from("event-posters")
      .uploadToSignedUrl(path, signed.token, PNG, PNG_TYPE);
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toEqual({ path, fullPath: `event-posters/${path}` });
    const row = await ctx.db
      .selectFrom("storage_objects")
      .selectAll()
      .where("bucket_id", "=", "event-posters")
      .where("name", "=", path)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner: staffId, mimetype: "image/png", size: PNG.length });
    const downloaded = await fetch(`${http.base}/storage/v1/object/public/event-posters/${path}`);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(PNG);

    // A second upload with the same URL is refused even when the key is free again.
    await staff().from("event-posters").remove([path]);
    const before = await stored();
    const again = await holder().from("event-posters").uploadToSignedUrl(path, signed.token, PNG, PNG_TYPE);
    expect(again.error).toMatchObject({ status: 400, statusCode: "400" });
    expect(await stored()).toEqual(before);
  });

  it("answer a raw PUT in Storage's shapes: the Key on success, InvalidSignature when reused", async () => {
    const path = unique("raw.pdf");
    const signed = await signUpload("documents", path);
    const put = () =>
      fetch(signed.signedUrl, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: PDF });
    const first = await put();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ Key: `documents/${path}` });
    const second = await put();
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({
      statusCode: "400",
      code: "InvalidSignature",
      error: "InvalidSignature",
      message: "The signed upload URL has already been used",
    });
  });

  it("replace an existing object only when the URL was signed with upsert, whatever the upload says", async () => {
    const path = unique("replace.png");
    expect((await staff().from("event-posters").upload(path, PNG, PNG_TYPE)).error).toBeNull();

    const plain = await signUpload("event-posters", path);
    const before = await stored();
    const refused = await holder()
      .from("event-posters")
      .uploadToSignedUrl(path, plain.token, JPEG, { contentType: "image/jpeg", upsert: true });
    expect(refused.error).toMatchObject({ status: 409 });
    expect(await stored()).toEqual(before);

    const upsert = await signUpload("event-posters", path, true);
    const replaced = await holder()
      .from("event-posters")
      .uploadToSignedUrl(path, upsert.token, JPEG, { contentType: "image/jpeg" });
    expect(replaced.error).toBeNull();
    const info = await staff().from("event-posters").info(path);
    expect(info.data).toMatchObject({ contentType: "image/jpeg", size: JPEG.length });
  });

  it("keep the bucket's rules: its types and its size limit; a refused upload leaves the URL usable", async () => {
    const path = unique("evil.png");
    const signed = await signUpload("event-posters", path);
    const before = await stored();
    const html = await holder()
      .from("event-posters")
      .uploadToSignedUrl(path, signed.token, HTML_AS_PNG, PNG_TYPE);
    expect(html.error).toMatchObject({ status: 415 });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await holder().from("event-posters").uploadToSignedUrl(path, signed.token, big, PNG_TYPE);
    expect(tooBig.error).toMatchObject({ status: 413 });
    expect(await stored()).toEqual(before);

    const fine = await holder().from("event-posters").uploadToSignedUrl(path, signed.token, PNG, PNG_TYPE);
    expect(fine.error).toBeNull();
  });

  it("refuse a token for another key or bucket, a forged or download token, and an expired one: nothing written", async () => {
    const path = unique("bound.png");
    const signed = await signUpload("event-posters", path);
    const before = await stored();
    const tryUpload = (bucket: string, key: string, token: string) =>
      holder().from(bucket).uploadToSignedUrl(key, token, PNG, PNG_TYPE);

    expect((await tryUpload("event-posters", unique("other.png"), signed.token)).error).toMatchObject({
      status: 400,
    });
    expect((await tryUpload("portfolio-media", path, signed.token)).error).toMatchObject({ status: 400 });
    const [head, claims, signature] = signed.token.split(".") as [string, string, string];
    const elsewhere = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(claims, "base64url").toString()),
        url: "event-posters/elsewhere.png",
      }),
    ).toString("base64url");
    expect(
      (await tryUpload("event-posters", "elsewhere.png", `${head}.${elsewhere}.${signature}`)).error,
    ).toMatchObject({
      status: 400,
    });
    const otherSecret = createUrlSigner("another-secret-that-is-at-least-32-bytes", ctx.clock.now);
    const forged = otherSecret.signUpload("event-posters", path, { upsert: true, owner: null });
    expect((await tryUpload("event-posters", path, forged)).error).toMatchObject({ status: 400 });
    const downloadToken = createUrlSigner(TEST_SECRET, ctx.clock.now).sign("event-posters", path, 600);
    expect((await tryUpload("event-posters", path, downloadToken)).error).toMatchObject({ status: 400 });

    const missingToken = await fetch(`${http.base}/storage/v1/object/upload/sign/event-posters/${path}`, {
      method: "PUT",
      body: PNG,
    });
    expect(missingToken.status).toBe(400);
    expect(await missingToken.json()).toMatchObject({ statusCode: "400", code: "InvalidSignature" });

    // Two hours on the server's clock: the URL has expired.
    ctx.clock.advance(2 * 3600 + 1);
    try {
      const expired = await fetch(signed.signedUrl, { method: "PUT", body: PNG });
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({
        code: "InvalidSignature",
        message: "The signed URL has expired",
      });
    } finally {
      ctx.clock.advance(-(2 * 3600 + 1));
    }
    expect(await stored()).toEqual(before);
  });

  it("are signed only by those who may upload, and the signing path is no bucket called upload", async () => {
    const path = unique("nope.png");
    expect((await holder().from("event-posters").createSignedUploadUrl(path)).error).toMatchObject({
      status: 401,
    });
    const noRole = http.storage(await ctx.userToken({ role: null }));
    expect((await noRole.from("event-posters").createSignedUploadUrl(path)).error).toMatchObject({
      status: 403,
    });
    expect((await staff().from("no-such-bucket").createSignedUploadUrl(path)).error).toMatchObject({
      status: 404,
    });
    expect(
      (await staff().from("event-posters").createSignedUploadUrl("a//empty-segment.png")).error,
    ).toMatchObject({
      status: 400,
    });
  });

  it("never write the token to the log", async () => {
    const path = unique("logged.png");
    const signed = await signUpload("event-posters", path);
    await holder().from("event-posters").uploadToSignedUrl(path, signed.token, PNG, PNG_TYPE);
    await fetch(signed.signedUrl, { method: "PUT", body: PNG });
    const logged = ctx.logs.join("\n");
    expect(logged).toContain("/object/upload/sign/event-posters/");
    expect(logged).not.toContain(signed.token);
    expect(logged).not.toContain(signed.token.split(".")[2] as string);
  });
});
