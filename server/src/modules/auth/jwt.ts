import { createSecretKey, type KeyObject } from "node:crypto";
import jwt from "jsonwebtoken";
import {
  type AccessTokenClaims,
  type AnonKeyClaims,
  type ServiceRoleKeyClaims,
  TokenError,
  type VerifiedToken,
} from "../../http/access-token";

export type { AccessTokenClaims, AppRole, VerifiedToken } from "../../http/access-token";
export { TokenError } from "../../http/access-token";

const ACCESS_TOKEN_AUDIENCE = "authenticated";
const ISSUER = "stockholm-songwriters";
/** Fixed so the anonymous and service_role keys are the same on every start for a given secret. */
const ANON_KEY_ISSUED_AT = 1_767_225_600; // 2026-01-01
const TEN_YEARS = 10 * 365 * 24 * 3600;

/** HS256 signing with a KeyObject: jsonwebtoken is ~50x slower when given the secret as a string. */
export function createTokenSigner(secret: string, now: () => number = Date.now) {
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
    // No noTimestamp here: jsonwebtoken would drop our iat along with its own.
    return { token: jwt.sign(payload, key, { algorithm: "HS256" }), claims: payload };
  }

  /** Verifies signature (HS256 only), expiry and, for user tokens, the audience. */
  /**
   * Tokens that verified, by their exact text: the same string always has the same signature and claims,
   * so only expiry needs checking again. Every request carries the anonymous key and most carry a token
   * seen a moment ago; this skips the HMAC and JSON parsing for them. Bounded; cleared when full.
   */
  const verified = new Map<string, VerifiedToken>();
  const MAX_VERIFIED = 10_000;

  function verify(token: string): VerifiedToken {
    const known = verified.get(token);
    if (known) {
      if (known.claims.exp > Math.floor(now() / 1000)) return known;
      verified.delete(token);
    }
    const result = verifySignatureAndClaims(token);
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, result);
    return result;
  }

  function verifySignatureAndClaims(token: string): VerifiedToken {
    let decoded: jwt.JwtPayload;
    try {
      const result = jwt.verify(token, key, {
        algorithms: ["HS256"],
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

  return { anonKey, serviceRoleKey, signAccessToken, verify };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
