import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AUDIO_TYPES,
  COVER_MAX_BYTES,
  COVER_TYPES,
  PORTFOLIO_MEDIA_BUCKET,
  PORTFOLIO_MEDIA_MAX_BYTES,
} from "@app/contracts";
import { StorageClient } from "@supabase/storage-js";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedId } from "../src/db/seed-ids";
import { createTestContext, type TestContext } from "./helpers";
import { AAC, JPEG, M4A, MP3, MP3_FRAME, OGG, PNG, WAV, WEBP } from "./support/storage-files";

/**
 * A work's cover and audio preview on this run's engine: the portfolio-media bucket takes the types the
 * dialog offers (read from the bytes), only staff write it, and a work's row points only at its own files.
 */

let ctx: TestContext;
let server: Server;
let staffToken: string;
const talentId = seedId("talent", 0);

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  staffToken = await ctx.userToken({ role: "staff" });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

const bucket = (token?: string) =>
  new StorageClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/storage/v1`, {
    apikey: ctx.anonKey,
    Authorization: `Bearer ${token ?? ctx.anonKey}`,
  }).from(PORTFOLIO_MEDIA_BUCKET);
const rest = (method: "get" | "post" | "patch", path: string) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${staffToken}`);
const mediaPath = (workId: string, extension: string) => `${workId}/${randomUUID()}.${extension}`;

async function upload(path: string, bytes: Buffer) {
  const { error } = await bucket(staffToken).upload(path, bytes);
  expect(error).toBeNull();
  return path;
}

describe("the portfolio-media bucket", () => {
  it("takes every type the dialog offers, within its size limit", async () => {
    const res = await request(ctx.app)
      .get(`/storage/v1/bucket/${PORTFOLIO_MEDIA_BUCKET}`)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`);
    expect(res.status).toBe(200);
    expect(res.body.public).toBe(true);
    expect(res.body.file_size_limit).toBe(PORTFOLIO_MEDIA_MAX_BYTES);
    expect(COVER_MAX_BYTES).toBeLessThanOrEqual(res.body.file_size_limit);
    expect(res.body.allowed_mime_types).toEqual(
      expect.arrayContaining([...Object.keys(COVER_TYPES), ...Object.keys(AUDIO_TYPES)]),
    );
  });

  it.each([
    ["an MP3 with ID3 tags", MP3, "audio/mpeg"],
    ["an MP3 without tags", MP3_FRAME, "audio/mpeg"],
    ["AAC in ADTS", AAC, "audio/aac"],
    ["an M4A", M4A, "audio/mp4"],
    ["an Ogg file", OGG, "audio/ogg"],
    ["a WAV", WAV, "audio/wav"],
    ["a WebP", WEBP, "image/webp"],
  ])("stores %s as the type its bytes show", async (_name, bytes, type) => {
    // The browser's claimed type is ignored: the server reads the bytes.
    const path = mediaPath(randomUUID(), "bin");
    const { error } = await bucket(staffToken).upload(path, bytes, { contentType: "audio/mpeg" });
    expect(error).toBeNull();
    const { data } = await bucket(staffToken).info(path);
    expect(data?.contentType).toBe(type);
  });

  it("refuses text passed off as an MP3, in storage's error shape", async () => {
    const res = await request(ctx.app)
      .post(`/storage/v1/object/${PORTFOLIO_MEDIA_BUCKET}/${mediaPath(randomUUID(), "mp3")}`)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staffToken}`)
      .set("content-type", "audio/mpeg")
      .send(Buffer.from("just some words, not audio"));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      statusCode: "415",
      code: "InvalidMimeType",
      error: "InvalidMimeType",
      message: expect.stringContaining("audio/mpeg"),
    });
  });

  it.each([
    ["anon", () => ctx.anonKey, 401],
    ["a user without a role", () => ctx.userToken({ role: null }), 403],
  ] as const)("lets %s read a cover but neither upload nor delete one", async (_who, tokenOf, status) => {
    const token = await tokenOf();
    const stored = await upload(mediaPath(randomUUID(), "png"), PNG);
    const auth = { apikey: ctx.anonKey, Authorization: `Bearer ${token}` };

    const put = await request(ctx.app)
      .post(`/storage/v1/object/${PORTFOLIO_MEDIA_BUCKET}/${mediaPath(randomUUID(), "png")}`)
      .set(auth)
      .set("content-type", "image/png")
      .send(PNG);
    expect(put.status).toBe(status);
    expect(put.body).toEqual({
      statusCode: String(status),
      code: expect.any(String),
      error: expect.any(String),
      message: expect.any(String),
    });
    const removed = await request(ctx.app)
      .delete(`/storage/v1/object/${PORTFOLIO_MEDIA_BUCKET}/${stored}`)
      .set(auth);
    expect(removed.status).toBe(status);
    expect(removed.body).toMatchObject({ statusCode: String(status) });
    expect((await bucket(token).remove([stored])).error).toMatchObject({ status });

    const read = await request(ctx.app).get(`/storage/v1/object/public/${PORTFOLIO_MEDIA_BUCKET}/${stored}`);
    expect(read.status).toBe(200);
    expect(read.headers["content-type"]).toBe("image/png");
  });
});

