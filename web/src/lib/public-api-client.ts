import { publicContract } from "@app/contracts";
import { initTsrReactQuery } from "@ts-rest/react-query/v5";
import { fetchWithKeys } from "@/lib/api-fetch";

/**
 * The public pages' client: only the routes they call, so no back-office schema reaches their bundle.
 * The same routes as the full client's, so both share cache keys and answers.
 */
export const publicTsr = initTsrReactQuery(publicContract, {
  baseUrl: "",
  baseHeaders: {},
  api: fetchWithKeys,
});
