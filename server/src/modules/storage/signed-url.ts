import { createSecretKey, randomUUID } from "node:crypto";
import { type StorageImageTransform, storageImageTransformSchema } from "@app/contracts";
import jwt from "jsonwebtoken";
import { AppError } from "../../http/app-error";

/**
 * Neither an access token nor the anon key: those carry a role, and verification asks for one of these
 * audiences. A download link's token cannot upload, nor an upload link's download.
 */
const DOWNLOAD_AUDIENCE = "storage-signed-url";
const UPLOAD_AUDIENCE = "storage-signed-upload";

/** How long a signed upload URL works, as Supabase's: long enough for a slow connection's large file. */
const SIGNED_UPLOAD_SECONDS = 2 * 3600;

/** What a signed upload URL lets its holder do: write this key, replacing an object there or not. */
export interface UploadGrant {
  upsert: boolean;
  /** The signer, recorded as the object's owner (see ObjectOwner). */
  owner: string | null;
  /** The token's id: an upload records it, so the URL uploads once. */
  tokenId: string;
  expiresAt: string;
}

/**
 * Tokens of signed URLs: an HS256 JWT over the object's `bucket/key`, signed with the server's JWT secret,
 * so any node of a deployment honours a link another node made until it expires.
 */
export function createUrlSigner(secret: string, now: () => number) {
  const key = createSecretKey(Buffer.from(secret, "utf8"));

  function issue(claims: object, audience: string, expiresIn: number) {
    const iat = Math.floor(now() / 1000);
    return jwt.sign({ ...claims, aud: audience, iat, exp: iat + expiresIn }, key, { algorithm: "HS256" });
  }

  /** A download token; with a transformation, a render URL's, carrying it as Supabase's does. */
  function sign(bucketId: string, objectKey: string, expiresIn: number, transform?: StorageImageTransform) {
    const claims = { url: `${bucketId}/${objectKey}`, ...(transform ? { transformations: transform } : {}) };
    return issue(claims, DOWNLOAD_AUDIENCE, expiresIn);
  }

  function signUpload(bucketId: string, objectKey: string, grant: { upsert: boolean; owner: string | null }) {
    const claims = {
      url: `${bucketId}/${objectKey}`,
      upsert: grant.upsert,
      owner: grant.owner,
      jti: randomUUID(),
    };
    return issue(claims, UPLOAD_AUDIENCE, SIGNED_UPLOAD_SECONDS);
  }

  /** The token's claims; refuses (400) one that is expired, tampered with, or made for another object. */
  function claimsFor(token: unknown, audience: string, bucketId: string, objectKey: string) {
    if (typeof token !== "string" || token.length === 0 || token.length > 4096)
      throw new AppError("InvalidSignature", "Missing or malformed token");
    let claims: jwt.JwtPayload | string;
    try {
      claims = jwt.verify(token, key, {
        algorithms: ["HS256"],
        audience,
        clockTimestamp: Math.floor(now() / 1000),
      });
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError)
        throw new AppError("InvalidSignature", "The signed URL has expired");
      throw new AppError("InvalidSignature", "Invalid signature");
    }
    if (typeof claims === "string" || claims.url !== `${bucketId}/${objectKey}`)
      throw new AppError("InvalidSignature", "The token does not match this object");
    return claims;
  }

  function verify(token: unknown, bucketId: string, objectKey: string) {
    claimsFor(token, DOWNLOAD_AUDIENCE, bucketId, objectKey);
  }

  /** The transformation a render URL's token was signed with (none: the image as it is, re-encoded). */
  function verifyRender(token: unknown, bucketId: string, objectKey: string): StorageImageTransform {
    const claims = claimsFor(token, DOWNLOAD_AUDIENCE, bucketId, objectKey);
    const transform = storageImageTransformSchema.safeParse(claims.transformations ?? {});
    if (!transform.success) throw new AppError("InvalidSignature", "Invalid signature");
    return transform.data;
  }

  function verifyUpload(token: unknown, bucketId: string, objectKey: string): UploadGrant {
    const claims = claimsFor(token, UPLOAD_AUDIENCE, bucketId, objectKey);
    if (typeof claims.jti !== "string" || typeof claims.exp !== "number")
      throw new AppError("InvalidSignature", "Invalid signature");
    return {
      upsert: claims.upsert === true,
      owner: typeof claims.owner === "string" ? claims.owner : null,
      tokenId: claims.jti,
      expiresAt: new Date(claims.exp * 1000).toISOString(),
    };
  }

  return { sign, verify, verifyRender, signUpload, verifyUpload };
}

/**
 * The path storage-js appends to the storage URL, as Supabase answers it: the key unencoded (the client
 * runs encodeURI over the whole URL; keys never hold `%`, `?` or `#`), then the token.
 */
export function signedPath(bucketId: string, objectKey: string, token: string) {
  return `/object/sign/${bucketId}/${objectKey}?token=${token}`;
}

/** The same for a signed render URL (createSignedUrl with `transform`). */
export function signedRenderPath(bucketId: string, objectKey: string, token: string) {
  return `/render/image/sign/${bucketId}/${objectKey}?token=${token}`;
}

/** The same for a signed upload URL. */
export function signedUploadPath(bucketId: string, objectKey: string, token: string) {
  return `/object/upload/sign/${bucketId}/${objectKey}?token=${token}`;
}
