import { CompiledQuery } from "kysely";
import type { Db } from "../../db/database";
import { prepareOnPostgres } from "../../db/engine/postgres-client";
import type { IdentityRow, MfaFactorRow, SessionRow, UserRow } from "../../db/schema";

/**
 * The usual refresh on PostgreSQL as one statement, so one round trip: the presented token is active, its
 * owner not banned, its session live; the token is revoked, its child inserted and the session touched,
 * and the statement answers the session, the user and what their JSON needs. Every write hangs on the
 * revoke, which re-checks `revoked_at is null` on the row's latest version: of two refreshes racing with
 * one token, the second revokes nothing and so writes nothing. The session's row is locked first, as the
 * transaction does, so this queues with every other change to the session.
 *
 * Anything else (an unknown or revoked token, a ban, an expired session, a lost race) answers no row and
 * writes nothing; the caller then runs the rotation's transaction, which tells those cases apart.
 */
const ROTATE = `with found as (
  select id, session_id from refresh_tokens where token_hash = $1 and revoked_at is null
), session as (
  select s.id from sessions s join found on s.id = found.session_id join users u on u.id = s.user_id
  where s.ended_at is null and s.not_after > $2::timestamptz and s.refreshed_at > $3::timestamptz
    and (u.banned_until is null or u.banned_until <= $2::timestamptz)
  for no key update of s
), revoked as (
  update refresh_tokens t set revoked_at = $2::timestamptz from found, session
  where t.id = found.id and t.session_id = session.id and t.revoked_at is null
  returning t.id, t.session_id, t.user_id
), child as (
  insert into refresh_tokens (token_hash, session_id, user_id, parent_id, created_at)
  select $4::text, session_id, user_id, id, $2::timestamptz from revoked
), touched as (
  update sessions s set refreshed_at = $2::timestamptz from revoked where s.id = revoked.session_id
  returning s.id as session_id, s.user_id as session_user_id, s.aal as session_aal, s.amr as session_amr
)
select touched.*, u.*,
  (select coalesce(json_agg(i order by i.created_at), '[]') from identities i where i.user_id = u.id)
    as user_identities,
  (select coalesce(json_agg(f order by f.created_at), '[]') from mfa_factors f where f.user_id = u.id)
    as user_factors
from touched join users u on u.id = touched.session_user_id`;
prepareOnPostgres(ROTATE);

type RotatedRow = UserRow & {
  session_id: string;
  session_user_id: string;
  session_aal: SessionRow["aal"];
  session_amr: string;
  user_identities: IdentityRow[];
  user_factors: MfaFactorRow[];
};

/** JSON gives timestamps as PostgreSQL writes them; every *_at here is answered as the columns are. */
function isoTimestamps<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (key.endsWith("_at") && typeof value === "string") out[key] = new Date(value).toISOString();
  }
  return out as T;
}

export interface Rotated {
  session: Pick<SessionRow, "id" | "user_id" | "aal" | "amr">;
  user: UserRow;
  identities: IdentityRow[];
  factors: MfaFactorRow[];
}

/** PostgreSQL only. Undefined when the refresh is not the usual one (nothing was written then). */
export async function rotateInOneStatement(
  db: Db,
  args: { tokenHash: string; at: string; idleSince: string; childHash: string },
): Promise<Rotated | undefined> {
  const { rows } = await db.executeQuery<RotatedRow>(
    CompiledQuery.raw(ROTATE, [args.tokenHash, args.at, args.idleSince, args.childHash]),
  );
  const row = rows[0];
  if (!row) return undefined;
  const { session_id, session_user_id, session_aal, session_amr, user_identities, user_factors, ...user } =
    row;
  return {
    session: { id: session_id, user_id: session_user_id, aal: session_aal, amr: session_amr },
    user,
    identities: user_identities.map(isoTimestamps),
    factors: user_factors.map(isoTimestamps),
  };
}
