import { isoAt } from "../../platform/values";
import type { AuthDeps } from "./deps";
import { isKnownSignInAddress, rememberSignInAddress } from "./known-addresses-repository";

/** A right password keeps its address known this long after the last one from there. */
const KNOWN_FOR_MS = 30 * 24 * 3600 * 1000;
/** Addresses remembered per account: the newest ones (home, work, phone …); older ones are forgotten. */
const KEPT_PER_ACCOUNT = 10;

/**
 * Whether the account's right password came from `ip` lately. Wrong passwords from such an address count
 * against a budget of its own (see sign-in.ts), so strangers who spend the account's shared budget cannot
 * lock its owner out from where the owner signs in.
 */
export async function isKnownAddress(deps: Pick<AuthDeps, "db" | "now">, userId: string, ip: string) {
  return isKnownSignInAddress(deps.db, { userId, ip, since: isoAt(deps.now() - KNOWN_FOR_MS) });
}

/** Remembers that the account's right password came from `ip` now. */
export async function rememberAddress(deps: Pick<AuthDeps, "db" | "now">, userId: string, ip: string) {
  const nowMs = deps.now();
  await rememberSignInAddress(deps.db, {
    userId,
    ip,
    at: isoAt(nowMs),
    keep: KEPT_PER_ACCOUNT,
    before: isoAt(nowMs - KNOWN_FOR_MS),
  });
}
