import { readdirSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import type { StorageImageTransform } from "@app/contracts";
import type { TransformOptions } from "@supabase/storage-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { PNG, SVG } from "./support/storage-files";
import { filesUnder, listen } from "./support/storage-server";

/**
 * Image transformations through stock storage-js (getPublicUrl, download and createSignedUrl with
 * `transform`) against the real server on this run's engine: sizes, formats, the cache, who may render
 * what, and the limits.
 */

let ctx: TestContext;
let http: Awaited<ReturnType<typeof listen>>;
let staffToken: string;
let adminToken: string;
/** A 400×300 photo-like JPEG (a gradient, so quality changes its size) and a 120×80 PNG. */
let photo: Buffer;
let small: Buffer;
const PHOTO = "render/photo.jpg";
const PRIVATE_BUCKET = "render-private";

const gradient = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    pixels.set([(x * 255) / width, (y * 255) / height, (x * y) % 256], i * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
};

beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false" } });
  http = await listen(ctx);
  staffToken = await ctx.userToken({ role: "staff" });
  adminToken = await ctx.userToken({ role: "admin" });
  photo = await gradient(400, 300).jpeg({ quality: 95 }).toBuffer();
  small = await gradient(120, 80).png().toBuffer();
  await upload("event-posters", PHOTO, photo, "image/jpeg");
  const bucket = await http.storage(adminToken).createBucket(PRIVATE_BUCKET, {
    public: false,
    allowedMimeTypes: ["image/png", "image/jpeg"],
  });
  expect(bucket.error).toBeNull();
  await upload(PRIVATE_BUCKET, "private.jpg", photo, "image/jpeg");
});
afterAll(async () => {
  await http.close();
  await ctx.close();
});

async function upload(bucket: string, key: string, bytes: Buffer, contentType: string) {
  const res = await http.storage(staffToken).from(bucket).upload(key, bytes, { contentType, upsert: true });
  expect(res.error).toBeNull();
}

/** storage-js's type names only `origin` as a format; it sends webp and avif as given, as Supabase takes them. */
const asOptions = (transform: StorageImageTransform) => transform as TransformOptions;
const publicUrl = (key: string, transform: StorageImageTransform, bucket = "event-posters") =>
  http
    .storage()
    .from(bucket)
    .getPublicUrl(key, { transform: asOptions(transform) }).data.publicUrl;

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}
const meta = (bytes: Buffer) => sharp(bytes).metadata();

