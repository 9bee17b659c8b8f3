import { formatStockholmSpan } from "@app/contracts/stockholm-time";
import { AlertTriangle } from "lucide-react";
import type { Clash } from "@/features/crm/api/studio-sessions";

/** The clashes a booking would have, shown while it is being filled in (announced politely). */
export function SessionClashes({
  clashes,
  isChecking,
}: {
  clashes: Clash[] | undefined;
  isChecking: boolean;
}) {
  return (
    <div role="status" aria-live="polite" className="text-sm">
      {isChecking ? <p className="text-muted-foreground">Checking for clashes…</p> : null}
      {clashes && clashes.length > 0 ? (
        <div className="grid gap-1 rounded-md border border-red-500/60 bg-red-950 p-3 text-red-100">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {clashes.length === 1 ? "1 clash" : `${clashes.length} clashes`}
          </p>
          <ul className="grid gap-1" aria-label="Clashes">
            {clashes.map((clash) => (
              <li key={`${clash.sessionId}-${clash.who}`}>
                {clash.who} is already booked {formatStockholmSpan(clash.starts_at, clash.ends_at)} (Stockholm
                time) in “{clash.title}”
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {clashes && clashes.length === 0 && !isChecking ? (
        <p className="text-muted-foreground">No clashes.</p>
      ) : null}
    </div>
  );
}
