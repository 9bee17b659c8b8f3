import { readPublicConfigFromMeta } from "@/lib/public-config";

/*
 * A signed-in visit's first screen asks for its data as soon as the entry runs, beside the downloads of
 * its code, instead of after them and after the session check. The entry must stay free of the auth
 * client (public pages never load it), so the token is read straight from where that client keeps it;
 * whatever this cannot use (no session, an expiring token, a refused read) the screen reads again the
 * usual way, through the auth client's refresh.
 */

/** The auth client's localStorage key (DEFAULT_STORAGE_KEY in packages/auth-client/src/constants.ts). */
export const SESSION_STORAGE_KEY = "app-auth-token";

/** Page path → the one read its first screen makes (the dashboard's, where a sign-in lands). */
const FIRST_SCREEN_READS: Record<string, string> = { "/app": "/api/dashboard", "/app/": "/api/dashboard" };

/** A token this close to expiring is left to the auth client, which refreshes it first. */
const MIN_TOKEN_LIFE_MS = 60_000;
/** An early answer older than this is not used: the screen reads afresh. */
const MAX_AGE_MS = 30_000;

export type EarlyAnswer = { status: number; body: unknown };

const started = new Map<string, { at: number; answer: Promise<EarlyAnswer | null> }>();

function storedAccessToken(now: number): string | null {
  try {
    const session = JSON.parse(globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) ?? "null") as {
      access_token?: unknown;
      expires_at?: unknown;
    } | null;
    if (typeof session?.access_token !== "string" || typeof session.expires_at !== "number") return null;
    return session.expires_at * 1000 - now > MIN_TOKEN_LIFE_MS ? session.access_token : null;
  } catch {
    return null;
  }
}

/** Starts the read of `pathname`'s first screen when a signed-in session is stored; otherwise nothing. */
export function startEarlyRead(pathname: string, now = Date.now()) {
  const apiPath = FIRST_SCREEN_READS[pathname];
  const config = readPublicConfigFromMeta();
  const token = storedAccessToken(now);
  if (!apiPath || !config || !token) return;
  const answer = fetch(apiPath, {
    headers: { accept: "application/json", apikey: config.anon_key, authorization: `Bearer ${token}` },
  })
    .then(async (response) => ({ status: response.status, body: response.ok ? await response.json() : null }))
    .catch(() => null);
  started.set(apiPath, { at: now, answer });
}

/** The early answer for `apiPath`, once (a second reader reads afresh), or null when there is none. */
export async function takeEarlyRead(apiPath: string, now = Date.now()): Promise<EarlyAnswer | null> {
  const early = started.get(apiPath);
  started.delete(apiPath);
  if (!early || now - early.at > MAX_AGE_MS) return null;
  return early.answer;
}
