import { createSecretKey, type KeyObject } from "node:crypto";
import jwt from "jsonwebtoken";
import {
  type AccessTokenClaims,
  type AnonKeyClaims,
  type ServiceRoleKeyClaims,
  TokenError,
  type VerifiedToken,
} from "../../http/access-token";
import type { Keyring } from "./keyring";

export type { AccessTokenClaims, AppRole, VerifiedToken } from "../../http/access-token";
export { TokenError } from "../../http/access-token";

const ACCESS_TOKEN_AUDIENCE = "authenticated";
const ISSUER = "stockholm-songwriters";
/** Fixed so the anonymous and service_role keys are the same on every start for a given secret. */
const ANON_KEY_ISSUED_AT = 1_767_225_600; // 2026-01-01
const TEN_YEARS = 10 * 365 * 24 * 3600;

function headerOf(token: string): jwt.JwtHeader | undefined {
  try {
    return jwt.decode(token, { complete: true })?.header;
  } catch {
    return undefined;
  }
}

/** The only algorithms a token may name; anything else (`none` above all) is refused before any key is used. */
const ACCEPTED_ALGS = new Set(["HS256", "ES256", "RS256"]);

/**
 * Signs access tokens with the keyring's current asymmetric key (its kid in the header) or, while there
 * is none, with JWT_SECRET (HS256, no kid). The anonymous and service_role keys are always HS256, so they
 * never change with a rotation. KeyObjects throughout: jsonwebtoken is ~50x slower given a string secret.
 */
export function createTokenSigner(secret: string, now: () => number = Date.now, keyring?: Keyring) {
  const key: KeyObject = createSecretKey(Buffer.from(secret, "utf8"));
  const longLivedKey = (role: "anon" | "service_role") =>
    jwt.sign({ iss: ISSUER, role, iat: ANON_KEY_ISSUED_AT, exp: ANON_KEY_ISSUED_AT + TEN_YEARS }, key, {
      algorithm: "HS256",
      noTimestamp: true,
    });
  const anonKey = longLivedKey("anon");
  /** A server-side secret: it passes GoTrue's admin API. Never sent to a browser. */
  const serviceRoleKey = longLivedKey("service_role");

  function signAccessToken(
    claims: Omit<AccessTokenClaims, "iss" | "aud" | "iat" | "exp">,
    expiresInSeconds: number,
  ) {
    const iat = Math.floor(now() / 1000);
    const payload: AccessTokenClaims = {
      ...claims,
      iss: ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      iat,
      exp: iat + expiresInSeconds,
    };
    const signing = keyring?.current();
    // No noTimestamp here: jsonwebtoken would drop our iat along with its own.
    const token =
      signing?.privateKey === undefined
        ? jwt.sign(payload, key, { algorithm: "HS256" })
        : jwt.sign(payload, signing.privateKey, { algorithm: signing.alg, keyid: signing.kid });
    return { token, claims: payload };
  }

  /**
   * Tokens that verified, by their exact text: the same string always has the same signature and claims,
   * so only expiry needs checking again. Every request carries the anonymous key and most carry a token
   * seen a moment ago; this skips the HMAC and JSON parsing for them. Bounded; cleared when full.
   */
  const verified = new Map<string, VerifiedToken>();
  const MAX_VERIFIED = 10_000;

  /** Verifies signature, expiry and, for user tokens, the audience; rejects with TokenError. */
  async function verify(token: string): Promise<VerifiedToken> {
    await keyring?.freshen();
    const known = verified.get(token);
    if (known) {
      if (known.claims.exp > Math.floor(now() / 1000)) return known;
      verified.delete(token);
    }
    const result = verifySignatureAndClaims(token, await keyFor(token));
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, result);
    return result;
  }

  /**
   * The key a token must verify with and the one algorithm allowed for it: a token without kid is HS256
   * under JWT_SECRET; a token with a kid must name exactly its key's algorithm. So a token cannot choose
   * how it is checked (an HS256 token "signed" with a published public key fails).
   */
  async function keyFor(token: string): Promise<{ key: KeyObject; alg: jwt.Algorithm }> {
    const header = headerOf(token);
    if (!header) throw new TokenError("invalid JWT: unable to parse or verify signature", "invalid");
    if (!ACCEPTED_ALGS.has(header.alg)) throw new TokenError("invalid JWT: unsupported algorithm", "invalid");
    if (header.kid === undefined) {
      if (header.alg !== "HS256") throw new TokenError("invalid JWT: unexpected algorithm", "invalid");
      return { key, alg: "HS256" };
    }
    const signingKey = typeof header.kid === "string" ? await keyring?.find(header.kid) : undefined;
    if (!signingKey) throw new TokenError("invalid JWT: unknown signing key", "invalid");
    if (header.alg !== signingKey.alg) throw new TokenError("invalid JWT: unexpected algorithm", "invalid");
    return { key: signingKey.publicKey, alg: signingKey.alg };
  }

  function verifySignatureAndClaims(
    token: string,
    check: { key: KeyObject; alg: jwt.Algorithm },
  ): VerifiedToken {
    let decoded: jwt.JwtPayload;
    try {
      const result = jwt.verify(token, check.key, {
        algorithms: [check.alg],
        clockTimestamp: Math.floor(now() / 1000),
      });
      if (typeof result === "string") throw new TokenError("invalid JWT", "invalid");
      decoded = result;
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError) throw new TokenError("JWT expired", "expired");
      if (err instanceof TokenError) throw err;
      throw new TokenError("invalid JWT: unable to parse or verify signature", "invalid");
    }
    if (decoded.role === "anon" && decoded.iss === ISSUER) {
      return { kind: "anon", claims: decoded as AnonKeyClaims };
    }
    if (decoded.role === "service_role" && decoded.iss === ISSUER) {
      return { kind: "service_role", claims: decoded as ServiceRoleKeyClaims };
    }
    if (
      decoded.role === "authenticated" &&
      decoded.aud === ACCESS_TOKEN_AUDIENCE &&
      typeof decoded.sub === "string"
    ) {
      return { kind: "user", claims: decoded as AccessTokenClaims };
    }
    throw new TokenError("invalid JWT: unexpected role or audience", "invalid");
  }

  /** The published public keys; empty while access tokens are signed with JWT_SECRET only. */
  async function jwks() {
    await keyring?.freshen();
    return keyring?.jwks() ?? { keys: [] };
  }

  return { anonKey, serviceRoleKey, signAccessToken, verify, jwks };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
