/**
 * What the rest of the server uses of the PostgREST-compatible data API: the composition root mounts
 * each table's endpoints and the OpenAPI root, and checks request bodies; the page cache keys on the read clock. Everything
 * else under postgrest/ is the handler's own. The realtime feed reads logged rows as a caller would read them
 * and takes its filters in the data API's syntax.
 */
export { tableBodyError } from "./postgrest/body-errors";
export { whereSql } from "./postgrest/conditions";
export { readLoggedRow } from "./postgrest/logged-row";
export { openApiRootHandler } from "./postgrest/openapi-root";
export { type Condition, parseFilter, splitTopLevel } from "./postgrest/parse-query";
export { callerOf, tableEndpoints } from "./postgrest/table-router";
export { READ_CLOCK_MS, readClock, type TableHandle } from "./postgrest/table-service";
