import { describe, expect, it } from "vitest";
import {
  checkFullName,
  checkNewEmail,
  checkNewPassword,
  describePasswordRefusal,
} from "@/features/settings/utils/account-forms";

describe("profile checks", () => {
  it("trims a full name and folds inner spaces; refuses an empty or overlong one", () => {
    expect(checkFullName("  Maja   Holm ")).toEqual({ value: "Maja Holm" });
    expect(checkFullName("   ").error).toBe("Enter your full name.");
    expect(checkFullName("x".repeat(101)).error).toMatch(/100 characters/);
    expect(checkFullName("x".repeat(100))).toEqual({ value: "x".repeat(100) });
  });

  it("takes a new valid address, not the current one", () => {
    expect(checkNewEmail(" New@Example.com ", "maja@example.test")).toEqual({ value: "new@example.com" });
    expect(checkNewEmail("MAJA@example.test", "maja@example.test").error).toMatch(/already your/);
    expect(checkNewEmail("not-an-address", "maja@example.test").error).toMatch(/valid e-mail/);
    expect(checkNewEmail("", "maja@example.test").error).toMatch(/valid e-mail/);
  });
});

describe("password checks", () => {
  it("needs a password and a matching confirmation", () => {
    expect(checkNewPassword("", "")).toEqual({ password: "Enter a new password." });
    expect(checkNewPassword("a-long-password", "a-long-passwort")).toEqual({
      confirmation: "The two passwords do not match.",
    });
    expect(checkNewPassword("a-long-password", "a-long-password")).toEqual({});
  });

  it("puts each refusal beside the field it is about", () => {
    expect(
      describePasswordRefusal({
        code: "weak_password",
        message: "Password is too weak",
        status: 422,
        reasons: ["length"],
      }),
    ).toEqual({ field: "password", message: "Password is too weak", reasons: ["length"] });
    expect(
      describePasswordRefusal({ code: "reauthentication_not_valid", message: "Nonce", status: 422 }),
    ).toMatchObject({ field: "nonce", message: expect.stringMatching(/wrong or has expired/) });
    expect(describePasswordRefusal({ code: "insufficient_aal", message: "AAL2", status: 401 })).toMatchObject(
      {
        field: "form",
        message: expect.stringMatching(/sign in again with a code/),
      },
    );
    expect(
      describePasswordRefusal({ code: "over_request_rate_limit", message: "Slow down", status: 429 }),
    ).toEqual({
      field: "form",
      message: "Slow down",
    });
  });
});
