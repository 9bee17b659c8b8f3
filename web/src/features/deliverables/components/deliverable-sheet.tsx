import { DELIVERABLE_KIND_LABELS, type DeliverableStatus } from "@app/contracts";
import { formatStockholm } from "@app/contracts/stockholm-time";
import { Play, Send, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormProblem } from "@/components/form/form-problem";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import {
  type Deliverable,
  type DeliverableVersion,
  useRequestApproval,
  useStartDeliverable,
  useUploadVersion,
  useVersions,
} from "@/features/deliverables/api/deliverables";
import { DeliverableStatusBadge } from "@/features/deliverables/components/deliverable-status-badge";
import { approvalLabel } from "@/features/deliverables/utils/approval-label";
import { shortHash } from "@/features/deliverables/utils/short-hash";
import { describeApiError } from "@/lib/api-errors";
import { formatOre } from "@/lib/money";

const STARTABLE: readonly DeliverableStatus[] = ["pending", "changes_requested"];
const UPLOADABLE: readonly DeliverableStatus[] = ["pending", "in_progress", "submitted", "changes_requested"];

type Props = {
  deliverable: Deliverable | null;
  projectLabel: string;
  currentUserId: string | null;
  onOpenChange(open: boolean): void;
};

/** A deliverable's spec, its versions (newest first) and what can be done with it now. */
export function DeliverableSheet({ deliverable, projectLabel, currentUserId, onOpenChange }: Props) {
  return (
    <Sheet open={deliverable !== null} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full max-w-lg overflow-y-auto p-6">
        {deliverable ? (
          <DeliverableDetail
            deliverable={deliverable}
            projectLabel={projectLabel}
            currentUserId={currentUserId}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function spec(d: Deliverable) {
  return [
    d.format,
    d.sample_rate_hz ? `${d.sample_rate_hz} Hz` : null,
    d.bit_depth ? `${d.bit_depth}-bit` : null,
    d.loudness_target_lufs ? `${d.loudness_target_lufs} LUFS` : null,
  ].filter(Boolean);
}

function DeliverableDetail({
  deliverable: d,
  projectLabel,
  currentUserId,
}: {
  deliverable: Deliverable;
  projectLabel: string;
  currentUserId: string | null;
}) {
  const versions = useVersions(d.id);
  const start = useStartDeliverable();
  const rows = versions.data ?? [];
  const latest = rows[0];
  const details = spec(d);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1 pr-8">
        <SheetTitle>{d.title}</SheetTitle>
        <SheetDescription>
          {DELIVERABLE_KIND_LABELS[d.kind]} · {projectLabel}
        </SheetDescription>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <DeliverableStatusBadge status={d.status} />
          <span>Due {d.due_date ?? "—"}</span>
          <span>
            · {d.assignee_id ? (d.assignee_id === currentUserId ? "Yours" : "A colleague's") : "Unassigned"}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          Spec: {details.length > 0 ? details.join(" · ") : "not set"}
        </p>
        <p className="text-sm text-muted-foreground">
          Fee: {d.fee_ore === null ? "not priced" : formatOre(d.fee_ore)}
        </p>
      </div>
      {STARTABLE.includes(d.status) ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={start.isPending}
          onClick={() => start.mutate(d.id)}
        >
          {start.isPending ? <Spinner /> : <Play aria-hidden="true" />}
          Start work
        </Button>
      ) : null}
      {UPLOADABLE.includes(d.status) ? <UploadVersionForm deliverableId={d.id} /> : null}
      {d.status === "submitted" && latest ? <SendForApprovalForm version={latest} /> : null}
      <section aria-labelledby={`versions-${d.id}`} className="grid gap-2">
        <h3 id={`versions-${d.id}`} className="text-base font-semibold">
          Versions
        </h3>
        {versions.isPending ? (
          <Spinner label="Loading the versions" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No version uploaded yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Version history">
            {rows.map((v) => (
              <VersionItem key={v.id} version={v} currentUserId={currentUserId} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function VersionItem({
  version: v,
  currentUserId,
}: {
  version: DeliverableVersion;
  currentUserId: string | null;
}) {
  return (
    <li className="grid gap-0.5 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">Version {v.version}</span>
        <code className="text-xs" title={v.sha256}>
          SHA-256 {shortHash(v.sha256)}
        </code>
      </div>
      <span className="text-muted-foreground">
        {v.uploaded_by === currentUserId ? "You" : "A colleague"} ·{" "}
        {formatStockholm(v.uploaded_at, "dateTime")}
      </span>
      {v.note ? <span>{v.note}</span> : null}
      {v.approval_state ? (
        <span className="text-muted-foreground">{approvalLabel(v, Date.now())}</span>
      ) : null}
      {v.decision_comment ? <span>“{v.decision_comment}”</span> : null}
    </li>
  );
}

function UploadVersionForm({ deliverableId }: { deliverableId: string }) {
  const id = useId();
  const upload = useUploadVersion();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input once its file is uploaded (its value cannot be set).
  const [inputKey, setInputKey] = useState(0);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem("Choose the file to upload");
    setProblem(null);
    try {
      await upload.mutateAsync({ deliverableId, file, note });
      setNote("");
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (error) {
      setProblem(describeApiError(error));
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-md border p-4"
      aria-label="Upload a new version"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>New version</Label>
        <Input
          key={inputKey}
          id={`${id}-file`}
          type="file"
          accept="audio/*,.zip,.pdf,image/png,image/jpeg"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Note</Label>
        <Textarea id={`${id}-note`} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <FormProblem problem={problem} />
      <Button type="submit" className="justify-self-start" disabled={upload.isPending}>
        {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
        Upload version
      </Button>
    </form>
  );
}

function SendForApprovalForm({ version }: { version: DeliverableVersion }) {
  const id = useId();
  const send = useRequestApproval();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      return setProblem("Enter the client's e-mail address");
    setProblem(null);
    try {
      await send.mutateAsync({ version_id: version.id, email: email.trim() });
      setEmail("");
    } catch (error) {
      setProblem(describeApiError(error));
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-md border p-4"
      aria-label="Send for approval"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Client's e-mail</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          The client gets a single-use link to version {version.version} (SHA-256 {shortHash(version.sha256)}
          ).
        </p>
      </div>
      <FormProblem problem={problem} />
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        Send for approval
      </Button>
    </form>
  );
}
