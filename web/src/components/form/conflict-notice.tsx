import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { StaleRecordError } from "@/lib/postgrest";

type ConflictNoticeProps = {
  /** Reads the record again and puts its current values in the form. */
  onReload(): Promise<unknown>;
};

/** A save refused because the record changed since it was read: nothing was overwritten. */
export function ConflictNotice({ onReload }: ConflictNoticeProps) {
  const [isReloading, setIsReloading] = useState(false);
  const reload = async () => {
    setIsReloading(true);
    try {
      await onReload();
    } finally {
      setIsReloading(false);
    }
  };
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-yellow-400/60 bg-yellow-950/60 p-3 text-sm"
    >
      <p>{new StaleRecordError().message} Reload to see the current version, then make your change again.</p>
      <Button type="button" variant="secondary" size="sm" className="justify-self-start" onClick={reload}>
        {isReloading ? <Spinner /> : <RefreshCw aria-hidden="true" />}
        Reload
      </Button>
    </div>
  );
}
