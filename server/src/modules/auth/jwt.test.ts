import { describe, expect, it } from "vitest";
import { createTokenSigner, TokenError } from "./jwt";

const SECRET = "a-test-secret-that-is-long-enough-for-hs256";
const claims = {
  sub: "u1",
  email: "a@example.com",
  phone: "",
  role: "authenticated" as const,
  app_metadata: { role: "staff" as const },
  user_metadata: {},
  session_id: "s1",
  aal: "aal1" as const,
  amr: [],
  is_anonymous: false as const,
};

describe("token verification", () => {
  it("refuses a token once it expires, even after it verified before", () => {
    let nowMs = Date.UTC(2026, 0, 1);
    const signer = createTokenSigner(SECRET, () => nowMs);
    const { token } = signer.signAccessToken(claims, 60);
    expect(signer.verify(token).kind).toBe("user");
    expect(signer.verify(token).kind).toBe("user");
    nowMs += 61_000;
    expect(() => signer.verify(token)).toThrowError(TokenError);
    expect(() => signer.verify(token)).toThrow("JWT expired");
  });

  it("never accepts a token that failed, however often it is presented", () => {
    const signer = createTokenSigner(SECRET);
    const other = createTokenSigner("another-secret-that-is-long-enough-for-hs256");
    const forged = other.signAccessToken(claims, 60).token;
    for (let i = 0; i < 3; i++) expect(() => signer.verify(forged)).toThrow(/invalid JWT/);
  });

  it("accepts its own anonymous key", () => {
    const signer = createTokenSigner(SECRET);
    expect(signer.verify(signer.anonKey).kind).toBe("anon");
  });

  it("accepts its own service_role key, the same on every start, and not another secret's", () => {
    const signer = createTokenSigner(SECRET);
    expect(signer.verify(signer.serviceRoleKey).kind).toBe("service_role");
    expect(createTokenSigner(SECRET).serviceRoleKey).toBe(signer.serviceRoleKey);
    expect(signer.serviceRoleKey).not.toBe(signer.anonKey);
    const other = createTokenSigner("another-secret-that-is-long-enough-for-hs256");
    expect(() => signer.verify(other.serviceRoleKey)).toThrow(/invalid JWT/);
  });
});
