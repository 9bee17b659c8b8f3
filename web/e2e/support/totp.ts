import { createHmac } from "node:crypto";

/*
 * RFC 6238 time-based codes (HMAC-SHA1, 30 s steps, 6 digits), as an authenticator app computes them from
 * the setup key the settings page shows: the browser tests play the phone.
 */
const STEP_SECONDS = 30;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function decodeBase32(secret: string): Buffer {
  const clean = secret.replace(/[\s=]/g, "").toUpperCase();
  let bits = "";
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 4226 HOTP for one counter value. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = (digest[19] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/** The code for the time step holding `atMs`. */
export function totpCode(secret: string, atMs: number = Date.now()): string {
  return hotp(decodeBase32(secret), Math.floor(atMs / 1000 / STEP_SECONDS));
}

/**
 * A code the server has not accepted yet: it never takes one twice, nor an older one than the last, so a
 * second sign-in within the same 30 s uses the next step's code (the server allows one step of drift).
 */
export function nextTotpCode(secret: string, atMs: number = Date.now()): string {
  return totpCode(secret, atMs + STEP_SECONDS * 1000);
}

/** Six digits that match none of the steps the server would accept around `atMs`. */
export function wrongTotpCode(secret: string, atMs: number = Date.now()): string {
  const near = new Set([-1, 0, 1, 2].map((steps) => totpCode(secret, atMs + steps * STEP_SECONDS * 1000)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}
