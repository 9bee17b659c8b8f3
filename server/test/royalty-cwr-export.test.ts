import { stockholmWallTime } from "@app/contracts/stockholm-time";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { SELLER } from "./support/seller";

/**
 * CWR files over HTTP on this run's engine: a staff member names works and a version and gets the file
 * under its CISAC name, numbered within the year and kept as sent; a work sent before is revised; a work
 * CISAC's share rules would reject, or a business without its publisher details, gets a clear 4xx and
 * nothing is numbered or kept.
 */

let ctx: TestContext;
let staff: string;
let admin: string;
let seededWorks: { id: string; submitter_work_id: string }[];
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  [staff, admin] = await Promise.all([ctx.userToken({ role: "staff" }), ctx.userToken({ role: "admin" })]);
  seededWorks = await ctx.db
    .selectFrom("works")
    .select(["id", "submitter_work_id"])
    .orderBy("submitter_work_id")
    .execute();
});
afterAll(() => ctx.close());

const exportCwr = (body: object, token = staff) =>
  request(ctx.app)
    .post("/api/royalties/cwr")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .send(body);

const rest = (method: "post" | "patch", path: string, token = staff) =>
  request(ctx.app)
    [method](path)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .set("Prefer", "return=representation");

const exportsKept = async () =>
  Number(
    (
      await ctx.db
        .selectFrom("cwr_exports")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The year of the server's clock in Stockholm, as file names write it. */
const yy = () => stockholmWallTime(ctx.clock.now()).date.slice(2, 4);

/** A new work with one controlled writer holding `shareBp` of it. */
async function workWithWriter(title: string, shareBp: number, body: object = {}) {
  const work = await rest("post", "/rest/v1/works").send({ title, ...body });
  expect(work.status, work.text).toBe(201);
  const contact = await ctx.db.selectFrom("crm_contacts").select("id").limit(1).executeTakeFirstOrThrow();
  const writer = await rest("post", "/rest/v1/work_writers").send({
    work_id: work.body[0].id,
    contact_id: contact.id,
    role: "CA",
    controlled: true,
    ipi_name_number: "00000000199",
    society_code: "079",
    manuscript_share_bp: shareBp,
  });
  expect(writer.status, writer.text).toBe(201);
  return work.body[0] as { id: string; submitter_work_id: string };
}

describe("POST /api/royalties/cwr", () => {
  it("needs the business's publisher details first, and keeps nothing without them", async () => {
    const res = await exportCwr({ work_ids: [seededWorks[0]?.id], version: "2.1" });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: "cwr_sender_missing" });
    expect(await exportsKept()).toBe(0);
    const settings = await rest("post", "/rest/v1/company_settings", admin).send({
      ...SELLER,
      cwr_publisher_ipi: "00000000297",
      cwr_sender_code: "SSW",
      cwr_pr_society: "079",
      cwr_mr_society: "048",
    });
    expect(settings.status, settings.text).toBe(201);
  });

  it("answers the file under its CISAC name, numbered 1 in the year, and keeps it as sent", async () => {
    const ids = seededWorks.map((w) => w.id);
    const res = await exportCwr({ work_ids: ids, version: "2.1" });
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="CW${yy()}0001SSW_000.V21"`);
    const lines = res.text.slice(0, -2).split("\r\n");
    expect(lines[0]?.slice(0, 14)).toBe("HDRPB000000297");
    expect(lines.filter((l) => l.startsWith("NWR")).map((l) => l.slice(81, 95).trim())).toEqual(
      seededWorks.map((w) => w.submitter_work_id),
    );
    expect(lines.filter((l) => l.startsWith("REV"))).toEqual([]);
    const kept = await ctx.db.selectFrom("cwr_exports").selectAll().executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ number_in_year: 1, file_name: `CW${yy()}0001SSW_000.V21`, version: "2.1" });
    expect(kept.content).toBe(res.text);
  });

  it("revises a work sent before, in the next file of the year", async () => {
    const fresh = await workWithWriter("Ny låt", 10_000, { alternate_titles: ["New song"] });
    const res = await exportCwr({ work_ids: [fresh.id, seededWorks[0]?.id], version: "2.2" });
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="CW${yy()}0002SSW_000.V22"`);
    const types = res.text.split("\r\n").map((l) => l.slice(0, 3));
    expect(types.filter((t) => t === "NWR" || t === "REV")).toEqual(["NWR", "REV"]);
    expect(types.filter((t) => t === "ALT")).toHaveLength(2);
    const registered = await ctx.db
      .selectFrom("cwr_export_works")
      .select(["work_id", "transaction_type"])
      .where("work_id", "=", seededWorks[0]?.id as string)
      .orderBy("transaction_type")
      .execute();
    expect(registered.map((r) => r.transaction_type)).toEqual(["NWR", "REV"]);
  });

  it("lists the files made to staff through the data API, newest first, with how many works each holds", async () => {
    const list = await request(ctx.app)
      .get(
        "/rest/v1/cwr_exports?select=year,number_in_year,version,file_name,work_count&order=year.desc,number_in_year.desc",
      )
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staff}`);
    expect(list.status, list.text).toBe(200);
    const year = Number(stockholmWallTime(ctx.clock.now()).date.slice(0, 4));
    expect(list.body).toEqual([
      { year, number_in_year: 2, version: "2.2", file_name: `CW${yy()}0002SSW_000.V22`, work_count: 2 },
      {
        year,
        number_in_year: 1,
        version: "2.1",
        file_name: `CW${yy()}0001SSW_000.V21`,
        work_count: seededWorks.length,
      },
    ]);
    const write = await rest("patch", "/rest/v1/cwr_exports?number_in_year=eq.1").send({ work_count: 0 });
    expect(write.status).toBe(403);
    const member = await request(ctx.app)
      .get("/rest/v1/cwr_exports?select=id")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${await ctx.userToken({ role: null })}`);
    expect(member.status).toBe(403);
  });

  it("refuses a work CISAC's share rules would reject, naming it, and neither numbers nor keeps a file", async () => {
    const partial = await workWithWriter("Halvfärdig", 6000);
    const before = await exportsKept();
    const res = await exportCwr({ work_ids: [partial.id], version: "2.1" });
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe("cwr_share_rules");
    expect(res.body.message).toContain(`${partial.submitter_work_id} Halvfärdig`);
    expect(res.body.message).toContain("its performing shares add up to 60 %, not 100 %");
    expect(await exportsKept()).toBe(before);
    // The refused file took no number: the next one made is the third of the year.
    const next = await exportCwr({ work_ids: [seededWorks[1]?.id], version: "2.1" });
    expect(next.headers["content-disposition"]).toContain(`CW${yy()}0003SSW_000.V21`);
  });

  it("refuses unknown works, a bad version or a repeated work with a 4xx, and callers who are not staff", async () => {
    const unknown = await exportCwr({ work_ids: ["00000000-0000-4000-8000-000000000000"], version: "2.1" });
    expect(unknown.status).toBe(404);
    const badVersion = await exportCwr({ work_ids: [seededWorks[0]?.id], version: "3.0" });
    expect(badVersion.status).toBe(400);
    const twice = await exportCwr({ work_ids: [seededWorks[0]?.id, seededWorks[0]?.id], version: "2.1" });
    expect(twice.status).toBe(400);
    const member = await exportCwr(
      { work_ids: [seededWorks[0]?.id], version: "2.1" },
      await ctx.userToken({ role: null }),
    );
    expect(member.status).toBe(403);
  });
});

