import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAck } from "../src/modules/royalties/cwr/ack";
import { createTestContext, type TestContext } from "./helpers";

/**
 * A society's CWR acknowledgement (ACK) file, read at CISAC's positions and imported over HTTP on this
 * run's engine: each acknowledged work's status and society work number recorded, work numbers we never
 * gave answered back, and a file that is not an ACK refused with nothing kept.
 */

/** A line with each [position, text] placed at its 1-based position, blanks between. */
const line = (fields: [number, string][]) => {
  let out = "";
  for (const [at, text] of fields) out = out.padEnd(at - 1, " ") + text;
  return out;
};

const hdr = (senderType = "SO") =>
  line([
    [1, "HDR"],
    [4, senderType],
    [6, "000000079"],
    [15, "STIM"],
    [60, "01.10"],
    [65, "20261201120000"],
    [79, "20261201"],
  ]);

const ackLine = (seq: number, workId: string, status: string, societyWorkId = "") =>
  line([
    [1, "ACK"],
    [4, String(seq).padStart(8, "0")],
    [12, "00000000"],
    [20, "20261126190005"],
    [34, "00001"],
    [39, String(seq).padStart(8, "0")],
    [47, "NWR"],
    [50, `TITLE ${seq}`],
    [110, workId],
    [130, societyWorkId],
    [150, "20261201"],
    [158, status],
  ]);

const ackFile = (acks: string[], header = hdr()) =>
  [header, "GRHACK0000102.10", ...acks, "GRT000010000000300000005", "TRL000010000000300000007"].join("\r\n");

describe("an ACK file, read", () => {
  it("gives the society and, per work, its status, number and processing date", () => {
    const ack = parseAck(ackFile([ackLine(0, "W000001", "AS", "7012345"), ackLine(1, "W000002", "RJ")]));
    expect(ack).toMatchObject({ societyCode: "079", societyName: "STIM" });
    expect(ack.acknowledgements).toEqual([
      {
        submitterWorkId: "W000001",
        societyWorkId: "7012345",
        status: "AS",
        processedOn: "2026-12-01",
        title: "TITLE 0",
        originalTransactionType: "NWR",
      },
      expect.objectContaining({ submitterWorkId: "W000002", societyWorkId: null, status: "RJ" }),
    ]);
  });

  it.each([
    ["a file not sent by a society", ackFile([ackLine(0, "W000001", "AS")], hdr("PB")), "sender type SO"],
    [
      "an unknown status",
      ackFile([ackLine(0, "W000001", "ZZ")]),
      'Line 3: "ZZ" is not a CWR transaction status',
    ],
    ["a file without acknowledgements", ackFile([]), "holds no acknowledgements"],
    ["something else entirely", "name,amount\nx,1\n", "does not start with a CWR header"],
  ])("refuses %s", (_, content, message) => {
    expect(() => parseAck(content)).toThrow(message);
  });
});

describe("POST /api/royalties/cwr/ack", () => {
  let ctx: TestContext;
  let staff: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
    staff = await ctx.userToken({ role: "staff" });
  });
  afterAll(() => ctx.close());

  const upload = (content: string | null, token = staff) => {
    const req = request(ctx.app)
      .post("/api/royalties/cwr/ack")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${token}`);
    return content === null
      ? req.send({ file: "x" })
      : req.attach("file", Buffer.from(content), "CW260001079_SSW.V21");
  };
  const kept = async () =>
    Number(
      (
        await ctx.db
          .selectFrom("work_acknowledgements")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("records each known work's status and society work number, and answers back the unknown ones", async () => {
    const res = await upload(
      ackFile([
        ackLine(0, "W000001", "AS", "7012345"),
        ackLine(1, "W000002", "RJ"),
        ackLine(2, "W999999", "AS"),
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      society_code: "079",
      society_name: "STIM",
      recorded: 2,
      statuses: { AS: 1, RJ: 1 },
      works: [
        expect.objectContaining({ submitter_work_id: "W000001", status: "AS", society_work_id: "7012345" }),
        expect.objectContaining({ submitter_work_id: "W000002", status: "RJ", society_work_id: null }),
      ],
      unknown_work_ids: ["W999999"],
    });
    const titles = await ctx.db
      .selectFrom("works")
      .select(["id", "title"])
      .where("submitter_work_id", "in", ["W000001", "W000002"])
      .orderBy("submitter_work_id")
      .execute();
    expect(res.body.works.map((w: { work_id: string; title: string }) => [w.work_id, w.title])).toEqual(
      titles.map((w) => [w.id, w.title]),
    );
    // Staff read each work's acknowledgements through the data API, as the catalogue shows them.
    const read = await request(ctx.app)
      .get("/rest/v1/work_acknowledgements?select=work_id,society_code,status,society_work_id&status=eq.AS")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staff}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual([
      { work_id: titles[0]?.id, society_code: "079", status: "AS", society_work_id: "7012345" },
    ]);
    const rows = await ctx.db
      .selectFrom("work_acknowledgements")
      .innerJoin("works", "works.id", "work_acknowledgements.work_id")
      .select(["works.submitter_work_id", "society_code", "status", "society_work_id", "processed_on"])
      .orderBy("works.submitter_work_id")
      .execute();
    expect(rows.map((r) => ({ ...r, processed_on: String(r.processed_on).slice(0, 10) }))).toEqual([
      {
        submitter_work_id: "W000001",
        society_code: "079",
        status: "AS",
        society_work_id: "7012345",
        processed_on: "2026-12-01",
      },
      {
        submitter_work_id: "W000002",
        society_code: "079",
        status: "RJ",
        society_work_id: null,
        processed_on: "2026-12-01",
      },
    ]);
  });

  it("refuses a file that is not an ACK, a body that is not multipart, and callers who are not staff", async () => {
    const before = await kept();
    const bad = await upload(ackFile([ackLine(0, "W000001", "ZZ")]));
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body).toEqual({
      code: "cwr_ack_invalid",
      message: 'Line 3: "ZZ" is not a CWR transaction status',
    });
    const json = await upload(null);
    expect(json.status).toBe(400);
    expect(json.body.code).toBe("invalid_request");
    const member = await upload(ackFile([ackLine(0, "W000001", "AS")]), await ctx.userToken({ role: null }));
    expect(member.status).toBe(403);
    expect(await kept()).toBe(before);
  });
});