describe("a work's media columns", () => {
  const work = (values: object) => ({
    talent_id: talentId,
    title: "Cover song",
    year: 2025,
    role: "Writer",
    ...values,
  });
  const countWorks = async () =>
    (await rest("get", `/rest/v1/portfolio_items?talent_id=eq.${talentId}&select=id`)).body.length as number;

  it("keeps a cover and an audio preview uploaded into the work's own folder", async () => {
    const id = randomUUID();
    const cover = await upload(mediaPath(id, "jpg"), JPEG);
    const audio = await upload(mediaPath(id, "mp3"), MP3);
    const created = await rest("post", "/rest/v1/portfolio_items")
      .set("Prefer", "return=representation")
      .send(work({ id, cover_path: cover, audio_path: audio }));
    expect(created.status, created.text).toBe(201);
    expect(created.body[0]).toMatchObject({ id, cover_path: cover, audio_path: audio });

    const replacement = await upload(mediaPath(id, "wav"), WAV);
    const changed = await rest("patch", `/rest/v1/portfolio_items?id=eq.${id}`)
      .set("Prefer", "return=representation")
      .send({ audio_path: replacement, cover_path: null });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body[0]).toMatchObject({ cover_path: null, audio_path: replacement });
  });

  const refusals: [string, (id: string) => Promise<string> | string, string, number, string][] = [
    ["a file name as the path", () => "my song.mp3", "audio_path", 400, "22P02"],
    // An audio file in the work's folder, named like a cover: the stored type is what counts.
    ["an audio file as the cover", (id) => upload(mediaPath(id, "png"), MP3), "cover_path", 409, "23503"],
    ["a cover in another work's folder", () => mediaPath(randomUUID(), "png"), "cover_path", 400, "23514"],
  ];
  it.each(refusals)("refuses %s and writes nothing", async (_name, pathOf, column, status, code) => {
    const id = randomUUID();
    const path = await pathOf(id);
    const before = await countWorks();
    const res = await rest("post", "/rest/v1/portfolio_items").send(work({ id, [column]: path }));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code });
    expect(await countWorks()).toBe(before);
  });

  it("refuses a path into another work's folder, so a replace can never delete that work's file", async () => {
    const other = randomUUID();
    const theirs = await upload(mediaPath(other, "png"), PNG);
    const created = await rest("post", "/rest/v1/portfolio_items")
      .set("Prefer", "return=representation")
      .send(work({ title: "Own work" }));
    const { id, updated_at } = created.body[0];
    const res = await rest("patch", `/rest/v1/portfolio_items?id=eq.${id}`).send({ cover_path: theirs });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "23514", details: expect.stringContaining("cover_path") });
    const after = await rest("get", `/rest/v1/portfolio_items?id=eq.${id}&select=cover_path,updated_at`);
    expect(after.body[0]).toEqual({ cover_path: null, updated_at });
  });

  it("refuses a cover in the work's folder that is not there", async () => {
    const created = await rest("post", "/rest/v1/portfolio_items")
      .set("Prefer", "return=representation")
      .send(work({ title: "Missing cover" }));
    const { id } = created.body[0];
    const res = await rest("patch", `/rest/v1/portfolio_items?id=eq.${id}`).send({
      cover_path: mediaPath(id, "webp"),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "23503" });
  });
});

describe("erasing a talent's personal data", () => {
  it("deletes the cover and audio preview of the talent's works with the works", async () => {
    const admin = await ctx.userToken({ role: "admin" });
    const email = `media.talent.${randomUUID().slice(0, 8)}@example.se`;
    const contact = await rest("post", "/rest/v1/crm_contacts")
      .set("Prefer", "return=representation")
      .send({ first_name: "Mediana", last_name: "Ljudqvist", email, kind: "talent" });
    expect(contact.status, contact.text).toBe(201);
    const id = randomUUID();
    const cover = await upload(mediaPath(id, "png"), PNG);
    const audio = await upload(mediaPath(id, "ogg"), OGG);
    await rest("post", "/rest/v1/portfolio_items")
      .send({
        id,
        talent_id: contact.body[0].id,
        title: "Her song",
        year: 2024,
        role: "Artist",
        cover_path: cover,
        audio_path: audio,
      })
      .expect(201);

    const erased = await request(ctx.app)
      .post("/api/admin/personal-data/erase")
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${admin}` })
      .send({ email });
    expect(erased.status, erased.text).toBe(200);
    for (const path of [cover, audio]) {
      const read = await request(ctx.app).get(`/storage/v1/object/public/${PORTFOLIO_MEDIA_BUCKET}/${path}`);
      expect(read.status).toBe(404);
    }
  });
});
