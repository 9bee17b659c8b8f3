import { describe, expect, it } from "vitest";
import { createFactorSecrets } from "./factor-secrets";

const keys = {
  mfaEncryptionKey: "an-mfa-encryption-key-of-at-least-32-bytes",
  jwtSecret: "a-jwt-secret-of-at-least-32-bytes-long!!",
};

describe("createFactorSecrets", () => {
  it("seals with a version prefix and opens only on the same row under the same key", () => {
    const secrets = createFactorSecrets(keys);
    const sealed = secrets.seal("factor-a", "JBSWY3DPEHPK3PXP");
    expect(sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(secrets.isLegacy(sealed)).toBe(false);
    expect(secrets.open("factor-a", sealed)).toBe("JBSWY3DPEHPK3PXP");
    expect(() => secrets.open("factor-b", sealed)).toThrow();
    const otherKey = createFactorSecrets({ ...keys, mfaEncryptionKey: `${keys.mfaEncryptionKey}-other` });
    expect(() => otherKey.open("factor-a", sealed)).toThrow();
    const otherJwt = createFactorSecrets({ ...keys, jwtSecret: `${keys.jwtSecret}-other` });
    expect(otherJwt.open("factor-a", sealed)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses malformed values instead of guessing", () => {
    const secrets = createFactorSecrets(keys);
    expect(() => secrets.open("factor-a", "v2.abc")).toThrow(/malformed/);
    expect(() => secrets.open("factor-a", "abc.def")).toThrow(/malformed/);
  });
});
