import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMentions, replaceEverywhere } from "../src/modules/personal-data/text-search";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
});
afterAll(() => ctx.close());

const event = async (title: string) => {
  const id = randomUUID();
  await ctx.db.insertInto("events").values({ id, title, status: "upcoming" }).execute();
  return id;
};
const titleOf = async (id: string) =>
  (await ctx.db.selectFrom("events").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title;

describe("the sweep over every table", () => {
  it("finds a needle whatever its case, Swedish letters included, and takes % and _ literally", async () => {
    const upper = await event("Fika with ÅSA ÖBERG");
    const lower = await event("fika with åsa öberg");
    const address = await event("Mail a_b%c@Example.se today");
    const lookalike = await event("Mail axbyc@example.se today");
    expect((await findMentions(ctx.db, ["Åsa Öberg"])).map((m) => m.table)).toEqual(["events", "events"]);

    const changed = await ctx.db.withTransaction((trx) =>
      replaceEverywhere(trx, { needles: ["Åsa Öberg", "a_b%c@example.se"], replacement: () => "[erased]" }),
    );
    expect(changed.get("events")).toBe(3);
    expect(await titleOf(upper)).toBe("Fika with [erased]");
    expect(await titleOf(lower)).toBe("fika with [erased]");
    expect(await titleOf(address)).toBe("Mail [erased] today");
    expect(await titleOf(lookalike)).toBe("Mail axbyc@example.se today");
  });

  it("leaves the tables it is told to skip", async () => {
    const id = await event("Call Nils Holgersson");
    const changed = await ctx.db.withTransaction((trx) =>
      replaceEverywhere(trx, {
        needles: ["Nils Holgersson"],
        replacement: () => "[erased]",
        skipTables: new Set(["events"]),
      }),
    );
    expect(changed.size).toBe(0);
    expect(await titleOf(id)).toBe("Call Nils Holgersson");
  });
});
