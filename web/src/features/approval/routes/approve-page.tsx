import { DELIVERABLE_KIND_LABELS } from "@app/contracts";
import { formatStockholm } from "@app/contracts/stockholm-time";
import { CircleCheck, Download, MessageSquareWarning } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { FormProblem } from "@/components/form/form-problem";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { approvalFileUrl, useApprovalView, useDecideApproval } from "@/features/approval/api/approval";
import { describeApiError } from "@/lib/api-errors";
import { tokenFromFragment } from "@/lib/link-token";
import { useDocumentTitle } from "@/lib/use-document-title";

const DEAD_LINK =
  "This approval link is no longer valid. It may have been used already or expired. Ask the sender for a new link.";
const SUPERSEDED =
  "This version is no longer waiting for your decision: a newer version has been sent to you, or it was decided already. Use the newest link you received.";

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Delivery approval</p>
      {children}
    </main>
  );
}

function EndState({ title, text }: { title: string; text: string }) {
  return (
    <Shell>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role="alert">{text}</p>
    </Shell>
  );
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

export function ApprovePage() {
  useDocumentTitle("Approve delivery");
  const [token] = useState(tokenFromFragment);
  const id = useId();
  const view = useApprovalView(token);
  const decide = useDecideApproval();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  if (!token || statusOf(view.error) === 410 || statusOf(view.error) === 400)
    return <EndState title="Link not valid" text={DEAD_LINK} />;
  if (statusOf(view.error) === 409) return <EndState title="A newer version exists" text={SUPERSEDED} />;
  if (view.isError)
    return <EndState title="Could not open the delivery" text={describeApiError(view.error)} />;
  if (view.isPending) {
    return (
      <Shell>
        <Spinner label="Loading the delivery" />
      </Shell>
    );
  }
  const { deliverable, version, expires_at: expiresAt } = view.data;
  const isAudio = version.content_type.startsWith("audio/");

  const send = async (decision: "approve" | "request_changes") => {
    if (decision === "request_changes" && !comment.trim()) return setProblem("Say what should change");
    setProblem(null);
    try {
      await decide.mutateAsync({
        token,
        sha256: version.sha256,
        decision,
        comment: decision === "request_changes" ? comment.trim() : null,
      });
    } catch (error) {
      const status = statusOf(error);
      setProblem(status === 410 ? DEAD_LINK : status === 409 ? SUPERSEDED : describeApiError(error));
    }
  };
  const submitChanges = (event: FormEvent) => {
    event.preventDefault();
    void send("request_changes");
  };

  if (decide.isSuccess) {
    const approved = decide.data.status === "approved";
    return (
      <Shell>
        <h1 className="text-2xl font-bold">{approved ? "Approved" : "Changes requested"}</h1>
        <div role="status" className="flex items-start gap-2 rounded-md border p-4">
          {approved ? (
            <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          ) : (
            <MessageSquareWarning className="size-5 shrink-0" aria-hidden="true" />
          )}
          <p>
            {approved
              ? `You approved version ${version.version} of “${deliverable.title}” on ${formatStockholm(decide.data.decided_at, "dateTime")}.`
              : `Your request for changes to version ${version.version} of “${deliverable.title}” was sent on ${formatStockholm(decide.data.decided_at, "dateTime")}. You will get a new link when the next version is ready.`}{" "}
            The decision is recorded against the file's fingerprint:{" "}
            <span className="break-all">{version.sha256}</span>
          </p>
        </div>
      </Shell>
    );
  }

  return (
    <Shell>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{deliverable.title}</h1>
        <p className="text-sm text-muted-foreground">
          {DELIVERABLE_KIND_LABELS[deliverable.kind]}
          {deliverable.project_title ? ` · ${deliverable.project_title}` : ""} · Version {version.version} ·{" "}
          {sizeLabel(version.size)} · Link valid until {formatStockholm(expiresAt, "dateTime")}
        </p>
      </div>
      {version.note ? <p>{version.note}</p> : null}
      {isAudio ? (
        // biome-ignore lint/a11y/useMediaCaption: a mix for review has no words to caption; its lyrics, when any, are a deliverable of their own.
        <audio
          controls
          preload="metadata"
          src={approvalFileUrl(token)}
          className="w-full"
          aria-label={`Play version ${version.version}`}
        />
      ) : null}
      <a
        href={approvalFileUrl(token, "")}
        className="inline-flex items-center gap-2 justify-self-start text-primary underline-offset-4 hover:underline"
      >
        <Download className="size-4" aria-hidden="true" />
        Download version {version.version}
      </a>
      <p className="text-xs break-all text-muted-foreground">File fingerprint (SHA-256): {version.sha256}</p>
      <section aria-labelledby={`${id}-decide`} className="grid gap-4 rounded-md border p-4">
        <h2 id={`${id}-decide`} className="text-lg font-semibold">
          Your decision
        </h2>
        <p className="text-sm">
          Your decision is about exactly this file (the fingerprint above). You can give it once.
        </p>
        {asking ? (
          <form noValidate onSubmit={submitChanges} className="grid gap-3" aria-label="Request changes">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-comment`}>What should change?</Label>
              <Textarea
                id={`${id}-comment`}
                rows={4}
                value={comment}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => setComment(event.target.value)}
              />
            </div>
            <FormProblem problem={problem} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={decide.isPending}>
                {decide.isPending ? <Spinner /> : null}
                Send request for changes
              </Button>
              <Button type="button" variant="outline" onClick={() => setAsking(false)}>
                Back
              </Button>
            </div>
          </form>
        ) : (
          <>
            <FormProblem problem={problem} />
            <div className="flex flex-wrap gap-2">
              <Button type="button" disabled={decide.isPending} onClick={() => void send("approve")}>
                {decide.isPending ? <Spinner /> : <CircleCheck aria-hidden="true" />}
                Approve
              </Button>
              <Button type="button" variant="outline" onClick={() => setAsking(true)}>
                Request changes
              </Button>
            </div>
          </>
        )}
      </section>
    </Shell>
  );
}
