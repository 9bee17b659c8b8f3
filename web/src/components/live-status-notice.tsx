import { useLiveStatus } from "@/lib/live/live-context";

/** The header's quiet word while the live connection is down; screens keep working from what they read. */
export function LiveStatusNotice() {
  if (useLiveStatus() !== "reconnecting") return null;
  return (
    <p role="status" className="text-xs text-muted-foreground">
      Reconnecting…
    </p>
  );
}
