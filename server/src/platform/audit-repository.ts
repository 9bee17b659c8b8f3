import type { Db } from "../db/database";
import type { AuditLogRow } from "../db/schema";

/** The statements of the audit log: appended by every module, read back by the CLI's audit tail. */

export async function insertAudit(db: Db, entry: Omit<AuditLogRow, "id">) {
  await db.insertInto("audit_log").values(entry).execute();
}

export async function tailAudit(db: Db, limit: number): Promise<AuditLogRow[]> {
  return db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
}
