import { contract } from "@app/contracts";
import { type ApiFetcher, tsRestFetchApi } from "@ts-rest/core";
import { initTsrReactQuery } from "@ts-rest/react-query/v5";
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

/**
 * Waits for the public config (meta tag or `/api/config`) so no request leaves without the anonymous key,
 * then adds the headers supabase-js sends: `apikey` always, and `Authorization: Bearer` with the user's
 * token when signed in, otherwise with the anonymous key.
 */
const fetchWithKeys: ApiFetcher = async (args) => {
  const { anon_key: anonKey } = await loadPublicConfig();
  const accessToken = (await accessTokenProvider?.()) ?? null;
  return tsRestFetchApi({
    ...args,
    headers: {
      ...args.headers,
      apikey: anonKey,
      authorization: `Bearer ${accessToken ?? anonKey}`,
    },
  });
};

export const tsr = initTsrReactQuery(contract, {
  baseUrl: "",
  baseHeaders: {},
  api: fetchWithKeys,
});
