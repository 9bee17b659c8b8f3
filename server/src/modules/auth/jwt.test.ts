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

describe("token verification", async () => {
  it("refuses a token once it expires, even after it verified before", async () => {
    let nowMs = Date.UTC(2026, 0, 1);
    const signer = createTokenSigner(SECRET, () => nowMs);
    const { token } = signer.signAccessToken(claims, 60);
    expect((await signer.verify(token)).kind).toBe("user");
    expect((await signer.verify(token)).kind).toBe("user");
    nowMs += 61_000;
    await expect(signer.verify(token)).rejects.toThrowError(TokenError);
    await expect(signer.verify(token)).rejects.toThrow("JWT expired");
  });

  it("never accepts a token that failed, however often it is presented", async () => {
    const signer = createTokenSigner(SECRET);
    const other = createTokenSigner("another-secret-that-is-long-enough-for-hs256");
    const forged = other.signAccessToken(claims, 60).token;
    for (let i = 0; i < 3; i++) await expect(signer.verify(forged)).rejects.toThrow(/invalid JWT/);
  });

  it("accepts its own anonymous key", async () => {
    const signer = createTokenSigner(SECRET);
    expect((await signer.verify(signer.anonKey)).kind).toBe("anon");
  });

  it("accepts its own service_role key, the same on every start, and not another secret's", async () => {
    const signer = createTokenSigner(SECRET);
    expect((await signer.verify(signer.serviceRoleKey)).kind).toBe("service_role");
    expect(createTokenSigner(SECRET).serviceRoleKey).toBe(signer.serviceRoleKey);
    expect(signer.serviceRoleKey).not.toBe(signer.anonKey);
    const other = createTokenSigner("another-secret-that-is-long-enough-for-hs256");
    await expect(signer.verify(other.serviceRoleKey)).rejects.toThrow(/invalid JWT/);
  });
});
