import type { Db } from "../../db/database";
import type { AuditLogRow } from "../../db/schema";

/** A page of audit rows with one of `actions`, newest first, and how many there are in all. */
export async function listAuditRows(
  db: Db,
  args: { actions: readonly string[]; limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "in", [...args.actions])
    .orderBy("id", "desc")
    .offset(args.offset)
    .limit(args.limit)
    .execute();
  const count = await db
    .selectFrom("audit_log")
    .where("action", "in", [...args.actions])
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
}
