import { readFileSync, statSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { join } from "node:path";
import { StorageClient } from "@supabase/storage-js";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { stockClient } from "./support/stock-supabase";
import { AVIF, DOCX, HTML_AS_PNG, JPEG, PDF, PLAIN_ZIP, PNG, SVG, WEBP } from "./support/storage-files";
import { filesUnder, storedCounts } from "./support/storage-server";

/**
 * File storage through a stock @supabase/storage-js (and supabase-js) client against the real server,
 * on this run's engine (bytes on disk with SQLite, in the database with PostgreSQL), plus raw HTTP for
 * what a client library would normalise away.
 */

let ctx: TestContext;
let server: Server;
let base: string;
let staffToken: string;
let noRoleToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false" } });
  server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  staffToken = await ctx.userToken({ role: "staff" });
  noRoleToken = await ctx.userToken({ role: null });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

const storage = (token?: string) =>
  new StorageClient(`${base}/storage/v1`, {
    apikey: ctx.anonKey,
    Authorization: `Bearer ${token ?? ctx.anonKey}`,
  });
const staff = () => storage(staffToken);
const anon = () => storage();
let counter = 0;
const unique = (name: string) => `t${++counter}-${Date.now().toString(36)}/${name}`;

const stored = () => storedCounts(ctx);

/**
 * Sends bytes exactly as written (no URL normalisation) and reads the status and body. The request asks
 * for Connection: close and the socket is not half-closed: Node's server drops a request whose client
 * has already ended its side.
 */
function rawRequest(text: string): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(Buffer.from(text, "latin1")));
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf("\r\n\r\n") + 4) });
    });
  });
}

