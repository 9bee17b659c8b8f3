import { createHash, randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { PDF } from "./support/storage-files";

/**
 * Deliverables, their versions and the client's approval link, through the real server on this run's
 * engine: files through the storage API, versions and approvals through the RPCs, the client's page
 * through its public routes.
 */

let ctx: TestContext;
let staffToken: string;
let staffId: string;
let projectId: string;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A short, valid WAV file (silence of a given length, so each call can differ). */
function wav(samples: number, fill = 0): Buffer {
  const data = Buffer.alloc(samples * 2, fill);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const staff = (method: "get" | "post" | "patch" | "delete" | "put", path: string) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${staffToken}`);
const rpc = (name: string, body: object) => staff("post", `/rest/v1/rpc/${name}`).send(body);

const binary = (req: request.Test) =>
  req.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on("data", (c: Buffer) => chunks.push(c));
    r.on("end", () => done(null, Buffer.concat(chunks)));
  });

async function newDeliverable(extra: object = {}) {
  const res = await staff("post", "/rest/v1/deliverables")
    .set("Prefer", "return=representation")
    .send({ project_id: projectId, kind: "master_wav", title: "Master", ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body[0] as { id: string; status: string };
}

async function putObject(path: string, bytes: Buffer, upsert = false) {
  const req = staff("post", `/storage/v1/object/deliverables/${path}`).set("Content-Type", "audio/wav");
  if (upsert) req.set("x-upsert", "true");
  return req.send(bytes);
}

type Version = { id: string; version: number; sha256: string; object_path: string; size: number };

async function upload(deliverableId: string, bytes: Buffer, note: string | null = null): Promise<Version> {
  const path = `${deliverableId}/${randomUUID()}.wav`;
  const put = await putObject(path, bytes);
  expect(put.status, put.text).toBe(200);
  const res = await rpc("add_deliverable_version", {
    deliverable_id: deliverableId,
    object_path: path,
    note,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as Version;
}

const deliverable = async (id: string) =>
  ctx.db.selectFrom("deliverables").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const versionRow = async (id: string) =>
  ctx.db.selectFrom("deliverable_versions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const timeline = async (id: string) =>
  ctx.db
    .selectFrom("crm_activity")
    .selectAll()
    .where("record_type", "=", "deliverables")
    .where("record_id", "=", id)
    .orderBy("created_at")
    .execute();

let mailCounter = 0;
const clientEmail = () => `client-${++mailCounter}-${Date.now().toString(36)}@example.se`;

/** Sends the version for approval and answers the token the client was mailed. */
async function sendForApproval(versionId: string, email = clientEmail()) {
  const res = await rpc("request_deliverable_approval", { version_id: versionId, email });
  expect(res.status, res.text).toBe(200);
  const mail = await ctx.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("to_address", "=", email)
    .where("kind", "=", "deliverable_approval_request")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = /\/approve#token=([\w-]+)$/.exec(mail.link)?.[1];
  if (!token) throw new Error(`no token in ${mail.link}`);
  return { token, email, mail };
}

const page = {
  view: (token: string) => request(ctx.app).get("/api/approve").query({ token }),
  file: (token: string) => binary(request(ctx.app).get("/api/approve/file").query({ token })),
  decide: (body: object) => request(ctx.app).post("/api/approve").send(body),
};

beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  const user = await ctx.createUser({ role: "staff" });
  staffId = user.id;
  staffToken = await ctx.userToken({ role: "staff", userId: user.id, email: user.email });
  const project = await staff("post", "/rest/v1/projects")
    .set("Prefer", "return=representation")
    .send({ title: "Sjön & Staden" });
  expect(project.status, project.text).toBe(201);
  projectId = project.body[0].id;
});
afterAll(() => ctx.close());

describe("deliverable versions", () => {
  it("numbers each upload, hashes the stored bytes itself, and never lets a recorded file change", async () => {
    const d = await newDeliverable({ loudness_target_lufs: "-14.0", sample_rate_hz: 48000, bit_depth: 24 });
    expect(d.status).toBe("pending");
    const first = wav(100, 1);
    const v1 = await upload(d.id, first, "First mix");
    expect(v1).toMatchObject({
      version: 1,
      sha256: sha256(first),
      size: first.length,
      content_type: "audio/wav",
    });
    expect(v1).toMatchObject({ note: "First mix", uploaded_by: staffId });
    const second = wav(120, 2);
    const v2 = await upload(d.id, second);
    expect(v2).toMatchObject({ version: 2, sha256: sha256(second) });
    expect((await deliverable(d.id)).status).toBe("submitted");

    // The first version's object is locked: no replace, no removal; its bytes are as they were hashed.
    const replace = await putObject(v1.object_path, second, true);
    expect(replace.status).toBe(409);
    const remove = await staff("delete", "/storage/v1/object/deliverables").send({
      prefixes: [v1.object_path],
    });
    expect(remove.status).toBe(409);
    const stored = await binary(staff("get", `/storage/v1/object/deliverables/${v1.object_path}`));
    expect(sha256(stored.body as Buffer)).toBe(v1.sha256);

    const steps = await timeline(d.id);
    expect(steps.map((s) => s.note).filter(Boolean)).toEqual([
      expect.stringContaining("Version 1 uploaded"),
      expect.stringContaining("Version 2 uploaded"),
    ]);
  });

  it("takes no hash from the client, no reused file and no file outside the deliverable's folder", async () => {
    const d = await newDeliverable();
    const bytes = wav(50, 3);
    const path = `${d.id}/${randomUUID()}.wav`;
    expect((await putObject(path, bytes)).status).toBe(200);
    const withHash = await rpc("add_deliverable_version", {
      deliverable_id: d.id,
      object_path: path,
      sha256: "0".repeat(64),
    });
    expect(withHash.status).toBe(400);

    const other = await newDeliverable();
    const foreign = await rpc("add_deliverable_version", { deliverable_id: other.id, object_path: path });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain("object_path");

    const v1 = await rpc("add_deliverable_version", { deliverable_id: d.id, object_path: path });
    expect(v1.status, v1.text).toBe(200);
    const again = await rpc("add_deliverable_version", { deliverable_id: d.id, object_path: path });
    expect(again.status).toBe(409);
    const versions = await ctx.db
      .selectFrom("deliverable_versions")
      .select("version")
      .where("deliverable_id", "in", [d.id, other.id])
      .execute();
    expect(versions).toEqual([{ version: 1 }]);
    expect((await deliverable(other.id)).status).toBe("pending");
  });

  it("refuses a file of a type no delivery is (HTML), before anything is recorded", async () => {
    const d = await newDeliverable();
    const res = await staff("post", `/storage/v1/object/deliverables/${d.id}/${randomUUID()}.wav`)
      .set("Content-Type", "audio/wav")
      .send(Buffer.from("<!doctype html><script>alert(1)</script>"));
    expect(res.status).toBe(415);
    // A PDF (a lyric sheet) is a delivery.
    const pdf = await upload(d.id, PDF);
    expect(pdf.sha256).toBe(sha256(PDF));
  });

  it("moves the status only by its rules: never through the table, start once, nothing after approval", async () => {
    const written = await staff("post", "/rest/v1/deliverables").send({
      project_id: projectId,
      kind: "stems",
      title: "Stems",
      status: "approved",
    });
    expect(written.status).toBe(403);
    const d = await newDeliverable({ kind: "stems", title: "Stems" });
    const patch = await staff("patch", `/rest/v1/deliverables?id=eq.${d.id}`).send({ status: "submitted" });
    expect(patch.status).toBe(403);
    expect((await deliverable(d.id)).status).toBe("pending");

    const started = await rpc("start_deliverable", { deliverable_id: d.id });
    expect(started.status, started.text).toBe(200);
    expect(started.body.status).toBe("in_progress");
    const twice = await rpc("start_deliverable", { deliverable_id: d.id });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("55000");

    const v1 = await upload(d.id, wav(10, 4));
    const { token } = await sendForApproval(v1.id);
    expect((await page.decide({ token, sha256: v1.sha256, decision: "approve" })).status).toBe(200);
    expect((await deliverable(d.id)).status).toBe("approved");

    const path = `${d.id}/${randomUUID()}.wav`;
    expect((await putObject(path, wav(11, 5))).status).toBe(200);
    const late = await rpc("add_deliverable_version", { deliverable_id: d.id, object_path: path });
    expect(late.status).toBe(409);
    const edit = await staff("patch", `/rest/v1/deliverables?id=eq.${d.id}`).send({ title: "Changed" });
    expect(edit.status).toBe(409);
    expect(await deliverable(d.id)).toMatchObject({ status: "approved", title: "Stems" });
  });

  it("refuses bad spec values with a 400 naming the column, writing nothing", async () => {
    for (const bad of [{ loudness_target_lufs: "-14.123" }, { bit_depth: 20 }, { sample_rate_hz: 44.1 }]) {
      const res = await staff("post", "/rest/v1/deliverables").send({
        project_id: projectId,
        kind: "tv_mix",
        title: "Bad spec",
        ...bad,
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(`${res.body.message} ${res.body.details}`).toContain(Object.keys(bad)[0]);
    }
    const rows = await ctx.db
      .selectFrom("deliverables")
      .select("id")
      .where("title", "=", "Bad spec")
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("the client approval link", () => {
  it("mails a single-use link, keeps only its hash, shows and streams exactly that version, and approves once", async () => {
    const d = await newDeliverable({ title: "Album master" });
    const bytes = wav(200, 6);
    const v1 = await upload(d.id, bytes, "Loudness fixed");
    const { token, email, mail } = await sendForApproval(v1.id);
    expect(mail.link).toMatch(/^http.*\/approve#token=/);
    const links = await ctx.db
      .selectFrom("deliverable_approval_links")
      .selectAll()
      .where("email", "=", email)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(links)).not.toContain(token);
    expect((await versionRow(v1.id)).approval_state).toBe("awaiting");

    const open = await staff(
      "get",
      "/rest/v1/deliverable_versions?approval_state=eq.awaiting&order=approval_requested_at.asc",
    );
    expect(open.body.map((v: { id: string }) => v.id)).toContain(v1.id);

    const view = await page.view(token);
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({
      deliverable: {
        title: "Album master",
        kind: "master_wav",
        status: "submitted",
        project_title: "Sjön & Staden",
      },
      version: { version: 1, sha256: sha256(bytes), size: bytes.length, note: "Loudness fixed" },
      email,
    });
    const file = await page.file(token);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("audio/wav");
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);

    const decided = await page.decide({ token, sha256: v1.sha256, decision: "approve" });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.status).toBe("approved");
    expect(await versionRow(v1.id)).toMatchObject({ approval_state: "approved", decision_comment: null });
    const last = (await timeline(d.id)).at(-1);
    expect(last).toMatchObject({ actor_id: null, action: "moved" });
    expect(last?.note).toContain(`approved by ${email}`);
    expect(last?.note).toContain(v1.sha256.slice(0, 12));

    // Replayed: the link is used, and nothing changes.
    const replay = await page.decide({
      token,
      sha256: v1.sha256,
      decision: "request_changes",
      comment: "Again",
    });
    expect(replay.status).toBe(410);
    expect(replay.body.code).toBe("approval_link_invalid");
    expect((await deliverable(d.id)).status).toBe("approved");
    expect((await page.view(token)).status).toBe(410);
  });

  it("refuses a decision on another hash (409) without using the link up", async () => {
    const d = await newDeliverable();
    const v1 = await upload(d.id, wav(30, 7));
    const { token } = await sendForApproval(v1.id);
    const wrong = await page.decide({ token, sha256: "a".repeat(64), decision: "approve" });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe("approval_hash_mismatch");
    expect((await deliverable(d.id)).status).toBe("submitted");
    expect((await versionRow(v1.id)).approval_state).toBe("awaiting");

    const noComment = await page.decide({ token, sha256: v1.sha256, decision: "request_changes" });
    expect(noComment.status).toBe(400);
    const changes = await page.decide({
      token,
      sha256: v1.sha256,
      decision: "request_changes",
      comment: "The vocal is too loud in the bridge",
    });
    expect(changes.status, changes.text).toBe(200);
    expect((await deliverable(d.id)).status).toBe("changes_requested");
    expect(await versionRow(v1.id)).toMatchObject({
      approval_state: "changes_requested",
      decision_comment: "The vocal is too loud in the bridge",
    });
    // Sent back, the work goes on: a new version submits it again.
    const v2 = await upload(d.id, wav(31, 8));
    expect(v2.version).toBe(2);
    expect((await deliverable(d.id)).status).toBe("submitted");
  });

  it("makes an old link moot once a newer version is uploaded", async () => {
    const d = await newDeliverable();
    const v1 = await upload(d.id, wav(40, 9));
    const { token } = await sendForApproval(v1.id);
    await upload(d.id, wav(41, 10));
    expect((await versionRow(v1.id)).approval_state).toBe("superseded");
    const late = await page.decide({ token, sha256: v1.sha256, decision: "approve" });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("approval_superseded");
    expect((await page.file(token)).status).toBe(409);
    expect((await deliverable(d.id)).status).toBe("submitted");
    // Only the latest version can be sent.
    const old = await rpc("request_deliverable_approval", { version_id: v1.id, email: clientEmail() });
    expect(old.status).toBe(409);
  });

  it("lets a link expire, the version then no longer among those a client can decide on until sent again", async () => {
    const d = await newDeliverable();
    const v1 = await upload(d.id, wav(50, 11));
    const { token, email } = await sendForApproval(v1.id);
    const lifetime = ctx.config.APPROVAL_LINK_EXPIRY;
    const linkExpiry = async (to: string) =>
      (
        await ctx.db
          .selectFrom("deliverable_approval_links")
          .select("expires_at")
          .where("email", "=", to)
          .executeTakeFirstOrThrow()
      ).expires_at;
    const sent = await versionRow(v1.id);
    expect(sent.approval_expires_at).toBe(await linkExpiry(email));
    /** The versions the dashboard counts as waiting for a client when it is `at`. */
    const decidable = async (at: number) => {
      const now = new Date(at).toISOString();
      const res = await staff(
        "get",
        `/rest/v1/deliverable_versions?select=id&approval_state=eq.awaiting&approval_expires_at=gt.${now}`,
      );
      expect(res.status, res.text).toBe(200);
      return res.body.map((v: { id: string }) => v.id);
    };
    expect(await decidable(ctx.clock.now())).toContain(v1.id);
    const later = ctx.clock.now() + (lifetime + 1) * 1000;
    expect(await decidable(later)).not.toContain(v1.id);
    ctx.clock.advance(lifetime + 1);
    try {
      expect((await page.view(token)).status).toBe(410);
      const late = await page.decide({ token, sha256: v1.sha256, decision: "approve" });
      expect(late.status).toBe(410);
      expect((await deliverable(d.id)).status).toBe("submitted");
      // Sent again (by staff signed in since): waiting from the first request still, until the new link's expiry.
      const signedInBefore = staffToken;
      staffToken = await ctx.userToken({ role: "staff", userId: staffId });
      const again = await sendForApproval(v1.id).finally(() => {
        staffToken = signedInBefore;
      });
      const resent = await versionRow(v1.id);
      expect(resent.approval_expires_at).toBe(await linkExpiry(again.email));
      expect(resent.approval_requested_at).toBe(sent.approval_requested_at);
      expect(Date.parse(resent.approval_expires_at ?? "")).toBeGreaterThan(later);
    } finally {
      ctx.clock.advance(-(lifetime + 1));
    }
  });

  it("refuses anyone without a token, and anyone but staff the sending", async () => {
    const d = await newDeliverable();
    const v1 = await upload(d.id, wav(60, 12));
    expect((await request(ctx.app).get("/api/approve")).status).toBe(400);
    expect((await request(ctx.app).get("/api/approve/file")).status).toBe(410);
    expect((await page.view("x".repeat(32))).status).toBe(410);
    expect(
      (await page.decide({ token: "x".repeat(32), sha256: v1.sha256, decision: "approve" })).status,
    ).toBe(410);
    const anon = await request(ctx.app)
      .post("/rest/v1/rpc/request_deliverable_approval")
      .set("apikey", ctx.anonKey)
      .send({ version_id: v1.id, email: clientEmail() });
    expect(anon.status).toBe(401);
    const member = await ctx.userToken({ role: null });
    const noRole = await request(ctx.app)
      .post("/rest/v1/rpc/request_deliverable_approval")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${member}`)
      .send({ version_id: v1.id, email: clientEmail() });
    expect(noRole.status).toBe(403);
    expect(
      await ctx.db
        .selectFrom("deliverable_approval_links")
        .select("token_hash")
        .where("version_id", "=", v1.id)
        .execute(),
    ).toEqual([]);
  });

  it("sends one address only so many approval mails in a window", async () => {
    const d = await newDeliverable();
    const v1 = await upload(d.id, wav(70, 13));
    const email = clientEmail();
    for (let i = 0; i < 5; i++) await sendForApproval(v1.id, email);
    const sixth = await rpc("request_deliverable_approval", { version_id: v1.id, email });
    expect(sixth.status).toBe(429);
    const links = await ctx.db
      .selectFrom("deliverable_approval_links")
      .select("token_hash")
      .where("email", "=", email)
      .execute();
    expect(links).toHaveLength(5);
  });
});
