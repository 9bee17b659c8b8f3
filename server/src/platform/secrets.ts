import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";

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

/** AES-256-GCM as `iv.tag.body` (base64url); `associated` binds the sealed value to its row. */
export function gcmSeal(key: Buffer, plain: string, associated?: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (associated !== undefined) cipher.setAAD(Buffer.from(associated, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function gcmOpen(key: Buffer, parts: string[], associated?: string) {
  const [iv, tag, body] = parts.map((p) => Buffer.from(p, "base64url"));
  if (parts.length !== 3 || !iv || !tag || !body) throw new Error("malformed sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  if (associated !== undefined) decipher.setAAD(Buffer.from(associated, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

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
