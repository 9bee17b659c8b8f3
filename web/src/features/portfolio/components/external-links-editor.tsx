import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ExternalLinkItem } from "@/features/portfolio/api/list-portfolio-works";

type ExternalLinksEditorProps = {
  links: ExternalLinkItem[];
  onChange(links: ExternalLinkItem[]): void;
  error?: string;
  errorId: string;
};

/** Where a work can be heard: one platform and address per row, rows added and removed freely. */
export function ExternalLinksEditor({ links, onChange, error, errorId }: ExternalLinksEditorProps) {
  const change = (index: number, patch: Partial<ExternalLinkItem>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">
        External links <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      {links.length > 0 ? (
        <ul className="grid gap-2">
          {links.map((link, index) => {
            const n = index + 1;
            return (
              // Rows have no id of their own until saved; the position is what a person edits.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="grid grid-cols-[8rem_1fr_auto] gap-2">
                <Input
                  aria-label={`Platform of link ${n}`}
                  placeholder="Spotify"
                  value={link.platform}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => change(index, { platform: event.target.value })}
                />
                <Input
                  aria-label={`URL of link ${n}`}
                  type="url"
                  placeholder="https://"
                  value={link.url}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => change(index, { url: event.target.value })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove link ${n}`}
                  onClick={() => onChange(links.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...links, { platform: "", url: "" }])}
      >
        <Plus aria-hidden="true" />
        Add link
      </Button>
      {error ? (
        <p id={errorId} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
