import { contract } from "@app/contracts";
import { initTsrReactQuery } from "@ts-rest/react-query/v5";
import { fetchWithKeys } from "@/lib/api-fetch";

export {
  type AccessTokenProvider,
  apiHeaders,
  setAccessTokenProvider,
  setUnauthorizedHandler,
  type UnauthorizedHandler,
} from "@/lib/api-fetch";

/** The whole contract, for the sign-in area and the back office (public pages use public-api-client.ts). */
export const tsr = initTsrReactQuery(contract, {
  baseUrl: "",
  baseHeaders: {},
  api: fetchWithKeys,
});
