/** The CRM's tests speak of the shared fake data API by the name they grew up with. */
export {
  type ApiRequest,
  postgrestError,
  rowsResponse,
  stubTableApi as stubCrmApi,
  writeResponse,
} from "@/test/table-api";
