import { join } from "node:path";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifyBackup } from "../src/modules/backups/verify-backup";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

const as = async (role: "admin" | "staff") => ({
  apikey: ctx.anonKey,
  authorization: `Bearer ${await ctx.userToken({ role })}`,
});

describe("/api/admin/backups", () => {
  it("lets an administrator back up now and list the result; the run is audited with who asked", async () => {
    const admin = await as("admin");
    const empty = await request(ctx.app).get("/api/admin/backups").set(admin);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    const created = await request(ctx.app).post("/api/admin/backups").set(admin).send({});
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: "complete", engine: ctx.engine });
    expect(created.body.size_bytes).toBeGreaterThan(0);
    expect(created.body).not.toHaveProperty("dir");
    await verifyBackup(join(ctx.config.BACKUP_DIR, created.body.id));

    const listed = await request(ctx.app).get("/api/admin/backups").set(admin);
    expect(listed.body).toEqual([created.body]);

    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["user_id", "detail"])
      .where("action", "=", "backup_created")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.user_id).not.toBeNull();
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toMatchObject({ id: created.body.id, trigger: "admin" });
  });

  it("is refused to staff, and a body it does not take is a 400 that backs nothing up", async () => {
    const staff = await request(ctx.app)
      .post("/api/admin/backups")
      .set(await as("staff"))
      .send({});
    expect(staff.status).toBe(403);
    expect(staff.body.message).toMatch(/administrators/);
    const bad = await request(ctx.app)
      .post("/api/admin/backups")
      .set(await as("admin"))
      .send({ out: "/etc" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    const listed = await request(ctx.app)
      .get("/api/admin/backups")
      .set(await as("admin"));
    expect(listed.body).toEqual([]);
  });
});

describe("GET /health", () => {
  it("tells administrators the age of the last good backup, and everyone else exactly what it did before", async () => {
    const admin = await as("admin");
    const before = await request(ctx.app).get("/health").set(admin);
    expect(before.body).toEqual({ status: "ok", backup: { last_backup_at: null, age_seconds: null } });

    await request(ctx.app).post("/api/admin/backups").set(admin).send({}).expect(201);
    ctx.clock.advance(3 * 3600);
    // A fresh token: the first one has expired on the moved clock.
    const after = await request(ctx.app)
      .get("/health")
      .set(await as("admin"));
    expect(after.body.status).toBe("ok");
    expect(after.body.backup.age_seconds).toBeGreaterThanOrEqual(3 * 3600);
    expect(after.body.backup.age_seconds).toBeLessThan(3 * 3600 + 60);

    for (const headers of [
      {},
      { apikey: ctx.anonKey },
      await as("staff"),
      { apikey: ctx.anonKey, authorization: "Bearer nonsense" },
    ]) {
      const res = await request(ctx.app).get("/health").set(headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "ok" });
    }
  });
});
