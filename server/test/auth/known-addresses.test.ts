import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers";

/**
 * Wrong passwords lock an account's shared budget for 15 minutes, but not for an IP address the account's
 * right password came from lately: that address has a budget of its own. Behind one trusted proxy hop, so
 * each request names its client address in X-Forwarded-For.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { TRUST_PROXY: "1" } });
});
afterAll(() => ctx.close());

const BUDGET = 25;

function passwordFrom(ip: string, email: string, password: string) {
  return request(ctx.app)
    .post("/auth/v1/token?grant_type=password")
    .set("apikey", ctx.anonKey)
    .set("X-Forwarded-For", ip)
    .send({ email, password });
}

async function expectStatus(ip: string, email: string, password: string, status: number) {
  const res = await passwordFrom(ip, email, password);
  expect(res.status, res.text).toBe(status);
  return res;
}

/** Spends a whole budget with wrong passwords from `ip`; the next one is refused before any check. */
async function exhaust(ip: string, email: string) {
  for (let i = 0; i < BUDGET; i++) await expectStatus(ip, email, `wrong guess ${i} from ${ip}`, 400);
  const refused = await expectStatus(ip, email, "one more wrong guess", 429);
  expect(refused.body.error_code).toBe("over_request_rate_limit");
}

const knownAddresses = async (userId: string) =>
  (
    await ctx.db.selectFrom("known_sign_in_addresses").select("ip").where("user_id", "=", userId).execute()
  ).map((r) => r.ip);

describe("an account's own addresses keep their own budget", () => {
  it("a stranger's wrong passwords lock strangers out, not the owner at an address they signed in from", async () => {
    const owner = await ctx.createUser({ role: "admin" });
    await expectStatus("198.51.100.20", owner.email, owner.password, 200);

    await exhaust("203.0.113.9", owner.email);
    // The shared budget is spent for every address the account has not signed in from, right password or not.
    await expectStatus("203.0.113.10", owner.email, owner.password, 429);
    // The owner's address was never charged.
    const session = await expectStatus("198.51.100.20", owner.email, owner.password, 200);
    expect(session.body.user.app_metadata.role).toBe("admin");
  });

  it("wrong passwords from the owner's own address still lock that address", async () => {
    const owner = await ctx.createUser();
    await expectStatus("198.51.100.30", owner.email, owner.password, 200);
    await exhaust("198.51.100.30", owner.email);
    await expectStatus("198.51.100.30", owner.email, owner.password, 429);
    // It spent its own budget, not the shared one.
    await expectStatus("198.51.100.31", owner.email, owner.password, 200);
    ctx.clock.advance(15 * 60);
    await expectStatus("198.51.100.30", owner.email, owner.password, 200);
  });

  it("an address is forgotten 30 days after its last right password", async () => {
    const owner = await ctx.createUser();
    await expectStatus("198.51.100.40", owner.email, owner.password, 200);
    ctx.clock.advance(31 * 24 * 3600);
    await exhaust("203.0.113.40", owner.email);
    await expectStatus("198.51.100.40", owner.email, owner.password, 429);
    // Anyone's next right password sweeps forgotten addresses out of the table.
    const someone = await ctx.createUser();
    await expectStatus("198.51.100.41", someone.email, someone.password, 200);
    expect(await knownAddresses(owner.id)).toEqual([]);
    expect(await knownAddresses(someone.id)).toEqual(["198.51.100.41"]);
  });

  it("an account remembers its ten newest addresses, and a wrong password makes none known", async () => {
    const owner = await ctx.createUser();
    await expectStatus("198.51.100.50", owner.email, "not the password", 400);
    expect(await knownAddresses(owner.id)).toEqual([]);
    for (let i = 1; i <= 11; i++) {
      await expectStatus(`198.51.100.${50 + i}`, owner.email, owner.password, 200);
      ctx.clock.advance(1);
    }
    const kept = await knownAddresses(owner.id);
    expect(kept.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `198.51.100.${52 + i}`).sort());
  });
});
