import { createHash } from "node:crypto";
import { AppError } from "../../http/app-error";
import { safeEqual } from "../../platform/secrets";

/**
 * PKCE (RFC 7636) as GoTrue speaks it: a request that mails a link may carry `code_challenge` and
 * `code_challenge_method` (s256 or plain); following that link then answers an auth code in the redirect's
 * query instead of a session in its fragment, and only whoever holds the code verifier can exchange the
 * code for a session (`POST /token?grant_type=pkce`). A link opened in another browser, or read by a mail
 * scanner, therefore signs nobody in.
 */

type CodeChallengeMethod = "s256" | "plain";

export interface PkceChallenge {
  challenge: string;
  method: CodeChallengeMethod;
}

/**
 * How long an issued auth code can be exchanged, counted from the moment the link was followed (GoTrue's
 * flow state expiry, 5 minutes). The link itself lives for OTP_EXPIRY before that, so a sign-up confirmed
 * an hour after it was mailed still gets its full five minutes.
 */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

const CHALLENGE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

const invalid = (message: string) => new AppError("validation_failed", message);

/**
 * The challenge a mail request carries, or undefined for the implicit flow (neither field, or both null,
 * as auth-js sends them outside PKCE). One without the other, a challenge outside RFC 7636's 43–128
 * unreserved characters, or a method other than s256/plain (any case) is a 400 before anything is mailed.
 */
export function parsePkceChallenge(input: {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}): PkceChallenge | undefined {
  const challenge = input.code_challenge ?? "";
  const method = (input.code_challenge_method ?? "").toLowerCase();
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw invalid("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw invalid("code challenge has to be between 43 and 128 characters");
  }
  if (!CHALLENGE_PATTERN.test(challenge)) {
    throw invalid(
      "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
    );
  }
  if (method !== "s256" && method !== "plain") throw invalid("code challenge method not supported");
  return { challenge, method };
}

/** The s256 challenge of a verifier: base64url of its SHA-256, unpadded. */
const s256Challenge = (verifier: string) => createHash("sha256").update(verifier, "utf8").digest("base64url");

/** Whether `verifier` is the one the stored challenge was made from (compared in constant time). */
export function verifierMatches(flow: PkceChallenge, verifier: string): boolean {
  const expected = flow.method === "s256" ? s256Challenge(verifier) : verifier;
  return safeEqual(expected, flow.challenge);
}

/**
 * `target` with `code=<auth code>` in its query. Its own query parameters keep their exact spelling and
 * order and its fragment stays; only a `code` it already carried is replaced, so the app reads one code.
 */
export function withAuthCode(target: string, code: string): string {
  const hashAt = target.indexOf("#");
  const beforeHash = hashAt === -1 ? target : target.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : target.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  const kept = query.split("&").filter((pair) => pair !== "" && !isCodeParam(pair));
  return `${base}?${[...kept, `code=${encodeURIComponent(code)}`].join("&")}${fragment}`;
}

function isCodeParam(pair: string) {
  const name = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(name.replace(/\+/g, " ")) === "code";
  } catch {
    return false;
  }
}