describe("storage-js as staff", () => {
  it("uploads, refuses a second upload of the key, replaces with upsert, and downloads the new bytes", async () => {
    const path = unique("poster.png");
    const first = await staff().from("event-posters").upload(path, PNG, { contentType: "image/png" });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ path, fullPath: `event-posters/${path}`, id: expect.any(String) });

    const again = await staff().from("event-posters").upload(path, JPEG, { contentType: "image/jpeg" });
    expect(again.data).toBeNull();
    expect(again.error).toMatchObject({
      status: 409,
      statusCode: "409",
      message: "The resource already exists",
    });

    const before = await stored();
    const replaced = await staff()
      .from("event-posters")
      .upload(path, JPEG, { contentType: "image/jpeg", upsert: true });
    expect(replaced.error).toBeNull();
    expect(replaced.data?.id).toBe(first.data?.id);
    // The old bytes went with the replace: one row, one blob, as before.
    expect(await stored()).toEqual(before);

    const downloaded = await staff().from("event-posters").download(path);
    expect(downloaded.error).toBeNull();
    expect(Buffer.from(await (downloaded.data as Blob).arrayBuffer())).toEqual(JPEG);
    expect(downloaded.data?.type).toBe("image/jpeg");

    const updated = await staff().from("event-posters").update(path, WEBP, { contentType: "image/webp" });
    expect(updated.error).toBeNull();
    const info = await staff().from("event-posters").info(path);
    expect(info.data).toMatchObject({ name: path, size: WEBP.length, contentType: "image/webp" });
    expect((await staff().from("event-posters").exists(path)).data).toBe(true);
    expect((await staff().from("event-posters").exists(unique("nothing.png"))).data).toBe(false);
  });

  it("uploads a Blob as a form, keeping its cache control, and stores the detected type, not the sent one", async () => {
    const path = unique("avif-as-blob.avif");
    const { error } = await staff()
      .from("portfolio-media")
      .upload(path, new Blob([AVIF], { type: "text/plain" }), { cacheControl: "60" });
    expect(error).toBeNull();
    const res = await fetch(`${base}/storage/v1/object/public/portfolio-media/${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect(res.headers.get("cache-control")).toBe("max-age=60");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(AVIF);
  });

  it("lists one folder level: folders with id null, files with metadata, paged and sorted", async () => {
    const root = unique("").replace(/\/$/, "");
    for (const name of ["b.png", "a.png", "sub/c.png", "sub/deeper/d.png", "other/e.png"]) {
      const { error } = await staff()
        .from("event-posters")
        .upload(`${root}/${name}`, PNG, { contentType: "image/png" });
      expect(error).toBeNull();
    }
    const { data, error } = await staff().from("event-posters").list(root);
    expect(error).toBeNull();
    expect(data?.map((e) => [e.name, e.id === null])).toEqual([
      ["a.png", false],
      ["b.png", false],
      ["other", true],
      ["sub", true],
    ]);
    expect(data?.[0]).toMatchObject({
      id: expect.any(String),
      created_at: expect.any(String),
      metadata: {
        size: PNG.length,
        mimetype: "image/png",
        cacheControl: "max-age=3600",
        eTag: expect.any(String),
      },
    });
    expect(data?.[2]).toMatchObject({ name: "other", id: null, metadata: null, created_at: null });

    const page = await staff()
      .from("event-posters")
      .list(root, { limit: 2, offset: 1, sortBy: { column: "name", order: "desc" } });
    expect(page.data?.map((e) => e.name)).toEqual(["other", "b.png"]);
    const searched = await staff().from("event-posters").list(root, { search: "S" });
    expect(searched.data?.map((e) => e.name)).toEqual(["sub"]);
    const sub = await staff().from("event-posters").list(`${root}/sub`);
    expect(sub.data?.map((e) => e.name)).toEqual(["c.png", "deeper"]);
  });

  it("moves, copies and removes, answering what storage-js expects", async () => {
    const path = unique("move-me.png");
    await staff().from("event-posters").upload(path, PNG, { contentType: "image/png" });
    const moved = await staff().from("event-posters").move(path, `${path}.moved.png`);
    expect(moved).toEqual({ data: { message: "Successfully moved" }, error: null });
    expect((await staff().from("event-posters").download(path)).error).toMatchObject({ status: 404 });

    const copied = await staff().from("event-posters").copy(`${path}.moved.png`, `${path}.copy.png`);
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `event-posters/${path}.copy.png` });
    const clash = await staff().from("event-posters").move(`${path}.moved.png`, `${path}.copy.png`);
    expect(clash.error).toMatchObject({ status: 409 });

    const before = await stored();
    const removed = await staff()
      .from("event-posters")
      .remove([`${path}.moved.png`, `${path}.copy.png`, `${path}.never.png`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name).sort()).toEqual([`${path}.copy.png`, `${path}.moved.png`]);
    expect(await stored()).toEqual({ ...before, rows: before.rows - 2, blobs: before.blobs - 2 });
  });

  it("signs URLs that download without a token, and only the object they were made for, until they expire", async () => {
    const path = unique("contract.pdf");
    expect(
      (await staff().from("documents").upload(path, PDF, { contentType: "application/pdf" })).error,
    ).toBeNull();
    const signed = await staff().from("documents").createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const url = signed.data?.signedUrl as string;
    expect(url).toContain(`/storage/v1/object/sign/documents/${path}?token=`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);

    const token = new URL(url).searchParams.get("token") as string;
    const other = unique("other.pdf");
    await staff().from("documents").upload(other, PDF, { contentType: "application/pdf" });
    const elsewhere = await fetch(`${base}/storage/v1/object/sign/documents/${other}?token=${token}`);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ statusCode: "400", code: "InvalidSignature" });
    const tampered = `${token.slice(0, -3)}${token.slice(-3) === "AAA" ? "BBB" : "AAA"}`;
    expect((await fetch(`${base}/storage/v1/object/sign/documents/${path}?token=${tampered}`)).status).toBe(
      400,
    );
    expect((await fetch(`${base}/storage/v1/object/sign/documents/${path}`)).status).toBe(400);

    const many = await staff().from("documents").createSignedUrls([path, "missing/x.pdf"], 60);
    expect(many.data?.[0]).toMatchObject({ path, error: null, signedUrl: expect.stringContaining("token=") });
    expect(many.data?.[1]).toMatchObject({
      path: "missing/x.pdf",
      signedUrl: null,
      error: expect.any(String),
    });

    // The server's clock moves past the expiry: the same link is refused.
    ctx.clock.advance(61);
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({
        code: "InvalidSignature",
        message: "The signed URL has expired",
      });
    } finally {
      ctx.clock.advance(-61);
    }
  });

  it("keeps PDFs and Word documents in documents, and refuses other types there", async () => {
    expect(
      (await staff().from("documents").upload(unique("a.docx"), DOCX, { contentType: "application/zip" }))
        .error,
    ).toBeNull();
    const info = await staff().from("documents").list(unique("").split("/")[0]);
    expect(info.error).toBeNull();
    for (const [name, bytes] of [
      ["plain.zip", PLAIN_ZIP],
      ["image.png", PNG],
    ] as const) {
      const { error } = await staff().from("documents").upload(unique(name), bytes);
      expect(error).toMatchObject({ status: 415, statusCode: "415" });
    }
  });

  it("reads the buckets", async () => {
    const res = await request(ctx.app)
      .get("/storage/v1/bucket")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`);
    expect(res.status).toBe(200);
    expect(res.body.map((b: { id: string; public: boolean }) => [b.id, b.public])).toEqual([
      ["deliverables", false],
      ["documents", false],
      ["event-posters", true],
      ["portfolio-media", true],
    ]);
    const one = await staff().getBucket("event-posters");
    expect(one.data).toMatchObject({ id: "event-posters", public: true, file_size_limit: 5 * 1024 * 1024 });
    expect((await anon().listBuckets()).error).toMatchObject({ status: 401 });
  });
});

