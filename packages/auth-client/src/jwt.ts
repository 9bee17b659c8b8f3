export interface AccessTokenClaims {
  sub?: string;
  exp?: number;
  aal?: "aal1" | "aal2";
  amr?: { method: string; timestamp: number }[];
  session_id?: string;
}

/** Reads (never verifies) the access token's claims; the server is the one that checks signatures. */
export function decodeAccessToken(token: string): AccessTokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === "object" && claims !== null ? (claims as AccessTokenClaims) : null;
  } catch {
    return null;
  }
}
