import type { UploadProgress } from "@/lib/upload-with-progress";

/**
 * How much of the file has gone up. Once all of it has, the server is still reading and matching the
 * lines, which the bar says rather than sitting at 100 % in silence.
 */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const percent = progress.total ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : null;
  const uploaded = percent === 100;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Upload"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={
          uploaded ? "Uploaded, reading the lines" : percent === null ? "Uploading" : `${percent} %`
        }
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent ?? 0}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">
        {uploaded
          ? "Uploaded; reading and matching the lines…"
          : `Uploading${percent === null ? "…" : ` ${percent} %`}`}
      </p>
    </div>
  );
}