describe("storage-js as anon and as a user without a role", () => {
  let poster: string;
  let document: string;
  beforeAll(async () => {
    poster = unique("public.png");
    document = unique("secret.pdf");
    await staff().from("event-posters").upload(poster, PNG, { contentType: "image/png" });
    await staff().from("documents").upload(document, PDF, { contentType: "application/pdf" });
  });

  it.each([
    ["anon", 401],
    ["noRole", 403],
  ] as const)("as %s cannot write, list, sign, move or remove anywhere (%i)", async (who, status) => {
    const client = who === "anon" ? anon() : storage(noRoleToken);
    const before = await stored();
    for (const bucket of ["event-posters", "portfolio-media", "documents"]) {
      const bytes = bucket === "documents" ? PDF : PNG;
      expect((await client.from(bucket).upload(unique("x.png"), bytes)).error).toMatchObject({ status });
      expect((await client.from(bucket).upload(poster, bytes, { upsert: true })).error).toMatchObject({
        status,
      });
      expect((await client.from(bucket).list()).error).toMatchObject({ status });
      expect((await client.from(bucket).remove([poster])).error).toMatchObject({ status });
      expect((await client.from(bucket).move(poster, unique("y.png"))).error).toMatchObject({ status });
    }
    expect((await client.from("documents").createSignedUrl(document, 60)).error).toMatchObject({ status });
    expect(await stored()).toEqual(before);
  });

  it.each(["anon", "noRole"] as const)("as %s reads public posters but not documents", async (who) => {
    const client = who === "anon" ? anon() : storage(noRoleToken);
    expect((await client.from("event-posters").download(poster)).error).toBeNull();
    expect((await client.from("documents").download(document)).error).toMatchObject({
      status: who === "anon" ? 401 : 403,
    });
    const publicUrl = client.from("documents").getPublicUrl(document).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(404);
  });
});

