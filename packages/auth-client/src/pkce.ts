import { callAuthApi } from "./auth-api";
import { AuthError, isRetryableAuthError } from "./auth-error";
import type { SessionCore } from "./session-core";
import { toSession } from "./session-store";
import type { AuthResult, RedirectType, Session, StorageLike, User } from "./types";

/**
 * PKCE for mailed links (flowType "pkce"): each call that mails a link first makes a fresh code verifier,
 * keeps it in the client's storage, and sends only its challenge. The link then lands on the redirect with
 * `?code=`; exchangeCodeForSession(code) sends code and verifier back, so only this browser, the one that
 * asked, can turn the link into a session.
 */

/** The body fields a link-mailing call adds: a challenge in PKCE mode, nothing in the implicit flow. */
export type ChallengeFields = { code_challenge?: string; code_challenge_method?: "s256" | "plain" };
export type MakeChallenge = (redirectType?: "recovery") => Promise<ChallengeFields>;

/** auth-js's key suffix, so a page moving between the two clients finds the same pending verifier. */
const VERIFIER_KEY_SUFFIX = "-code-verifier";
/** 48 random bytes: a 64-character verifier, inside RFC 7636's 43–128. */
const VERIFIER_BYTES = 48;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function generateCodeVerifier(): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
}

/**
 * The challenge for a verifier: s256 where WebCrypto's digest exists; plain otherwise (pages served over
 * plain http have no crypto.subtle), which the server accepts as GoTrue does.
 */
export async function challengeFor(verifier: string): Promise<Required<ChallengeFields>> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return { code_challenge: verifier, code_challenge_method: "plain" };
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return { code_challenge: base64url(new Uint8Array(digest)), code_challenge_method: "s256" };
}

function createVerifierStore(storage: StorageLike | null, key: string) {
  // Without storage the verifier lives only as long as this page: enough when the link opens in it again.
  let memory: string | null = null;
  return {
    read(): string | null {
      try {
        return storage ? storage.getItem(key) : memory;
      } catch {
        return memory;
      }
    },
    write(value: string): void {
      memory = value;
      try {
        storage?.setItem(key, value);
      } catch {
        // Quota or private mode: the in-memory copy still serves a link opened in this page.
      }
    },
    remove(): void {
      memory = null;
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing stored is the goal; a storage that refuses leaves nothing we can do.
      }
    },
  };
}

export function createPkceCalls(core: SessionCore) {
  const verifiers = createVerifierStore(core.storage, `${core.storageKey}${VERIFIER_KEY_SUFFIX}`);

  /**
   * A fresh verifier for the link about to be mailed (replacing any earlier pending one, as a newer mail
   * replaces the older link), stored with the redirect type the exchange reports back.
   */
  const makeChallenge: MakeChallenge = async (redirectType) => {
    if (core.flowType !== "pkce") return {};
    const verifier = generateCodeVerifier();
    verifiers.write(redirectType ? `${verifier}/${redirectType}` : verifier);
    return challengeFor(verifier);
  };

  /**
   * POST /token?grant_type=pkce with the code from the redirect and the stored verifier. Once the server
   * has answered, the verifier is spent either way (a refused code stays refused); after a network failure
   * it is kept, so the same call can be tried again.
   */
  async function exchangeCodeForSession(
    authCode: string,
  ): Promise<AuthResult<{ session: Session; user: User; redirectType: RedirectType | null }>> {
    await core.initialized;
    const failed = (error: AuthError) => ({
      data: { session: null, user: null, redirectType: null },
      error,
    });
    const [verifier, redirectType] = (verifiers.read() ?? "").split("/");
    if (!verifier) {
      return failed(
        new AuthError({
          message: "PKCE code verifier not found in storage: start the sign-in again in this browser",
          status: 400,
          code: "pkce_code_verifier_not_found",
        }),
      );
    }
    const result = await callAuthApi(() =>
      core.api.issueToken({
        query: { grant_type: "pkce" },
        body: { auth_code: authCode, code_verifier: verifier },
      }),
    );
    if (!result.error || !isRetryableAuthError(result.error)) verifiers.remove();
    if (result.error) return failed(result.error);
    const next = toSession(result.data);
    const type: RedirectType | null = redirectType === "recovery" ? "recovery" : null;
    core.commit(next, type === "recovery" ? "PASSWORD_RECOVERY" : "SIGNED_IN");
    return { data: { session: next, user: next.user, redirectType: type }, error: null };
  }

  return { makeChallenge, exchangeCodeForSession };
}