describe("getPublicUrl with transform", () => {
  it("builds the render URL and answers the size and format asked for", async () => {
    const url = publicUrl(PHOTO, { width: 200, height: 200, resize: "cover", format: "webp" });
    expect(url).toBe(
      `${http.base}/storage/v1/render/image/public/event-posters/${PHOTO}?width=200&height=200&resize=cover&format=webp`,
    );
    const { res, bytes } = await fetchImage(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("max-age=3600");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect(await meta(bytes)).toMatchObject({ format: "webp", width: 200, height: 200 });

    const avif = await fetchImage(publicUrl(PHOTO, { width: 100, format: "avif" }));
    expect(avif.res.headers.get("content-type")).toBe("image/avif");
    expect(await meta(avif.bytes)).toMatchObject({ format: "heif", width: 100, height: 75 });
  });

  it("crops with cover, fits inside with contain, stretches with fill, and never enlarges", async () => {
    const sized = async (transform: StorageImageTransform) => {
      const { bytes } = await fetchImage(publicUrl(PHOTO, { ...transform, format: "origin" }));
      const m = await meta(bytes);
      return [m.format, m.width, m.height];
    };
    expect(await sized({ width: 150, height: 150, resize: "cover" })).toEqual(["jpeg", 150, 150]);
    expect(await sized({ width: 150, height: 150, resize: "contain" })).toEqual(["jpeg", 150, 113]);
    expect(await sized({ width: 150, height: 40, resize: "fill" })).toEqual(["jpeg", 150, 40]);
    expect(await sized({ width: 200 })).toEqual(["jpeg", 200, 150]);
    expect(await sized({ width: 2000, resize: "contain" })).toEqual(["jpeg", 400, 300]);
  });

  it("answers WebP to a client that accepts it when no format is asked, the source's format otherwise", async () => {
    const url = publicUrl(PHOTO, { width: 120 });
    const webp = await fetchImage(url, { accept: "image/avif,image/webp,*/*" });
    expect(webp.res.headers.get("content-type")).toBe("image/webp");
    expect(webp.res.headers.get("vary")).toMatch(/accept/i);
    const plain = await fetchImage(url, { accept: "*/*" });
    expect((await meta(plain.bytes)).format).toBe("jpeg");
    expect(webp.res.headers.get("etag")).not.toBe(plain.res.headers.get("etag"));
  });

  it("encodes with the quality asked for", async () => {
    const at = async (quality: number) =>
      (await fetchImage(publicUrl(PHOTO, { width: 300, quality, format: "webp" }))).bytes.length;
    expect(await at(20)).toBeLessThan(await at(100));
  });
});

describe("the render cache", () => {
  it("answers the same bytes and ETag again from disk, 304 on If-None-Match, and a new render once replaced", async () => {
    const key = "render/replaced.png";
    await upload("event-posters", key, small, "image/png");
    const url = publicUrl(key, { width: 60, format: "webp" });
    const renders = () => filesUnder(join(ctx.config.STORAGE_DIR, "renders"));
    const kept = renders().length;
    const first = await fetchImage(url);
    expect(renders()).toHaveLength(kept + 1);
    const again = await fetchImage(url);
    expect(again.bytes).toEqual(first.bytes);
    const etag = first.res.headers.get("etag") as string;
    expect(again.res.headers.get("etag")).toBe(etag);
    const revalidated = await fetch(url, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);

    // Replaced by a taller image: the render follows it, and the old version's renders are gone.
    const before = new Set(renders());
    await upload("event-posters", key, await gradient(120, 240).png().toBuffer(), "image/png");
    const replaced = await fetchImage(url);
    expect(await meta(replaced.bytes)).toMatchObject({ width: 60, height: 120 });
    expect(replaced.res.headers.get("etag")).not.toBe(etag);
    const stale = (await fetch(url, { headers: { "if-none-match": etag } })).status;
    expect(stale).toBe(200);
    const folder = renders().find((f) => !before.has(f)) as string;
    expect(readdirSync(join(folder, ".."))).toHaveLength(1);
  });
});

describe("who may render what", () => {
  it("refuses a private bucket's image on the public URL, and to anyone without staff on the authenticated one", async () => {
    const pub = await fetchImage(publicUrl("private.jpg", { width: 50 }, PRIVATE_BUCKET));
    expect(pub.res.status).toBe(404);
    expect(JSON.parse(pub.bytes.toString())).toMatchObject({ statusCode: "404", error: "NoSuchBucket" });

    const anon = await http
      .storage()
      .from(PRIVATE_BUCKET)
      .download("private.jpg", { transform: { width: 50 } });
    expect(anon.error).not.toBeNull();
    const staff = await http
      .storage(staffToken)
      .from(PRIVATE_BUCKET)
      .download("private.jpg", { transform: { width: 50, format: "origin" } });
    expect(staff.error).toBeNull();
    const bytes = Buffer.from(await (staff.data as Blob).arrayBuffer());
    expect(await meta(bytes)).toMatchObject({ format: "jpeg", width: 50 });
  });

  it("renders a private image through a signed URL with the transformation signed into it", async () => {
    const signed = await http
      .storage(staffToken)
      .from(PRIVATE_BUCKET)
      .createSignedUrl("private.jpg", 60, {
        transform: asOptions({ width: 80, height: 80, format: "webp" }),
      });
    expect(signed.error).toBeNull();
    const url = signed.data?.signedUrl as string;
    expect(url).toContain(`/storage/v1/render/image/sign/${PRIVATE_BUCKET}/private.jpg?token=`);
    // Query parameters cannot change what was signed.
    const { res, bytes } = await fetchImage(`${url}&width=2000`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await meta(bytes)).toMatchObject({ format: "webp", width: 80, height: 80 });

    const tampered = await fetch(url.replace(/token=[^.]+\./, "token=x."));
    expect(tampered.status).toBe(400);
  });
});

/** A PNG that is only a header claiming `width` × `height` pixels: a few dozen bytes. */
function pngHeader(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from("78da0300000001", "hex")),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("limits and bad input", () => {
  it("refuses a 100-megapixel image from its header, quickly, in Storage's shape", async () => {
    await upload("event-posters", "render/huge.png", pngHeader(10_000, 10_000), "image/png");
    const started = Date.now();
    const { res, bytes } = await fetchImage(publicUrl("render/huge.png", { width: 100 }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(413);
    expect(JSON.parse(bytes.toString())).toMatchObject({ statusCode: "413", error: "EntityTooLarge" });
    expect(JSON.parse(bytes.toString()).message).toMatch(/100000000 pixels/);
  });

  it("answers 400 InvalidRequest for bad parameters", async () => {
    const base = `${http.base}/storage/v1/render/image/public/event-posters/${PHOTO}`;
    for (const query of [
      "width=0",
      "width=2501",
      "height=-5",
      "width=abc",
      "width=10.5",
      "quality=19",
      "quality=101",
      "resize=stretch",
      "format=svg",
    ]) {
      const { res, bytes } = await fetchImage(`${base}?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(JSON.parse(bytes.toString())).toMatchObject({ statusCode: "400", error: "InvalidRequest" });
    }
  });

  it("never renders SVG or text, and answers 422 for bytes that are not the image they claim", async () => {
    const bucket = "render-any";
    const created = await http.storage(adminToken).createBucket(bucket, { public: true });
    expect(created.error).toBeNull();
    await upload(bucket, "logo.svg", SVG, "image/svg+xml");
    await upload(bucket, "note.txt", Buffer.from("hello"), "text/plain");
    for (const key of ["logo.svg", "note.txt"]) {
      const { res, bytes } = await fetchImage(publicUrl(key, { width: 50 }, bucket));
      expect(res.status).toBe(415);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(JSON.parse(bytes.toString())).toMatchObject({ statusCode: "415" });
    }
    await upload("event-posters", "render/broken.png", PNG, "image/png");
    const broken = await fetchImage(publicUrl("render/broken.png", { width: 50 }));
    expect(broken.res.status).toBe(422);
    expect(JSON.parse(broken.bytes.toString())).toMatchObject({ statusCode: "422", error: "InvalidImage" });
  });

  it("renders a PNG with a bad checksum, as browsers show it", async () => {
    const damaged = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC",
      "base64",
    );
    await upload("event-posters", "render/damaged.png", damaged, "image/png");
    const { res, bytes } = await fetchImage(publicUrl("render/damaged.png", { width: 64, format: "webp" }));
    expect(res.status).toBe(200);
    expect(await meta(bytes)).toMatchObject({ format: "webp", width: 1, height: 1 });
  });

  it("answers 404 for a missing object", async () => {
    const { res, bytes } = await fetchImage(publicUrl("render/none.png", { width: 50 }));
    expect(JSON.parse(bytes.toString())).toMatchObject({ statusCode: "404", error: "NoSuchKey" });
    expect(res.status).toBe(404);
  });
});
