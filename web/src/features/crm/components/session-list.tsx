import { formatStockholmSpan } from "@app/contracts/stockholm-time";
import { CalendarPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDownloadSessionCalendar } from "@/features/crm/api/calendar-feeds";
import { SESSION_PAGE_SIZE, type SessionView, useSessionPage } from "@/features/crm/api/studio-sessions";
import { SessionStatusBadge } from "@/features/crm/components/session-status-badge";

type SessionListProps = {
  page: number;
  onPageChange(page: number): void;
  onOpenSession(session: SessionView): void;
};

/** Every session, the latest first, a page at a time: room, Stockholm time, status and team. */
export function SessionList({ page, onPageChange, onOpenSession }: SessionListProps) {
  const sessions = useSessionPage(page);
  const download = useDownloadSessionCalendar();
  if (sessions.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading...
      </p>
    );
  }
  const rows = sessions.data?.rows ?? [];
  return (
    <div className="grid gap-2 rounded-lg border">
      <Table aria-label="Sessions">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Session</TableHead>
            <TableHead scope="col">Room</TableHead>
            <TableHead scope="col">When (Stockholm time)</TableHead>
            <TableHead scope="col">Status</TableHead>
            <TableHead scope="col">Team</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((session) => (
            <TableRow key={session.id}>
              <TableCell>
                <span className="flex items-center gap-1">
                  <button
                    type="button"
                    className="text-left font-medium text-primary underline-offset-4 hover:underline"
                    onClick={() => onOpenSession(session)}
                  >
                    {session.title}
                  </button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Download ${session.title} as a calendar file (.ics)`}
                    title="Add to a calendar (.ics)"
                    disabled={download.isPending}
                    onClick={() => download.mutate(session.id)}
                  >
                    <CalendarPlus aria-hidden="true" />
                  </Button>
                </span>
              </TableCell>
              <TableCell>{session.roomName}</TableCell>
              <TableCell className="whitespace-nowrap">
                {formatStockholmSpan(session.starts_at, session.ends_at)}
              </TableCell>
              <TableCell>
                <SessionStatusBadge status={session.status} />
              </TableCell>
              <TableCell>{session.team.map((member) => member.name).join(", ") || "–"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager
        page={page}
        pageSize={SESSION_PAGE_SIZE}
        rowsOnPage={rows.length}
        total={sessions.data?.total ?? 0}
        label="sessions"
        onPageChange={onPageChange}
      />
    </div>
  );
}
