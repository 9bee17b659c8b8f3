import { describe, expect, it } from "vitest";
import { checkTotpCode, describeFactorError, describeWait, normalizeTotpCode } from "@/lib/second-factor";

const NOW = new Date(2030, 0, 1, 18, 27, 0).getTime();

describe("second-factor codes", () => {
  it("drops the spaces and dashes authenticator apps show, and checks six digits", () => {
    expect(normalizeTotpCode(" 123 456 ")).toBe("123456");
    expect(normalizeTotpCode("123-456")).toBe("123456");
    expect(checkTotpCode("123456")).toBeUndefined();
    expect(checkTotpCode("")).toMatch(/Enter the 6-digit code/);
    expect(checkTotpCode("12345")).toMatch(/6 digits/);
    expect(checkTotpCode("12345a")).toMatch(/6 digits/);
  });

  it("says how long a wait is in minutes or hours", () => {
    expect(describeWait(30)).toBe("1 minute");
    expect(describeWait(900)).toBe("15 minutes");
    expect(describeWait(3600)).toBe("1 hour");
    expect(describeWait(7200)).toBe("2 hours");
  });
});

describe("describeFactorError", () => {
  it("a wrong code asks for the next one", () => {
    const text = describeFactorError(
      { code: "mfa_verification_failed", message: "Invalid TOTP code entered", status: 422 },
      NOW,
    );
    expect(text).toMatch(/That code is not correct/);
    expect(text).not.toMatch(/Try again in/);
  });

  it("the wrong code that locks the factor says until when", () => {
    const text = describeFactorError(
      { code: "mfa_verification_failed", message: "…now locked", status: 422, retryAfterSeconds: 900 },
      NOW,
    );
    expect(text).toMatch(/one wrong code too many/);
    expect(text).toMatch(/Try again in 15 minutes, at 18:42\./);
  });

  it("a locked factor explains the lock and when it ends, or falls back to the server's words", () => {
    const locked = { code: "mfa_factor_locked", status: 429, message: "Try again in 14 minutes." };
    expect(describeFactorError({ ...locked, retryAfterSeconds: 840 }, NOW)).toMatch(
      /^Too many wrong codes: .* Try again in 14 minutes, at 18:41\.$/,
    );
    expect(describeFactorError(locked, NOW)).toMatch(/Try again in 14 minutes\.$/);
  });

  it("an expired challenge, a lost connection and anything else", () => {
    expect(describeFactorError({ code: "mfa_challenge_expired", message: "x", status: 422 })).toMatch(
      /took too long/,
    );
    expect(describeFactorError({ code: "network_error", message: "fetch failed", status: 0 })).toMatch(
      /could not reach the server/,
    );
    expect(describeFactorError({ code: "insufficient_aal", message: "AAL2 required", status: 403 })).toBe(
      "AAL2 required",
    );
  });
});