describe("public downloads", () => {
  let path: string;
  beforeAll(async () => {
    path = unique("cached.png");
    await staff().from("event-posters").upload(path, PNG, { contentType: "image/png" });
  });

  it("need no token, and carry the type, an ETag, nosniff and a public max-age of 3600", async () => {
    const url = anon().from("event-posters").getPublicUrl(path).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("max-age=3600");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBeNull();
    const etag = res.headers.get("etag") as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const revalidated = await fetch(url, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect((await fetch(url, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);

    const head = await request(ctx.app).head(`/storage/v1/object/public/event-posters/${path}`);
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(PNG.length));
    expect(head.headers.etag).toBe(etag);
  });

  it("answer ?download as an attachment under the given or the object's name", async () => {
    const named = await fetch(`${base}/storage/v1/object/public/event-posters/${path}?download=flyer.png`);
    expect(named.headers.get("content-disposition")).toBe('attachment; filename="flyer.png"');
    const own = await fetch(`${base}/storage/v1/object/public/event-posters/${path}?download`);
    expect(own.headers.get("content-disposition")).toBe('attachment; filename="cached.png"');
  });

  it("keep the stored type under ?download whatever the name, and the name cannot add a header", async () => {
    const url = (name: string) =>
      `${base}/storage/v1/object/public/event-posters/${path}?download=${encodeURIComponent(name)}`;
    for (const name of ["page.html", "image.svg", "script.js", "x.xhtml"]) {
      const res = await fetch(url(name));
      expect(res.headers.get("content-type"), name).toBe("image/png");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    }
    const hostile = await fetch(url('a"b;c\r\nSet-Cookie: owned=1; x=y.html'));
    expect(hostile.status).toBe(200);
    expect(hostile.headers.get("set-cookie")).toBeNull();
    expect(hostile.headers.get("content-type")).toBe("image/png");
    expect(hostile.headers.get("content-disposition")).toBe(
      'attachment; filename="a\\"b;c__Set-Cookie: owned=1; x=y.html"',
    );
    const swedish = await fetch(url("Låt – demo.png"));
    expect(swedish.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Låt ? demo.png\"; filename*=UTF-8''L%C3%A5t%20%E2%80%93%20demo.png",
    );
  });

  it("are private when read with a token", async () => {
    const res = await request(ctx.app)
      .get(`/storage/v1/object/authenticated/event-posters/${path}`)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("answer a missing object with 404 in Storage's shape", async () => {
    const res = await fetch(`${base}/storage/v1/object/public/event-posters/${unique("none.png")}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: "404",
      code: "NoSuchKey",
      error: "NoSuchKey",
      message: "Object not found",
    });
  });
});

describe("refused uploads write nothing", () => {
  const upload = (bucket: string, path: string, body: Buffer, type = "image/png") =>
    request(ctx.app)
      .post(`/storage/v1/object/${bucket}/${path}`)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`)
      .set("Content-Type", type)
      .send(body);

  it.each([
    ["HTML named .png", "event-posters", HTML_AS_PNG, "image/png"],
    ["an SVG", "event-posters", SVG, "image/svg+xml"],
    ["an SVG in documents", "documents", SVG, "image/svg+xml"],
    ["a PDF among posters", "event-posters", PDF, "application/pdf"],
    ["an empty file", "portfolio-media", Buffer.alloc(0), "image/png"],
  ])("%s: 415", async (_what, bucket, body, type) => {
    const before = await stored();
    const res = await upload(bucket, unique("evil.png"), body, type);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      statusCode: "415",
      code: "InvalidMimeType",
      message: expect.any(String),
    });
    expect(await stored()).toEqual(before);
  });

  it("over the bucket's size limit: 413, with or without a Content-Length", async () => {
    const before = await stored();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload("event-posters", unique("big.png"), big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
    expect(await stored()).toEqual(before);

    // Streamed (chunked, no length): refused once the limit is passed.
    const chunked = await fetch(`${base}/storage/v1/object/event-posters/${unique("stream.png")}`, {
      method: "POST",
      headers: { apikey: ctx.anonKey, Authorization: `Bearer ${staffToken}`, "Content-Type": "image/png" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await stored()).toEqual(before);

    // Just under the limit is fine.
    const fits = await upload("event-posters", unique("fits.png"), big.subarray(0, 5 * 1024 * 1024));
    expect(fits.status).toBe(200);
  });

  const TRAVERSALS = [
    "a/../b.png",
    "../b.png",
    "a/./b.png",
    "a//b.png",
    "a/b.png/",
    "%2e%2e/b.png",
    "a/%2E%2E/b.png",
    "%2e/b.png",
    "%252e%252e/b.png",
    "a/%252e%252e%252fb.png",
    "..%2fb.png",
    "a%2f..%2fb.png",
    "a\\b.png",
    "a%5cb.png",
    "a%5c..%5cb.png",
    "a%00b.png",
    "a%0ab.png",
    "a%7fb.png",
    "a%c2%85b.png",
    "%e0%a4%a.png",
  ];
  it.each(TRAVERSALS)("a key %s: 400, through raw HTTP", async (key) => {
    const before = await stored();
    const head = [
      `POST /storage/v1/object/event-posters/${key} HTTP/1.1`,
      "Host: localhost",
      `apikey: ${ctx.anonKey}`,
      `Authorization: Bearer ${staffToken}`,
      "Content-Type: image/png",
      `Content-Length: ${PNG.length}`,
      "Connection: close",
    ].join("\r\n");
    const res = await rawRequest(`${head}\r\n\r\n${PNG.toString("latin1")}`);
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: "400", code: "InvalidKey" });
    expect(await stored()).toEqual(before);

    const read = await rawRequest(
      `GET /storage/v1/object/public/event-posters/${key} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(read.status).toBe(400);
  });

  it("a key in a JSON body with a '..' segment: 400", async () => {
    const path = unique("kept.png");
    await staff().from("event-posters").upload(path, PNG);
    const before = await stored();
    expect((await staff().from("event-posters").move(path, "../escaped.png")).error).toMatchObject({
      status: 400,
    });
    expect((await staff().from("event-posters").copy(path, "a/./b.png")).error).toMatchObject({
      status: 400,
    });
    expect((await staff().from("event-posters").remove(["../x.png"])).error).toMatchObject({ status: 400 });
    expect(await stored()).toEqual(before);
  });
});

describe("where the bytes live", () => {
  it("in 0600 files in 0700 folders with SQLite; in the database, and no file, with PostgreSQL", async () => {
    const path = unique("mode.png");
    await staff().from("event-posters").upload(path, PNG);
    const row = await ctx.db
      .selectFrom("storage_objects")
      .select("blob_id")
      .where("name", "=", path)
      .executeTakeFirstOrThrow();
    const files = filesUnder(join(ctx.config.STORAGE_DIR, "objects"));
    if (ctx.db.engine === "postgres") {
      expect(files).toEqual([]);
      const chunks = await ctx.db
        .selectFrom("storage_blobs")
        .select("data")
        .where("blob_id", "=", row.blob_id)
        .execute();
      expect(Buffer.concat(chunks.map((c) => c.data))).toEqual(PNG);
      return;
    }
    const file = files.find((f) => f.endsWith(row.blob_id)) as string;
    expect(readFileSync(file)).toEqual(PNG);
    for (const f of files) {
      expect(statSync(f).mode & 0o777).toBe(0o600);
      expect(statSync(join(f, "..")).mode & 0o777).toBe(0o700);
    }
  });
});

describe("supabase-js: a poster for an event", () => {
  const client = (bearer?: string) => stockClient(base, ctx.anonKey, { bearer });

  it("staff upload a poster and add an event with its public URL; anyone then sees both", async () => {
    const staffClient = client(staffToken);
    const path = unique("summer-gala.png");
    const uploaded = await staffClient.storage
      .from("event-posters")
      .upload(path, PNG, { contentType: "image/png" });
    expect(uploaded.error).toBeNull();
    const imageUrl = staffClient.storage.from("event-posters").getPublicUrl(path).data.publicUrl;
    const inserted = await staffClient
      .from("events")
      .insert({
        title: "Summer Gala",
        event_date: "2026-06-20T18:00:00.000Z",
        image_url: imageUrl,
        published: true,
      })
      .select()
      .single();
    expect(inserted.error).toBeNull();

    const anonClient = client();
    const { data: events, error } = await anonClient.from("events").select("*").eq("title", "Summer Gala");
    expect(error).toBeNull();
    expect(events?.[0]?.image_url).toBe(imageUrl);
    const image = await fetch(events?.[0]?.image_url as string);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("max-age=3600");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });
});
