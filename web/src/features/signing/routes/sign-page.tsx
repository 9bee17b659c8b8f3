import { LEGAL_DOCUMENT_STATUS_LABELS } from "@app/contracts";
import { formatStockholm } from "@app/contracts/stockholm-time";
import { CircleCheck, Signature } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { RenderedDocument } from "@/components/legal/rendered-document";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useSignDocument, useSigningView } from "@/features/signing/api/signing";
import { describeApiError } from "@/lib/api-errors";
import { tokenFromFragment } from "@/lib/link-token";
import { useDocumentTitle } from "@/lib/use-document-title";

const DEAD_LINK =
  "This signing link is no longer valid. It may have been used already, expired, or the document was withdrawn. Ask the sender for a new link.";

function isDeadLink(error: unknown) {
  const status = (error as { status?: number } | null)?.status;
  return status === 410 || status === 400;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Document signing</p>
      {children}
    </main>
  );
}

export function SignPage() {
  useDocumentTitle("Sign document");
  const [token] = useState(tokenFromFragment);
  const id = useId();
  const view = useSigningView(token);
  const sign = useSignDocument();
  const [fullName, setFullName] = useState("");
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!token || (view.isError && isDeadLink(view.error))) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold">Link not valid</h1>
        <p role="alert">{DEAD_LINK}</p>
      </Shell>
    );
  }
  if (view.isError) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold">Could not open the document</h1>
        <p role="alert">{describeApiError(view.error)}</p>
      </Shell>
    );
  }
  if (view.isPending) {
    return (
      <Shell>
        <Spinner label="Loading the document" />
      </Shell>
    );
  }
  const { document, signer, expires_at: expiresAt } = view.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (fullName.trim().length < 2) return setProblem("Type your full name to sign");
    if (!consent) return setProblem("Tick the box to agree to sign electronically");
    setProblem(null);
    try {
      await sign.mutateAsync({ token, full_name: fullName.trim(), consent: true });
    } catch (error) {
      setProblem((error as { status?: number }).status === 410 ? DEAD_LINK : describeApiError(error));
    }
  };

  return (
    <Shell>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{document.title}</h1>
        <p className="text-sm text-muted-foreground">
          For {signer.name} ({signer.email}) · Status: {LEGAL_DOCUMENT_STATUS_LABELS[document.status]} · Link
          valid until {formatStockholm(expiresAt, "dateTime")}
        </p>
      </div>
      <RenderedDocument html={document.rendered_html} label={`${document.title} (read-only)`} />
      <p className="text-xs break-all text-muted-foreground">
        Document fingerprint (SHA-256): {document.content_sha256}
      </p>
      <section aria-labelledby={`${id}-parties`} className="grid gap-2">
        <h2 id={`${id}-parties`} className="text-lg font-semibold">
          Parties
        </h2>
        <ul className="grid gap-1 text-sm">
          {document.parties.map((party, index) => (
            // The list is the document's, in its order, and never reorders while the page is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: two parties may share a name and a role
            <li key={index}>
              {party.name}
              {party.is_you ? " (you)" : ""}:{" "}
              {party.role === "viewer"
                ? "receives a copy"
                : party.status === "signed" || (party.is_you && sign.isSuccess)
                  ? "signed"
                  : "not signed yet"}
            </li>
          ))}
        </ul>
      </section>
      {sign.isSuccess ? (
        <div role="status" className="flex items-start gap-2 rounded-md border p-4">
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          <p>
            Signed {formatStockholm(sign.data.signed_at, "dateTime")}. Document status:{" "}
            {LEGAL_DOCUMENT_STATUS_LABELS[sign.data.status]}. Every party receives the signed PDF by e-mail
            once everyone has signed.
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4 rounded-md border p-4" aria-label="Sign">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Full name</Label>
            <Input
              id={`${id}-name`}
              autoComplete="name"
              aria-describedby={`${id}-name-hint`}
              value={fullName}
              onChange={(event) => setFullName(event.target.value)}
            />
            <p id={`${id}-name-hint`} className="text-xs text-muted-foreground">
              Type your name as the document names you: {signer.name}
            </p>
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${id}-consent`}
              checked={consent}
              onCheckedChange={(checked) => setConsent(checked === true)}
            />
            <Label htmlFor={`${id}-consent`} className="leading-snug font-normal">
              I have read this document and agree to sign it electronically; my typed name is my signature.
            </Label>
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-error-text">
              {problem}
            </p>
          ) : null}
          <Button type="submit" className="justify-self-start" disabled={sign.isPending}>
            {sign.isPending ? <Spinner /> : <Signature aria-hidden="true" />}
            Sign
          </Button>
        </form>
      )}
    </Shell>
  );
}
