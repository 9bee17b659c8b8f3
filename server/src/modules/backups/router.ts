import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import { AppError } from "../../http/app-error";
import { principalOf } from "../../http/authorize";
import { requesterOf } from "../../platform/deps";
import { BackupInProgressError, type BackupService } from "./backup-service";
import { BackupError } from "./manifest";

const s = initServer();

/** What a failed "Back up now" tells the administrator: our own words, never a stack or a path's secret. */
function backupAppError(err: unknown): AppError {
  if (err instanceof BackupInProgressError) return new AppError("backup_in_progress", err.message);
  if (err instanceof BackupError) return new AppError("backup_failed", `The backup failed: ${err.message}`);
  return new AppError("backup_failed", "The backup failed; the server log says why");
}

export function backupsRouter(backups: BackupService) {
  return s.router(contract.backups, {
    listBackups: async () => ({ status: 200, body: await backups.list() }),
    createBackup: async ({ req, res }) => {
      const principal = principalOf(res);
      const actor =
        principal?.kind === "user"
          ? { userId: principal.userId, email: principal.claims.email, requester: requesterOf(req) }
          : { requester: requesterOf(req) };
      try {
        return { status: 201, body: (await backups.backUpNow(actor)).backup };
      } catch (err) {
        throw backupAppError(err);
      }
    },
  });
}
