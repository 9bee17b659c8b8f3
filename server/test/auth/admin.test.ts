import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUserAsAdmin,
  listUsersForAdmin,
  setUserRole,
  tailAuditLog,
} from "../../src/modules/auth/admin";
import { createTestContext, type TestContext, uniqueEmail } from "../helpers";
import { bearer, decodeJwt, signIn } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

describe("CLI user administration", () => {
  it("creates a confirmed user with a role, refusing weak passwords and duplicates", async () => {
    const email = uniqueEmail("admin");
    const deps = { db: ctx.db, config: ctx.config };
    await expect(createUserAsAdmin(deps, { email, password: "password", role: "admin" })).rejects.toThrow(
      /weak/,
    );
    await createUserAsAdmin(deps, { email, password: "a strong pass phrase 1", role: "admin" });
    await expect(
      createUserAsAdmin(deps, { email, password: "a strong pass phrase 1", role: null }),
    ).rejects.toThrow(/already exists/);
    const session = await signIn(ctx, email, "a strong pass phrase 1");
    expect(decodeJwt(session.access_token)).toMatchObject({ app_metadata: { role: "admin" } });
    expect((await listUsersForAdmin(deps)).find((u) => u.email === email)).toMatchObject({
      role: "admin",
      confirmed: "yes",
    });
  });

  it("set-role ends the user's sessions so a removed role stops working at once", async () => {
    const user = await ctx.createUser({ role: "staff" });
    const session = await signIn(ctx, user.email, user.password);
    const result = await setUserRole({ db: ctx.db, config: ctx.config }, { email: user.email, role: null });
    expect(result).toMatchObject({ from: "staff", to: null, endedSessions: 1 });
    expect((await bearer(ctx, session.access_token).get("/auth/v1/user")).status).toBe(403);
    const again = await signIn(ctx, user.email, user.password);
    expect(decodeJwt(again.access_token).app_metadata).not.toHaveProperty("role");
    const tail = await tailAuditLog({ db: ctx.db, config: ctx.config }, 5);
    expect(tail.at(-1)?.action).toBe("login");
    expect(tail.map((e) => e.action)).toContain("role_changed");
  });
});
