import { bearer, callAuthApi } from "./auth-api";
import { type AuthError, createSessionMissingError } from "./auth-error";
import { decodeAccessToken } from "./jwt";
import type { SessionCore } from "./session-core";
import { toSession } from "./session-store";
import type { AuthResult, Factor, Session, User } from "./types";

export type AuthenticatorAssuranceLevel = "aal1" | "aal2";

export interface EnrolledTotpFactor {
  id: string;
  type: "totp";
  friendly_name?: string;
  /** A `data:image/svg+xml` URL, ready for an <img>, as auth-js hands it out. */
  totp: { qr_code: string; secret: string; uri: string };
}

export interface MfaChallenge {
  id: string;
  type: "totp";
  expires_at: number;
}

/** How MFA reads the account: from the server, so a factor enrolled on another device shows up. */
export type GetUser = () => Promise<AuthResult<{ user: User }>>;

function fail<T extends Record<string, unknown>>(data: T, error: AuthError) {
  return { data, error } as const;
}

/** The factor calls; a verified challenge upgrades the shared session to aal2 (MFA_CHALLENGE_VERIFIED). */
export function createMfaApi(core: SessionCore, getUser: GetUser) {
  const { api } = core;

  async function withToken<T>(run: (token: string) => Promise<T>, missing: () => T): Promise<T> {
    const token = await core.getAccessToken();
    return token ? run(token) : missing();
  }

  async function enroll(params: {
    factorType: "totp";
    friendlyName?: string;
    issuer?: string;
  }): Promise<AuthResult<{ factor: EnrolledTotpFactor }>> {
    return withToken(
      async (token) => {
        const result = await callAuthApi(() =>
          api.enrollFactor({
            body: {
              factor_type: params.factorType,
              friendly_name: params.friendlyName,
              issuer: params.issuer,
            },
            ...bearer(token),
          }),
        );
        if (result.error) return fail({ factor: null }, result.error);
        const { totp, ...rest } = result.data;
        const factor = { ...rest, totp: { ...totp, qr_code: `data:image/svg+xml;utf-8,${totp.qr_code}` } };
        return { data: { factor }, error: null };
      },
      () => fail({ factor: null }, createSessionMissingError()),
    );
  }

  async function challenge(params: { factorId: string }): Promise<AuthResult<{ challenge: MfaChallenge }>> {
    return withToken(
      async (token) => {
        const result = await callAuthApi(() =>
          api.challengeFactor({ params: { factorId: params.factorId }, body: {}, ...bearer(token) }),
        );
        if (result.error) return fail({ challenge: null }, result.error);
        return { data: { challenge: result.data }, error: null };
      },
      () => fail({ challenge: null }, createSessionMissingError()),
    );
  }

  async function verify(params: {
    factorId: string;
    challengeId: string;
    code: string;
  }): Promise<AuthResult<{ session: Session }>> {
    return withToken(
      async (token) => {
        const result = await callAuthApi(() =>
          api.verifyFactor({
            params: { factorId: params.factorId },
            body: { challenge_id: params.challengeId, code: params.code },
            ...bearer(token),
          }),
        );
        if (result.error) return fail({ session: null }, result.error);
        const session = toSession(result.data);
        core.commit(session, "MFA_CHALLENGE_VERIFIED");
        return { data: { session }, error: null };
      },
      () => fail({ session: null }, createSessionMissingError()),
    );
  }

  async function challengeAndVerify(params: {
    factorId: string;
    code: string;
  }): Promise<AuthResult<{ session: Session }>> {
    const opened = await challenge({ factorId: params.factorId });
    if (opened.error) return fail({ session: null }, opened.error);
    return verify({ factorId: params.factorId, challengeId: opened.data.challenge.id, code: params.code });
  }

  async function unenroll(params: { factorId: string }): Promise<AuthResult<{ id: string }>> {
    return withToken(
      async (token) => {
        const result = await callAuthApi(() =>
          api.unenrollFactor({ params: { factorId: params.factorId }, ...bearer(token) }),
        );
        if (result.error) return fail({ id: null }, result.error);
        return { data: { id: result.data.id }, error: null };
      },
      () => fail({ id: null }, createSessionMissingError()),
    );
  }

  /** Read from the server so a factor enrolled in another tab or device shows up. */
  async function listFactors(): Promise<AuthResult<{ all: Factor[]; totp: Factor[]; phone: Factor[] }>> {
    const result = await getUser();
    if (result.error) return fail({ all: null, totp: null, phone: null }, result.error);
    const all = result.data.user.factors ?? [];
    const verified = all.filter((f) => f.status === "verified");
    return {
      data: {
        all,
        totp: verified.filter((f) => f.factor_type === "totp"),
        phone: verified.filter((f) => f.factor_type === "phone"),
      },
      error: null,
    };
  }

  /** From the token in hand, without a request: where the session is, and where it could get with MFA. */
  function getAuthenticatorAssuranceLevel(): AuthResult<{
    currentLevel: AuthenticatorAssuranceLevel | null;
    nextLevel: AuthenticatorAssuranceLevel | null;
    currentAuthenticationMethods: { method: string; timestamp: number }[];
  }> {
    const session = core.current();
    if (!session)
      return { data: { currentLevel: null, nextLevel: null, currentAuthenticationMethods: [] }, error: null };
    const claims = decodeAccessToken(session.access_token);
    const currentLevel = claims?.aal ?? null;
    const hasVerifiedFactor = (session.user.factors ?? []).some((f) => f.status === "verified");
    return {
      data: {
        currentLevel,
        nextLevel: hasVerifiedFactor ? "aal2" : currentLevel,
        currentAuthenticationMethods: claims?.amr ?? [],
      },
      error: null,
    };
  }

  return {
    enroll,
    challenge,
    verify,
    challengeAndVerify,
    unenroll,
    listFactors,
    getAuthenticatorAssuranceLevel,
  };
}
export type MfaApi = ReturnType<typeof createMfaApi>;
