import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { createTokenSigner } from "../modules/auth/jwt";
import { AppError } from "./app-error";
import { createAuthorizer } from "./authorize";

const signer = createTokenSigner("authorize-test-secret-with-enough-length");

function requestAs(role: "admin" | "staff" | null, aal: "aal1" | "aal2" = "aal1") {
  const { token } = signer.signAccessToken(
    {
      sub: "00000000-0000-4000-8000-000000000001",
      session_id: "00000000-0000-4000-8000-000000000002",
      role: "authenticated",
      email: "someone@example.com",
      phone: "",
      is_anonymous: false,
      app_metadata: role ? { role } : {},
      user_metadata: {},
      aal,
      amr: [{ method: "password", timestamp: 0 }],
    },
    60,
  );
  return { headers: { apikey: signer.anonKey, authorization: `Bearer ${token}` } } as unknown as Request;
}

const OFFICE = "https://office.example";
const authorizer = (requireAal2: boolean, hasVerifiedFactor = false) =>
  createAuthorizer({
    tokens: signer,
    sessionAal: async () => ({ aal: "aal2", hasVerifiedFactor }),
    requireAal2,
    browserOrigins: [OFFICE],
  });

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return "allowed";
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
}

describe("admin access level", () => {
  it("lets administrators in and refuses staff and role-less users", async () => {
    const { authorize } = authorizer(false);
    expect(await codeOf(authorize("admin", requestAs("admin")))).toBe("allowed");
    expect(await codeOf(authorize("admin", requestAs("staff")))).toBe("permission_denied");
    expect(await codeOf(authorize("admin", requestAs(null)))).toBe("permission_denied");
    expect(await codeOf(authorize("staff", requestAs("staff")))).toBe("allowed");
  });

  it("still asks an administrator for the second factor when the back office requires it", async () => {
    const { authorize } = authorizer(true);
    expect(await codeOf(authorize("admin", requestAs("admin", "aal1")))).toBe("aal2_required");
    expect(await codeOf(authorize("admin", requestAs("admin", "aal2")))).toBe("allowed");
  });

  it("asks anyone with a verified second factor for it, even when the back office does not require it", async () => {
    const { authorize } = authorizer(false, true);
    expect(await codeOf(authorize("staff", requestAs("staff", "aal1")))).toBe("aal2_required");
    expect(await codeOf(authorize("admin", requestAs("admin", "aal1")))).toBe("aal2_required");
    expect(await codeOf(authorize("staff", requestAs("staff", "aal2")))).toBe("allowed");
    expect(await codeOf(authorize("user", requestAs("staff", "aal1")))).toBe("allowed");
  });
});

describe("service_role access level", () => {
  const serviceRequest = (headers: Record<string, string>) => ({ headers }) as unknown as Request;
  const key = signer.serviceRoleKey;

  it("passes only the service_role key, and refuses people's tokens as GoTrue does", async () => {
    const { authorize } = authorizer(false);
    const asService = serviceRequest({ apikey: signer.anonKey, authorization: `Bearer ${key}` });
    expect(await authorize("service_role", asService)).toEqual({ kind: "service_role" });
    expect(await authorize("service_role", serviceRequest({ apikey: key }))).toEqual({
      kind: "service_role",
    });
    for (const role of ["admin", "staff", null] as const) {
      expect(await codeOf(authorize("service_role", requestAs(role, "aal2")))).toBe("not_admin");
    }
    const anonBearer = serviceRequest({ apikey: signer.anonKey, authorization: `Bearer ${signer.anonKey}` });
    expect(await codeOf(authorize("service_role", anonBearer))).toBe("not_admin");
    expect(await codeOf(authorize("service_role", serviceRequest({ apikey: signer.anonKey })))).toBe(
      "not_signed_in",
    );
  });

  it("is no person: user, staff and admin routes refuse it, public ones see it", async () => {
    const { authorize } = authorizer(false);
    const asService = serviceRequest({ apikey: key, authorization: `Bearer ${key}` });
    for (const level of ["user", "staff", "admin"] as const) {
      expect(await codeOf(authorize(level, asService))).toBe("not_signed_in");
    }
    expect(await authorize("public", asService)).toEqual({ kind: "service_role" });
  });

  it("passes staff and admin levels only where the route lets the service key past its policies", async () => {
    const { authorize } = authorizer(true);
    const asService = serviceRequest({ apikey: key, authorization: `Bearer ${key}` });
    for (const level of ["staff", "admin"] as const) {
      expect(await authorize(level, asService, { serviceRoleBypasses: true })).toEqual({
        kind: "service_role",
      });
    }
    // A person still meets the level itself there.
    expect(await codeOf(authorize("admin", requestAs("staff", "aal2"), { serviceRoleBypasses: true }))).toBe(
      "permission_denied",
    );
  });

  it("is told it is nobody where the route acts as the signed-in person; a person passes there", async () => {
    const { authorize } = authorizer(false);
    const asService = serviceRequest({ apikey: key, authorization: `Bearer ${key}` });
    const asPerson = { actsAsPerson: true };
    expect(await codeOf(authorize("staff", asService, asPerson))).toBe("service_role_not_a_person");
    expect(await authorize("staff", requestAs("staff", "aal1"), asPerson)).toMatchObject({ kind: "user" });
    expect(await codeOf(authorize("staff", serviceRequest({ apikey: signer.anonKey }), asPerson))).toBe(
      "not_signed_in",
    );
  });

  it("is refused from a browser page of an origin outside the allowed list, as the key or the bearer", async () => {
    const { authorize } = authorizer(false);
    const from = (origin: string, headers: Record<string, string>) => serviceRequest({ ...headers, origin });
    const bypass = { serviceRoleBypasses: true };
    const stranger = "https://evil.example";
    expect(await codeOf(authorize("public", from(stranger, { apikey: key })))).toBe("service_key_in_browser");
    expect(
      await codeOf(
        authorize(
          "staff",
          from(stranger, { apikey: signer.anonKey, authorization: `Bearer ${key}` }),
          bypass,
        ),
      ),
    ).toBe("service_key_in_browser");
    expect(await codeOf(authorize("service_role", from(stranger, { apikey: key })))).toBe(
      "service_key_in_browser",
    );
    expect(await authorize("staff", from(OFFICE, { apikey: key }), bypass)).toEqual({ kind: "service_role" });
    // The anonymous key is meant for browsers: any origin may send it.
    expect(await authorize("public", from(stranger, { apikey: signer.anonKey }))).toEqual({ kind: "anon" });
  });
});
