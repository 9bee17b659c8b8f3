/**
 * What the rest of the server uses of the PostgREST-compatible data API: the composition root mounts
 * each table's endpoints and the OpenAPI root, and checks request bodies; the page cache keys on the read clock. Everything
 * else under postgrest/ is the handler's own.
 */
export { tableBodyError } from "./postgrest/body-errors";
export { openApiRootHandler } from "./postgrest/openapi-root";
export { tableEndpoints } from "./postgrest/table-router";
export { READ_CLOCK_MS } from "./postgrest/table-service";
