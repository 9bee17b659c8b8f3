import { createSecretKey } from "node:crypto";
import jwt from "jsonwebtoken";
import { AppError } from "../../http/app-error";

/** Neither an access token nor the anon key: those carry a role, and verification asks for this audience. */
const AUDIENCE = "storage-signed-url";

/**
 * Tokens of signed download URLs: an HS256 JWT over the object's `bucket/key`, signed with the server's
 * JWT secret, so any node of a deployment honours a link another node made until it expires.
 */
export function createUrlSigner(secret: string, now: () => number) {
  const key = createSecretKey(Buffer.from(secret, "utf8"));

  function sign(bucketId: string, objectKey: string, expiresIn: number) {
    const iat = Math.floor(now() / 1000);
    return jwt.sign({ url: `${bucketId}/${objectKey}`, aud: AUDIENCE, iat, exp: iat + expiresIn }, key, {
      algorithm: "HS256",
    });
  }

  /** Refuses (400) a token that is expired, tampered with, or made for another object. */
  function verify(token: unknown, bucketId: string, objectKey: string) {
    if (typeof token !== "string" || token.length === 0 || token.length > 4096)
      throw new AppError("InvalidSignature", "Missing or malformed token");
    let claims: jwt.JwtPayload | string;
    try {
      claims = jwt.verify(token, key, {
        algorithms: ["HS256"],
        audience: AUDIENCE,
        clockTimestamp: Math.floor(now() / 1000),
      });
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError)
        throw new AppError("InvalidSignature", "The signed URL has expired");
      throw new AppError("InvalidSignature", "Invalid signature");
    }
    if (typeof claims === "string" || claims.url !== `${bucketId}/${objectKey}`)
      throw new AppError("InvalidSignature", "The token does not match this object");
  }

  return { sign, verify };
}

/**
 * The path storage-js appends to the storage URL, as Supabase answers it: the key unencoded (the client
 * runs encodeURI over the whole URL; keys never hold `%`, `?` or `#`), then the token.
 */
export function signedPath(bucketId: string, objectKey: string, token: string) {
  return `/object/sign/${bucketId}/${objectKey}?token=${token}`;
}
