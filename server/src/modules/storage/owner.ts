import type { Principal } from "../../http/authorize";

/**
 * Who an object is recorded as written by: a person's id, SERVICE_ROLE for the service key (no person,
 * so it has a column of its own: owner_role), or null for what the server writes itself. One string, so
 * a signed upload URL carries it as it carries a person's id.
 */
export type ObjectOwner = string | null;

const SERVICE_ROLE = "service_role";

export function ownerOf(principal: Principal | undefined): ObjectOwner {
  if (principal?.kind === "service_role") return SERVICE_ROLE;
  return principal?.kind === "user" ? principal.userId : null;
}

/** The owner as the object's row keeps it. */
export const ownerColumns = (owner: ObjectOwner) =>
  owner === SERVICE_ROLE
    ? { owner: null, owner_role: SERVICE_ROLE as typeof SERVICE_ROLE }
    : { owner, owner_role: null };
