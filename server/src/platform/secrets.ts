import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** Tokens are stored as their sha256: a leaked database holds nothing that signs anyone in. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** 192 random bits, URL-safe. */
export const randomToken = () => randomBytes(24).toString("base64url");

/** The 6-digit code a mail carries beside its link. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Codes are only 6 digits, so their hash is bound to the address they were sent to. */
export const codeHash = (email: string, code: string) => sha256(`${email}\u0000${code}`);

export const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A 32-byte key for one purpose (`label`) from a configured secret. */
export const deriveKey = (secret: string, label: string) =>
  Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), label, 32));

export interface Secrets {
  /**
   * A refresh token's child is derived from it (HMAC), so a token presented again inside the reuse
   * interval can be answered with the very child the first request got, though only hashes are stored.
   */
  childToken(parent: string): string;
}

export function createSecrets(jwtSecret: string): Secrets {
  const chainKey = deriveKey(jwtSecret, "refresh-token-chain");
  return {
    childToken: (parent) =>
      createHmac("sha256", chainKey).update(parent).digest().subarray(0, 24).toString("base64url"),
  };
}
