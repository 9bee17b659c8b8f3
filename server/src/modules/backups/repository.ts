import type { Db } from "../../db/database";

/** When the newest backup that finished was made, by any node or the CLI (they all audit it); or null. */
export async function lastBackupCreatedAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("audit_log")
    .select("created_at")
    .where("action", "=", "backup_created")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
