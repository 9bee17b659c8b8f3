import type { CwrAckReceipt } from "@app/contracts";
import { Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useImportCwrAck } from "@/features/royalties/api/cwr";
import { ackStatusLabel, societyName } from "@/features/royalties/utils/acknowledgements";
import { describeApiError } from "@/lib/api-errors";

/** What a society's ACK file recorded: each of our works' status and society number, and the strangers. */
function AckReceipt({ receipt }: { receipt: CwrAckReceipt }) {
  const society = `${receipt.society_name || societyName(receipt.society_code)} (${receipt.society_code})`;
  return (
    <section aria-label={`Acknowledgements from ${society}`} className="grid gap-3 rounded-lg border p-4">
      <p className="font-medium">
        {society} acknowledged {receipt.recorded === 1 ? "1 work" : `${receipt.recorded} works`}
      </p>
      {receipt.works.length > 0 ? (
        // A list rather than a table: each work's line wraps on a phone, nothing to scroll sideways.
        <ul aria-label={`What ${society} said of each work`} className="grid gap-2">
          {receipt.works.map((work) => (
            <li key={work.work_id} className="grid gap-0.5 border-t pt-2 text-sm sm:grid-cols-3">
              <span>
                <span className="block font-medium">{work.title}</span>
                <span className="block text-xs text-muted-foreground">{work.submitter_work_id}</span>
              </span>
              <span>{ackStatusLabel(work.status)}</span>
              <span>
                {work.society_work_id ? `Society work no. ${work.society_work_id}` : "No society work number"}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {receipt.unknown_work_ids.length > 0 ? (
        <p className="text-sm text-error-text">
          Work numbers the catalogue never sent, not recorded: {receipt.unknown_work_ids.join(", ")}
        </p>
      ) : null}
    </section>
  );
}

/** Uploads a society's acknowledgement (ACK) file and shows what it recorded. */
export function CwrAckImport() {
  const id = useId();
  const upload = useImportCwrAck();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [receipt, setReceipt] = useState<CwrAckReceipt | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReceipt(null);
    if (!file) {
      setProblem("Choose the society's acknowledgement file.");
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setReceipt(answer);
        setFile(null);
        setFileKey((key) => key + 1);
      },
      onError: (error) => setProblem(describeApiError(error)),
    });
  };

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-file`}>Acknowledgement file</Label>
          <input
            key={fileKey}
            id={`${id}-file`}
            type="file"
            accept=".V21,.V22,.v21,.v22,.txt,text/plain"
            aria-describedby={problem ? `${id}-problem` : undefined}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={upload.isPending}>
          <Upload aria-hidden="true" />
          {upload.isPending ? "Reading…" : "Import acknowledgements"}
        </Button>
      </form>
      <div aria-live="polite">
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="text-sm text-error-text">
            {problem}
          </p>
        ) : receipt ? (
          <AckReceipt receipt={receipt} />
        ) : null}
      </div>
    </div>
  );
}
