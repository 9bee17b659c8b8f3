import { Library } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useWorkAcknowledgements } from "@/features/royalties/api/cwr";
import { useCatalogue, type WorkWriter } from "@/features/royalties/api/royalties";
import { LinkSplitSheetDialog } from "@/features/royalties/components/link-split-sheet-dialog";
import { WorkName } from "@/features/royalties/components/work-name";
import { acknowledgementLine, latestAcknowledgements } from "@/features/royalties/utils/acknowledgements";

/** A share in basis points as a person reads it: 3333 → "33.33 %". */
function formatShare(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString("sv-SE", { maximumFractionDigits: 2 })} %`;
}

function writersLine(writers: WorkWriter[]): string {
  if (writers.length === 0) return "No writers yet";
  return writers
    .map(
      (writer) =>
        `${writer.role} ${formatShare(writer.manuscript_share_bp)}${writer.controlled ? " (controlled)" : ""}`,
    )
    .join(" · ");
}

/** The works (with their writers' manuscript shares) and recordings money is matched to; read only here. */
/** Which signed sheets a work's money follows, from which day; a work with none is flagged: it is held. */
function SplitStatus({ links }: { links: { id: string; effective_from: string }[] }) {
  if (links.length === 0)
    return (
      <span className="block font-medium text-error-text">No fully signed split: its money is held</span>
    );
  return (
    <span className="block">
      {links.map((link) => `Signed split from ${link.effective_from}`).join(" · ")}
    </span>
  );
}

export function CatalogueTab() {
  const catalogue = useCatalogue();
  const acknowledgements = useWorkAcknowledgements();
  const latest = latestAcknowledgements(acknowledgements.data ?? []);
  const [linking, setLinking] = useState<{ id: string; title: string } | null>(null);
  if (catalogue.isPending)
    return (
      <div>
        <Spinner label="Loading the catalogue" />
      </div>
    );
  if (catalogue.isError)
    return (
      <div>
        <p role="alert" className="text-sm text-destructive">
          The catalogue could not be loaded.
        </p>
      </div>
    );
  const { works, writers, recordings, splitSheets } = catalogue.data;
  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby="royalty-works">
        <h2 id="royalty-works" className="text-lg font-semibold">
          Works
        </h2>
        {works.length === 0 ? (
          <EmptyState
            icon={Library}
            title="No works yet"
            description="Works registered for royalties show here."
          />
        ) : (
          <Table aria-label="Works">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Work</TableHead>
                <TableHead scope="col">Writers</TableHead>
                <TableHead scope="col">Signed split</TableHead>
                <TableHead scope="col">Society registration</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {works.map((work) => (
                <TableRow key={work.id}>
                  <TableCell>
                    <WorkName work={work} />
                  </TableCell>
                  <TableCell className="text-sm">
                    {writersLine(writers.filter((writer) => writer.work_id === work.id))}
                  </TableCell>
                  <TableCell className="text-sm">
                    <SplitStatus links={splitSheets.filter((link) => link.work_id === work.id)} />
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="mt-1"
                      aria-label={`Link split sheet to ${work.title}`}
                      onClick={() => setLinking(work)}
                    >
                      Link split sheet
                    </Button>
                  </TableCell>
                  <TableCell className="text-sm">
                    {(latest.get(work.id) ?? []).map((ack) => (
                      <span key={ack.society_code} className="block">
                        {acknowledgementLine(ack)}
                      </span>
                    ))}
                    {latest.has(work.id) ? null : (
                      <span className="text-muted-foreground">Not acknowledged yet</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
      {linking ? <LinkSplitSheetDialog work={linking} onClose={() => setLinking(null)} /> : null}
      <section className="grid gap-3" aria-labelledby="royalty-recordings">
        <h2 id="royalty-recordings" className="text-lg font-semibold">
          Recordings
        </h2>
        {recordings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recordings yet.</p>
        ) : (
          <Table aria-label="Recordings">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Recording</TableHead>
                <TableHead scope="col">ISRC</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {recordings.map((recording) => (
                <TableRow key={recording.id}>
                  <TableCell>
                    <span className="block font-medium">{recording.title}</span>
                    <span className="block text-xs text-muted-foreground">{recording.artist ?? ""}</span>
                  </TableCell>
                  <TableCell className="font-mono text-sm">{recording.isrc ?? "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
