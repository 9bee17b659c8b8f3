import type { Backup } from "@app/contracts";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatBackupTime, formatBytes } from "@/features/backups/utils/format-backup";
import { formatRelativeTime } from "@/lib/format";

const STATUS = {
  complete: { label: "Complete", variant: "green" },
  incomplete: { label: "Incomplete", variant: "yellow" },
} as const;

/** The backups, newest first: when, how big, and whether the backup finished. */
export function BackupsTable({ backups }: { backups: Backup[] }) {
  return (
    <Table aria-label="Backups">
      <caption className="sr-only">Backups, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Time</TableHead>
          <TableHead scope="col">Size</TableHead>
          <TableHead scope="col">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {backups.map((backup) => {
          const status = STATUS[backup.status];
          return (
            <TableRow key={backup.id}>
              <TableCell>
                <time dateTime={backup.created_at} className="grid">
                  <span className="font-medium">{formatBackupTime(backup.created_at)}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatRelativeTime(backup.created_at)}
                  </span>
                </time>
              </TableCell>
              <TableCell className="tabular-nums">{formatBytes(backup.size_bytes)}</TableCell>
              <TableCell>
                <Badge variant={status.variant}>{status.label}</Badge>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
