import type { AddressInfo } from "node:net";
import type { AuthSession, DevMail } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext, uniqueEmail } from "../helpers";
import { anon, bearer, fragmentOf, latestMail, linkPath, linkToken, mailCode, signIn } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

const SINGLE_CONFIRMATION =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/** A signed-in user who asked to move to a new address: the mail to each address. */
async function changeRequested() {
  const user = await ctx.createUser();
  const session = await signIn(ctx, user.email, user.password);
  const next = uniqueEmail("moved");
  const res = await bearer(ctx, session.access_token).put("/auth/v1/user", { email: next });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ email: user.email, new_email: next });
  return { user, session, next, ...(await pair(user.email, next)) };
}

async function pair(current: string, next: string) {
  const toCurrent = await latestMail(ctx, current);
  const toNew = await latestMail(ctx, next);
  expect(toCurrent.kind).toBe("email_change_current");
  expect(toNew.kind).toBe("email_change");
  return { toCurrent, toNew };
}

const follow = (mail: DevMail) => request(ctx.app).get(linkPath(mail.link));

async function emailOf(session: AuthSession) {
  const res = await bearer(ctx, session.access_token).get("/auth/v1/user");
  expect(res.status, res.text).toBe(200);
  return res.body as { email: string; new_email: string | null };
}

describe("a secure e-mail change (confirmed on both addresses)", () => {
  it("mails both addresses; the first link alone changes nothing and signs no one in", async () => {
    const { user, session, next, toCurrent, toNew } = await changeRequested();
    expect(toCurrent.text).toMatch(/change the e-mail address/);
    expect(linkToken(toCurrent.link)).not.toBe(linkToken(toNew.link));
    expect(mailCode(toCurrent)).toMatch(/^\d{6}$/);

    const first = await follow(toNew);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(
      `http://localhost:3000/app#${new URLSearchParams({ message: SINGLE_CONFIRMATION })}`,
    );
    expect(fragmentOf(first.headers.location ?? "")).toEqual({ message: SINGLE_CONFIRMATION });
    expect(await emailOf(session)).toMatchObject({ email: user.email, new_email: next });
    await signIn(ctx, user.email, user.password);

    const again = await follow(toNew);
    expect(fragmentOf(again.headers.location ?? "").error_code).toBe("otp_expired");

    const second = await follow(toCurrent);
    const fragment = fragmentOf(second.headers.location ?? "");
    expect(fragment).toMatchObject({ type: "email_change", token_type: "bearer" });
    expect(await emailOf(session)).toMatchObject({ email: next, new_email: null });
    const signedIn = await signIn(ctx, next, user.password);
    expect(signedIn.user.email_confirmed_at).toEqual(expect.any(String));
    expect(signedIn.user.identities[0]?.identity_data.email).toBe(next);
    const oldAddress = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: user.password,
    });
    expect(oldAddress.body.error_code).toBe("invalid_credentials");
  });

  it("works in the other order, and by code at POST /verify (the first answers GoTrue's message)", async () => {
    const { user, session, next, toCurrent, toNew } = await changeRequested();
    const first = await anon(ctx).post("/auth/v1/verify", {
      type: "email_change",
      email: user.email,
      token: mailCode(toCurrent),
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ msg: SINGLE_CONFIRMATION, code: 200 });
    expect((await emailOf(session)).email).toBe(user.email);

    const second = await anon(ctx).post("/auth/v1/verify", {
      type: "email_change",
      email: next,
      token: mailCode(toNew),
    });
    expect(second.status, second.text).toBe(200);
    expect(second.body.user.email).toBe(next);
    expect((await emailOf(session)).email).toBe(next);
  });

  it("a new request replaces both pending tokens: a half-confirmed older request cannot be finished", async () => {
    const { user, session, toCurrent: oldToCurrent, toNew: oldToNew } = await changeRequested();
    expect((await follow(oldToCurrent)).status).toBe(303);
    const latest = uniqueEmail("latest");
    expect((await bearer(ctx, session.access_token).put("/auth/v1/user", { email: latest })).status).toBe(
      200,
    );
    const { toCurrent, toNew } = await pair(user.email, latest);

    const stale = await follow(oldToNew);
    expect(fragmentOf(stale.headers.location ?? "").error_code).toBe("otp_expired");
    expect((await emailOf(session)).email).toBe(user.email);

    expect(fragmentOf((await follow(toNew)).headers.location ?? "").message).toBe(SINGLE_CONFIRMATION);
    expect(fragmentOf((await follow(toCurrent)).headers.location ?? "").type).toBe("email_change");
    expect((await emailOf(session)).email).toBe(latest);
  });

  it("resend (type email_change) mails both addresses again, replacing the earlier pair", async () => {
    const { user, session, next, toCurrent, toNew } = await changeRequested();
    const res = await anon(ctx).post("/auth/v1/resend", { type: "email_change", email: next });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const again = await pair(user.email, next);
    expect(again.toCurrent.id).not.toBe(toCurrent.id);
    expect(again.toNew.id).not.toBe(toNew.id);
    expect(fragmentOf((await follow(toNew)).headers.location ?? "").error_code).toBe("otp_expired");
    await follow(again.toNew);
    await follow(again.toCurrent);
    expect((await emailOf(session)).email).toBe(next);
  });

  it("both links followed at the same moment: one is the first half, the other changes the address", async () => {
    const { session, next, toCurrent, toNew } = await changeRequested();
    const server = ctx.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answers = await Promise.all(
        [toNew, toCurrent].map((mail) =>
          fetch(`http://127.0.0.1:${port}${linkPath(mail.link)}`, { redirect: "manual" }),
        ),
      );
      const fragments = answers.map((res) => fragmentOf(res.headers.get("location") ?? ""));
      const said = JSON.stringify(fragments);
      expect(
        fragments.filter((f) => f.message === SINGLE_CONFIRMATION),
        said,
      ).toHaveLength(1);
      expect(
        fragments.filter((f) => f.type === "email_change"),
        said,
      ).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await emailOf(session)).toMatchObject({ email: next, new_email: null });
  });

  it("an address taken by someone else in the meantime is refused at the last link", async () => {
    const { session, next, toCurrent, toNew } = await changeRequested();
    await follow(toCurrent);
    await ctx.createUser({ email: next });
    const last = await follow(toNew);
    expect(fragmentOf(last.headers.location ?? "")).toMatchObject({
      error: "access_denied",
      error_code: "email_exists",
    });
    expect((await emailOf(session)).email).not.toBe(next);
  });
});
