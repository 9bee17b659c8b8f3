/*
 * How every typed client reaches the API: the public pages' (public-api-client.ts) and the back office's
 * (api-client.ts) share the key handling, the signed-in user's token and the one refresh on a 401.
 */
import { type ApiFetcher, tsRestFetchApi } from "@ts-rest/core";
import { loadPublicConfig } from "@/lib/public-config";

/** Returns the signed-in user's access token, or null when nobody is signed in. */
export type AccessTokenProvider = () => string | null | Promise<string | null>;

let accessTokenProvider: AccessTokenProvider | null = null;

/**
 * The auth layer registers itself here so this module never imports sign-in code
 * (public pages must not load it). Pass null on sign-out.
 */
export function setAccessTokenProvider(provider: AccessTokenProvider | null) {
  accessTokenProvider = provider;
}

/** The signed-in user's access token now (refreshed first when it is about to expire), or null. */
export async function currentAccessToken(): Promise<string | null> {
  return (await accessTokenProvider?.()) ?? null;
}

/** What the auth layer does when the data API refuses the user's access token (HTTP 401). */
export interface UnauthorizedHandler {
  /** Refreshes the session; resolves the access token to retry with, or null when there is none. */
  refresh(refusedToken: string): Promise<string | null>;
  /** No usable token after one refresh and one retry: end the session. */
  signOut(): Promise<void>;
}

let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Registered by the auth layer next to the token provider; pass null on tear-down. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  unauthorizedHandler = handler;
}

/**
 * The headers supabase-js sends, for calls outside the typed contract (file uploads): `apikey` always,
 * and the signed-in user's token as the bearer, or the anonymous key when nobody is signed in.
 */
export async function apiHeaders(): Promise<{ apikey: string; authorization: string }> {
  const { anon_key: anonKey } = await loadPublicConfig();
  const accessToken = await currentAccessToken();
  return { apikey: anonKey, authorization: `Bearer ${accessToken ?? anonKey}` };
}

/**
 * Waits for the public config (meta tag or `/api/config`) so no request leaves without the anonymous key,
 * then adds the headers supabase-js sends: `apikey` always, and `Authorization: Bearer` with the user's
 * token when signed in, otherwise with the anonymous key. A 401 to a user's token gets one refresh and one
 * retry; if that fails too the session ends (anonymous calls are never retried).
 */
export const fetchWithKeys: ApiFetcher = async (args) => {
  const { anon_key: anonKey } = await loadPublicConfig();
  const send = (accessToken: string | null) =>
    tsRestFetchApi({
      ...args,
      headers: {
        ...args.headers,
        apikey: anonKey,
        authorization: `Bearer ${accessToken ?? anonKey}`,
      },
    });
  const accessToken = (await accessTokenProvider?.()) ?? null;
  const response = await send(accessToken);
  const handler = unauthorizedHandler;
  if (response.status !== 401 || accessToken === null || handler === null) return response;

  const refreshedToken = await handler.refresh(accessToken);
  if (refreshedToken === null) {
    await handler.signOut();
    return response;
  }
  const retried = await send(refreshedToken);
  if (retried.status === 401) await handler.signOut();
  return retried;
};
