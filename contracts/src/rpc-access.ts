import type { Access, RouteMetadata } from "./common";

/**
 * A data-API function (`/rest/v1/rpc/<fn>`): `level` for people, and the service_role key passes it too,
 * as it passes the tables' policies; the function's own checks still hold, and its writes are recorded
 * as the service's.
 */
export const rpcAccess = (level: Access): RouteMetadata => ({ access: level, serviceRoleBypasses: true });
/** A data-API function that acts as the signed-in person: the service_role key is refused with a 403. */
export const personRpcAccess = (level: Access): RouteMetadata => ({ access: level, actsAsPerson: true });
