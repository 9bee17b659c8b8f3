import { describe, expect, it } from "vitest";
import { checkNewPassword } from "@/features/auth/utils/new-password";

describe("checkNewPassword", () => {
  it("asks for a password first, then for the same one twice", () => {
    expect(checkNewPassword("", "")).toEqual({ password: "Enter a password." });
    expect(checkNewPassword("Tonart-2026!", "Tonart-2026")).toEqual({
      confirmation: "The two passwords do not match.",
    });
    expect(checkNewPassword("Tonart-2026!", "Tonart-2026!")).toEqual({});
  });
});
