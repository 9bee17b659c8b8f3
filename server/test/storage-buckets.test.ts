import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { HTML_AS_PNG, JPEG, PDF, PNG, SVG } from "./support/storage-files";
import { listen, storedCounts } from "./support/storage-server";

/**
 * Bucket administration and the types objects are stored and served with, through a stock storage-js
 * client against the real server on this run's engine.
 */

let ctx: TestContext;
let http: Awaited<ReturnType<typeof listen>>;
let adminToken: string;
let staffToken: string;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false" } });
  http = await listen(ctx);
  adminToken = await ctx.userToken({ role: "admin" });
  staffToken = await ctx.userToken({ role: "staff" });
});
afterAll(async () => {
  await http.close();
  await ctx.close();
});

const admin = () => http.storage(adminToken);
const staff = () => http.storage(staffToken);
const stored = () => storedCounts(ctx);
let counter = 0;
const fresh = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}`;
const BUILT_IN = ["deliverables", "documents", "event-posters", "portfolio-media"];
const PUBLIC_BUILT_IN = ["event-posters", "portfolio-media"];
const bucketRows = () => ctx.db.selectFrom("storage_buckets").selectAll().orderBy("id").execute();

describe("bucket administration by an administrator", () => {
  it("creates a bucket with its rules, lists it, refuses the same id twice and reserved or bad names", async () => {
    const id = fresh("press-kits");
    const created = await admin().createBucket(id, {
      public: true,
      fileSizeLimit: "2KB",
      allowedMimeTypes: ["image/*", "text/plain"],
    });
    expect(created).toEqual({ data: { name: id }, error: null });

    const one = await admin().getBucket(id);
    expect(one.data).toMatchObject({
      id,
      name: id,
      public: true,
      file_size_limit: 2000,
      allowed_mime_types: ["image/*", "text/plain"],
    });
    expect((await staff().listBuckets()).data?.map((b) => b.id)).toContain(id);

    const again = await admin().createBucket(id);
    expect(again.error).toMatchObject({ status: 409, statusCode: "409" });
    for (const bad of ["upload", "sign", "public", "Capitals", "a/b", "-dash", "x".repeat(64)]) {
      const refused = await admin().createBucket(bad);
      expect(refused.error, bad).toMatchObject({ status: 400 });
    }
    const tooLarge = await admin().createBucket(fresh("huge"), { public: false, fileSizeLimit: "5GB" });
    expect(tooLarge.error).toMatchObject({ status: 400 });

    // Without rules: the server's maximum size and any type (null, as Supabase answers it).
    const open = fresh("open");
    expect((await admin().createBucket(open)).error).toBeNull();
    expect((await admin().getBucket(open)).data).toMatchObject({
      public: false,
      file_size_limit: 500 * 1024 * 1024,
      allowed_mime_types: null,
    });
  });

  it("changes a bucket's rules, and uploads follow the new ones", async () => {
    const id = fresh("demos");
    await admin().createBucket(id, { public: false, allowedMimeTypes: ["image/png"] });
    expect((await staff().from(id).upload("a.jpg", JPEG, { contentType: "image/jpeg" })).error).toMatchObject(
      {
        status: 415,
      },
    );

    const updated = await admin().updateBucket(id, {
      public: true,
      fileSizeLimit: 64,
      allowedMimeTypes: ["image/png", "image/jpeg"],
    });
    expect(updated).toEqual({ data: { message: "Successfully updated" }, error: null });
    expect((await admin().getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 64,
      allowed_mime_types: ["image/png", "image/jpeg"],
    });
    expect((await staff().from(id).upload("a.jpg", JPEG, { contentType: "image/jpeg" })).error).toBeNull();
    const public_ = await fetch(http.storage().from(id).getPublicUrl("a.jpg").data.publicUrl);
    expect(public_.status).toBe(200);
    const big = Buffer.concat([JPEG, Buffer.alloc(64)]);
    expect(
      (await staff().from(id).upload("big.jpg", big, { contentType: "image/jpeg" })).error,
    ).toMatchObject({
      status: 413,
    });

    const nothing = await admin().updateBucket(id, {} as never);
    expect(nothing.error).toMatchObject({ status: 400 });
    expect((await admin().updateBucket(fresh("missing"), { public: true })).error).toMatchObject({
      status: 404,
    });
  });

  it("empties a bucket, and deletes it only once it is empty", async () => {
    const id = fresh("scratch");
    await admin().createBucket(id, { public: false, allowedMimeTypes: ["image/png"] });
    for (const key of ["a.png", "b/c.png"])
      await staff().from(id).upload(key, PNG, { contentType: "image/png" });
    const before = await stored();

    const notEmpty = await admin().deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ status: 409, statusCode: "409" });
    expect(await stored()).toEqual(before);

    expect(await admin().emptyBucket(id)).toEqual({ data: { message: "Successfully emptied" }, error: null });
    expect(await stored()).toEqual({ ...before, rows: before.rows - 2, blobs: before.blobs - 2 });
    expect(await admin().deleteBucket(id)).toEqual({
      data: { message: "Successfully deleted" },
      error: null,
    });
    expect((await admin().getBucket(id)).error).toMatchObject({ status: 404 });
    expect((await admin().deleteBucket(id)).error).toMatchObject({ status: 404 });
  });
});

describe("the built-in buckets", () => {
  let poster: string;
  beforeAll(async () => {
    poster = fresh("kept.png");
    await staff().from("event-posters").upload(poster, PNG, { contentType: "image/png" });
  });

  it.each(BUILT_IN)(
    "%s cannot be deleted, emptied or given other rules, even by an administrator",
    async (id) => {
      const rows = await bucketRows();
      const objects = await stored();
      const forbidden = { status: 403, statusCode: "403" };
      expect((await admin().deleteBucket(id)).error).toMatchObject(forbidden);
      expect((await admin().emptyBucket(id)).error).toMatchObject(forbidden);
      expect((await admin().updateBucket(id, { public: !PUBLIC_BUILT_IN.includes(id) })).error).toMatchObject(
        forbidden,
      );
      const isPublic = PUBLIC_BUILT_IN.includes(id);
      expect((await admin().updateBucket(id, { public: isPublic, fileSizeLimit: 1 })).error).toMatchObject(
        forbidden,
      );
      expect(
        (await admin().updateBucket(id, { public: isPublic, allowedMimeTypes: ["text/html"] })).error,
      ).toMatchObject(forbidden);
      expect(
        (await admin().updateBucket(id, { public: isPublic, allowedMimeTypes: null })).error,
      ).toMatchObject(forbidden);
      expect(await bucketRows()).toEqual(rows);
      expect(await stored()).toEqual(objects);
    },
  );

  it("answer the refusal in Storage's error shape, and a request that changes nothing succeeds", async () => {
    const res = await fetch(`${http.base}/storage/v1/bucket/documents`, {
      method: "DELETE",
      headers: { apikey: ctx.anonKey, Authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      statusCode: "403",
      code: "AccessDenied",
      error: "AccessDenied",
      message: expect.stringContaining("cannot be deleted"),
    });
    expect((await admin().updateBucket("event-posters", { public: true })).error).toBeNull();
    expect((await staff().from("event-posters").download(poster)).error).toBeNull();
  });
});

describe("bucket administration by anyone else", () => {
  it.each([
    ["staff", 403],
    ["anon", 401],
  ] as const)("%s cannot create, change, empty or delete a bucket (%i)", async (who, status) => {
    const client = who === "staff" ? staff() : http.storage();
    const id = fresh("theirs");
    await admin().createBucket(id, { public: false, allowedMimeTypes: ["image/png"] });
    await staff().from(id).upload("x.png", PNG, { contentType: "image/png" });
    const rows = await bucketRows();
    const objects = await stored();
    for (const attempt of [
      client.createBucket(fresh("mine")),
      client.updateBucket(id, { public: true }),
      client.emptyBucket(id),
      client.deleteBucket(id),
      client.deleteBucket("documents"),
    ]) {
      const { error } = await attempt;
      expect(error).toMatchObject({ status, statusCode: String(status) });
    }
    expect(await bucketRows()).toEqual(rows);
    expect(await stored()).toEqual(objects);
  });
});

describe("the type an object is stored with", () => {
  let notes: string;
  let web: string;
  beforeAll(async () => {
    notes = fresh("notes");
    web = fresh("web");
    await admin().createBucket(notes, { public: true, allowedMimeTypes: ["text/plain", "image/*"] });
    await admin().createBucket(web, { public: true, allowedMimeTypes: ["text/html", "image/svg+xml"] });
  });

  it("keeps the client's text/plain where the bucket takes it, and serves it so", async () => {
    const text = Buffer.from("Setlist: intro, verse, chorus\n");
    const up = await staff().from(notes).upload("setlist.txt", text, { contentType: "text/plain" });
    expect(up.error).toBeNull();
    expect((await staff().from(notes).info("setlist.txt")).data).toMatchObject({ contentType: "text/plain" });
    const res = await fetch(http.storage().from(notes).getPublicUrl("setlist.txt").data.publicUrl);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(text);

    // HTML sent as text/plain is stored as text: nothing reads it as a page.
    await staff().from(notes).upload("page.txt", HTML_AS_PNG, { contentType: "text/plain; charset=utf-8" });
    expect((await staff().from(notes).info("page.txt")).data).toMatchObject({ contentType: "text/plain" });
  });

  it("takes the bytes' type when the claim disagrees with them, and refuses what fits neither", async () => {
    // storage-js sends text/plain for bytes given no type: a PNG is still a PNG (image/* is allowed).
    expect((await staff().from(notes).upload("photo", PNG)).error).toBeNull();
    expect((await staff().from(notes).info("photo")).data).toMatchObject({ contentType: "image/png" });
    const jpegAsPng = await staff().from(notes).upload("jpeg.png", JPEG, { contentType: "image/png" });
    expect(jpegAsPng.error).toBeNull();
    expect((await staff().from(notes).info("jpeg.png")).data).toMatchObject({ contentType: "image/jpeg" });

    const before = await stored();
    const binaryAsText = Buffer.concat([Buffer.from("abc"), Buffer.from([0, 1, 2, 3])]);
    for (const [name, bytes, contentType] of [
      ["binary.txt", binaryAsText, "text/plain"],
      ["html.png", HTML_AS_PNG, "image/png"],
      ["doc.pdf", PDF, "application/pdf"],
      ["page.html", HTML_AS_PNG, "text/html"],
    ] as const) {
      const { error } = await staff().from(notes).upload(name, bytes, { contentType });
      expect(error, name).toMatchObject({ status: 415 });
    }
    expect(await stored()).toEqual(before);
  });

  it("keeps a claimed type the built-in buckets take when the bytes show it", async () => {
    const key = fresh("cover.jpg");
    await staff().from("portfolio-media").upload(key, JPEG, { contentType: "image/jpeg" });
    expect((await staff().from("portfolio-media").info(key)).data).toMatchObject({
      contentType: "image/jpeg",
    });
  });

  it.each([
    ["page.html", HTML_AS_PNG, "text/html"],
    ["logo.svg", SVG, "image/svg+xml"],
  ])("serves %s only as a sandboxed attachment, never inline", async (name, bytes, type) => {
    expect((await staff().from(web).upload(name, bytes, { contentType: type })).error).toBeNull();
    const urls = [
      http.storage().from(web).getPublicUrl(name).data.publicUrl,
      (await staff().from(web).createSignedUrl(name, 60)).data?.signedUrl as string,
    ];
    for (const url of urls) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
  });
});