describe("GET /api/royalties/cwr/:id", () => {
  const readKept = (id: string, token = staff) =>
    request(ctx.app)
      .get(`/api/royalties/cwr/${id}`)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });

  it("answers a file made before again, byte for byte, under its CISAC name", async () => {
    const made = await exportCwr({ work_ids: [seededWorks[0]?.id], version: "2.2" });
    expect(made.status, made.text).toBe(200);
    const kept = await ctx.db
      .selectFrom("cwr_exports")
      .select("id")
      .where("file_name", "=", /filename="(.+)"/.exec(String(made.headers["content-disposition"]))?.[1] ?? "")
      .executeTakeFirstOrThrow();
    const again = await readKept(kept.id);
    expect(again.status).toBe(200);
    expect(again.headers["content-disposition"]).toBe(made.headers["content-disposition"]);
    expect(again.headers["content-type"]).toMatch(/^text\/plain/);
    expect(Buffer.compare(again.body as Buffer, Buffer.from(made.text, "latin1"))).toBe(0);
  });

  it("answers 404 for an unknown id, 400 for one that is not an id, and 403 to callers who are not staff", async () => {
    const unknown = await readKept("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(JSON.parse((unknown.body as Buffer).toString())).toMatchObject({ code: "not_found" });
    expect((await readKept("not-an-id")).status).toBe(400);
    const kept = await ctx.db.selectFrom("cwr_exports").select("id").limit(1).executeTakeFirstOrThrow();
    expect((await readKept(kept.id, await ctx.userToken({ role: null }))).status).toBe(403);
  });
});
