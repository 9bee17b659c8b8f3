import { useId } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useWorkAcknowledgements } from "@/features/royalties/api/cwr";
import { useCatalogue } from "@/features/royalties/api/royalties";
import { CwrAckImport } from "@/features/royalties/components/cwr-ack-import";
import { CwrExportForm } from "@/features/royalties/components/cwr-export-form";
import { CwrFiles } from "@/features/royalties/components/cwr-files";
import { acknowledgementLine, latestAcknowledgements } from "@/features/royalties/utils/acknowledgements";

/**
 * Registering works with the societies: CWR files made from chosen works, the files made before, and the
 * societies' acknowledgements read back in.
 */
export function CwrTab() {
  const id = useId();
  const catalogue = useCatalogue();
  const acknowledgements = useWorkAcknowledgements();
  const registered = new Map(
    [...latestAcknowledgements(acknowledgements.data ?? [])].map(([workId, acks]) => [
      workId,
      acks.map(acknowledgementLine),
    ]),
  );
  return (
    <div className="grid gap-8">
      <section aria-labelledby={`${id}-export`} className="grid gap-3">
        <h2 id={`${id}-export`} className="text-lg font-semibold">
          Register works (CWR)
        </h2>
        {catalogue.isPending ? (
          <Spinner label="Loading the works" />
        ) : catalogue.isError ? (
          <p role="alert" className="text-sm text-error-text">
            The works could not be loaded.
          </p>
        ) : (
          <CwrExportForm works={catalogue.data.works} registered={registered} />
        )}
      </section>
      <section aria-labelledby={`${id}-files`} className="grid gap-3">
        <h2 id={`${id}-files`} className="text-lg font-semibold">
          CWR files made
        </h2>
        <CwrFiles />
      </section>
      <section aria-labelledby={`${id}-ack`} className="grid gap-3">
        <h2 id={`${id}-ack`} className="text-lg font-semibold">
          Society acknowledgements
        </h2>
        <p className="text-sm text-muted-foreground">
          A society answers each CWR file with an ACK file: its status for each work and its own work number,
          which its statements are matched by.
        </p>
        <CwrAckImport />
      </section>
    </div>
  );
}
