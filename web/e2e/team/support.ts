import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { anonKeyOf, openSignedIn, type TestUser } from "../auth/support";
import { createUser } from "../support/server";
import { totpCode } from "./totp";

/** An administrator made with the operator CLI (as the first one is), signed in on this page at `path`. */
export async function signInAsAdmin(page: Page, path = "/app") {
  const admin = createUser("admin");
  await openSignedIn(page, admin, path);
  return admin;
}

let counter = 0;
/** An address outside the staff domain, so any back-office role it gets comes from the invitation. */
export function newColleague(): TestUser {
  counter += 1;
  const id = `${Date.now()}-${process.pid}-${counter}`;
  return { email: `e2e-invited-${id}@example.com`, password: `Invited-Password-${id}!`, fullName: "" };
}

async function authHeaders(request: APIRequestContext, token?: string) {
  return { apikey: await anonKeyOf(request), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/** Signs in through the API: the answer's status and, when it worked, the access token. */
export async function apiSignIn(request: APIRequestContext, user: Pick<TestUser, "email" | "password">) {
  const response = await request.post("/auth/v1/token?grant_type=password", {
    headers: await authHeaders(request),
    data: { email: user.email, password: user.password },
  });
  const body = (await response.json()) as { access_token?: string };
  return { status: response.status(), token: body.access_token ?? null };
}

/** Invites through the team API, as an administrator's token. */
export async function inviteThroughApi(request: APIRequestContext, adminToken: string, email: string) {
  const response = await request.post("/api/team/invitations", {
    headers: await authHeaders(request, adminToken),
    data: { email, role: "staff" },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Enrols and verifies a TOTP factor for the signed-in user, as an authenticator app would: the code is
 * computed from the secret the enrolment answers with.
 */
export async function enrolTotpFactor(request: APIRequestContext, token: string, friendlyName: string) {
  const headers = await authHeaders(request, token);
  const enrolled = await request.post("/auth/v1/factors", {
    headers,
    data: { factor_type: "totp", friendly_name: friendlyName },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
  const challenge = await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers, data: {} });
  expect(challenge.status(), await challenge.text()).toBe(200);
  const { id: challengeId } = (await challenge.json()) as { id: string };
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
    headers,
    data: { challenge_id: challengeId, code: totpCode(factor.totp.secret) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return factor.id;
}

/** The user's factors as GET /auth/v1/user lists them. */
export async function factorsOf(request: APIRequestContext, token: string) {
  const response = await request.get("/auth/v1/user", { headers: await authHeaders(request, token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { factors?: { id: string; status: string }[] }).factors ?? [];
}
