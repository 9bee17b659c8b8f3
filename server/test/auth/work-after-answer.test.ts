import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext, uniqueEmail } from "../helpers";
import { anon, mails } from "./support";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

/** Holds the app's background work until the returned function is called. */
function holdBackgroundWork() {
  let release: () => void = () => undefined;
  ctx.work.enqueue("held by the test", () => new Promise<void>((resolve) => (release = resolve)));
  return () => release();
}

const stored = async (email: string) => ({
  mail: (await ctx.db.selectFrom("mail_outbox").select("id").where("to_address", "=", email).execute())
    .length,
  tokens: (
    await ctx.db
      .selectFrom("one_time_tokens as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .select("t.id")
      .where("u.email", "=", email)
      .execute()
  ).length,
});

const userExists = async (email: string) =>
  (await ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) !== undefined;

describe("mail-sending answers come before any lookup or mail", () => {
  it.each([
    ["recover", "/auth/v1/recover", {}, "recovery", true],
    ["otp with create_user false", "/auth/v1/otp", { create_user: false }, "magic_link", true],
    ["resend signup", "/auth/v1/resend", { type: "signup" }, "confirmation", false],
  ] as const)(
    "%s: a known address is answered {} with nothing stored yet; the mail follows",
    async (_name, path, extra, kind, confirmed) => {
      const user = await ctx.createUser({ confirmed });
      const unknown = uniqueEmail("nobody");
      const release = holdBackgroundWork();
      const known = await anon(ctx).post(path, { ...extra, email: user.email });
      const stranger = await anon(ctx).post(path, { ...extra, email: unknown });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({});
      expect(stranger.status).toBe(200);
      expect(stranger.body).toEqual(known.body);
      expect(await stored(user.email)).toEqual({ mail: 0, tokens: 0 });
      release();
      const sent = await mails(ctx, user.email);
      expect(sent.map((m) => m.kind)).toEqual([kind]);
      expect(await stored(user.email)).toEqual({ mail: 1, tokens: 1 });
      expect(await mails(ctx, unknown)).toEqual([]);
    },
  );

  it("otp that creates a user does so after the answer too", async () => {
    const email = uniqueEmail("newcomer");
    const release = holdBackgroundWork();
    expect((await anon(ctx).post("/auth/v1/otp", { email })).status).toBe(200);
    expect(await userExists(email)).toBe(false);
    release();
    expect((await mails(ctx, email)).map((m) => m.kind)).toEqual(["magic_link"]);
    expect(await userExists(email)).toBe(true);
  });

  it("the per-address mail limit still answers before the queue, the same for every address", async () => {
    const user = await ctx.createUser();
    const unknown = uniqueEmail("nobody");
    const release = holdBackgroundWork();
    for (const email of [user.email, unknown]) {
      expect((await anon(ctx).post("/auth/v1/recover", { email })).status).toBe(200);
      const again = await anon(ctx).post("/auth/v1/recover", { email });
      expect(again.status).toBe(429);
      expect(again.body.error_code).toBe("over_email_send_rate_limit");
    }
    release();
    expect(await mails(ctx, user.email)).toHaveLength(1);
  });
});
