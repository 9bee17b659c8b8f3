import { CalendarSync, Copy } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from "@/features/crm/api/calendar-feeds";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";

/**
 * The person's calendar feed: a secret link Google, Apple or Outlook calendars subscribe to, listing the
 * sessions they are booked into. The server keeps only the link's fingerprint, so it is shown once,
 * right after it is made; a new link or turning the feed off kills the old one at once.
 */
export function CalendarFeedCard({ contactId, name }: { contactId: string; name: string }) {
  const id = useId();
  const feed = useCalendarFeed(contactId);
  const creating = useCreateCalendarFeed(contactId);
  const revoking = useRevokeCalendarFeed(contactId);
  const [link, setLink] = useState<string | null>(null);
  const busy = creating.isPending || revoking.isPending;

  const create = () => creating.mutate(undefined, { onSuccess: (made) => setLink(made.url) });
  const revoke = () => revoking.mutate(undefined, { onSuccess: () => setLink(null) });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link ?? "");
      toast.success("Feed link copied");
    } catch {
      // The clipboard is refused outside a secure context or without permission: the field stays to copy by hand.
      toast.error("Could not copy the link: select it and copy it by hand");
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarSync className="size-4" aria-hidden="true" />
          Calendar feed
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          A link that Google, Apple or Outlook calendars subscribe to, listing the sessions {name} is booked
          into. Anyone with the link can see them.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm" aria-live="polite">
          {feed.data === undefined
            ? "Loading..."
            : feed.data.active && feed.data.created_at
              ? `On since ${formatDateTime(feed.data.created_at)}.`
              : "Off."}
        </p>
        {link ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-link`}>Feed link</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={`${id}-link`}
                readOnly
                value={link}
                className="min-w-0 flex-1"
                aria-describedby={`${id}-once`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button type="button" variant="outline" onClick={copy}>
                <Copy aria-hidden="true" />
                Copy link
              </Button>
            </div>
            <p id={`${id}-once`} className="text-sm text-muted-foreground">
              Copy it now: it is shown only this once.
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy || feed.data === undefined} onClick={create}>
            {feed.data?.active ? "Replace link" : "Create feed link"}
          </Button>
          {feed.data?.active ? (
            <Button type="button" variant="outline" disabled={busy} onClick={revoke}>
              Turn off
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
