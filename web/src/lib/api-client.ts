import { backOfficeContract } from "@app/contracts";
import { initTsrReactQuery } from "@ts-rest/react-query/v5";
import { fetchWithKeys } from "@/lib/api-fetch";

export { apiHeaders, setAccessTokenProvider, setUnauthorizedHandler } from "@/lib/api-fetch";

/** The back office's routes (public pages use public-api-client.ts; auth and storage have clients of their own). */
export const tsr = initTsrReactQuery(backOfficeContract, {
  baseUrl: "",
  baseHeaders: {},
  api: fetchWithKeys,
});
