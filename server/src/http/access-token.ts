/**
 * What an access token says, as the authorizer reads it. The auth module signs and verifies tokens; the
 * HTTP layer only needs these shapes and the verifier's interface, so it depends on nothing in modules/.
 */
export type AppRole = "admin" | "staff";

export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  role: "authenticated";
  app_metadata: { provider?: string; providers?: string[]; role?: AppRole };
  user_metadata: Record<string, unknown>;
  session_id: string;
  aal: "aal1" | "aal2";
  amr: { method: string; timestamp: number }[];
  is_anonymous: false;
}

export interface AnonKeyClaims {
  iss: string;
  role: "anon";
  iat: number;
  exp: number;
}

/** The server-side key: GoTrue's admin API takes it, and nowhere else does it count for more than anon. */
export interface ServiceRoleKeyClaims {
  iss: string;
  role: "service_role";
  iat: number;
  exp: number;
}

export type VerifiedToken =
  | { kind: "anon"; claims: AnonKeyClaims }
  | { kind: "service_role"; claims: ServiceRoleKeyClaims }
  | { kind: "user"; claims: AccessTokenClaims };

export class TokenError extends Error {
  constructor(
    message: string,
    readonly reason: "expired" | "invalid",
  ) {
    super(message);
  }
}

/** Verifies a token's signature, expiry and audience; throws TokenError. */
export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}
