import type { Principal } from "../../http/authorize";

/** Private channels are the back office's: staff and admins only, at the assurance level staff need. */
export function mayJoinPrivate(principal: Principal): boolean {
  if (principal.kind !== "user") return false;
  if (principal.role !== "staff" && principal.role !== "admin") return false;
  return !principal.needsAal2 || principal.aal === "aal2";
}

/** Milliseconds until the principal's token expires; undefined for keys that outlive any socket. */
export function msUntilExpiry(principal: Principal, now: number): number | undefined {
  if (principal.kind !== "user") return undefined;
  return Math.max(0, principal.claims.exp * 1000 - now);
}
