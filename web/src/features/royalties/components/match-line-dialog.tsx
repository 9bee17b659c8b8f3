import { formatOre } from "@app/contracts";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import {
  type CatalogueHit,
  type RoyaltyLine,
  useCatalogueSearch,
  useMatchLine,
} from "@/features/royalties/api/royalties";
import { lineIdentifiers } from "@/features/royalties/utils/line-identifiers";
import { toast } from "@/lib/toast";
import { useSearchDraft } from "@/lib/use-search-draft";

const KIND_LABEL = { work: "Work", recording: "Recording" } as const;

/**
 * Matches one unmatched line to a work or recording found by search. Remembering the match makes it the
 * source's alias: the source's other lines with the same identifier, and its later files, match too.
 */
export function MatchLineDialog({ line, onClose }: { line: RoyaltyLine; onClose(): void }) {
  const id = useId();
  const [search, setSearch] = useState(line.isrc ?? line.iswc ?? line.title ?? "");
  const [draft, setDraft, flush] = useSearchDraft(search, setSearch);
  const hits = useCatalogueSearch(search);
  const [chosen, setChosen] = useState<CatalogueHit | null>(null);
  const [remember, setRemember] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const match = useMatchLine();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem("Choose the work or recording the line is for.");
      return;
    }
    setProblem(null);
    const target = chosen.kind === "work" ? { work_id: chosen.id } : { recording_id: chosen.id };
    match.mutate(
      { line_id: line.id, ...target, remember },
      {
        onSuccess: (answer) => {
          toast.success(answer.matched === 1 ? "Line matched" : `${answer.matched} lines matched`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Match a line</DialogTitle>
          <DialogDescription>
            {line.title ?? "Untitled line"} · {lineIdentifiers(line)} · {formatOre(line.amount_ore)}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-search`}>Search works and recordings</Label>
            <SearchInput
              id={`${id}-search`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={flush}
            />
          </div>
          <fieldset className="grid gap-2" aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend className="text-sm font-medium">Match to</legend>
            {hits.isFetching ? (
              <Spinner label="Searching the catalogue" />
            ) : (hits.data ?? []).length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {search.trim() ? "Nothing in the catalogue matches." : "Type a title, ISRC or ISWC."}
              </p>
            ) : (
              (hits.data ?? []).map((hit) => (
                <label
                  key={`${hit.kind}-${hit.id}`}
                  className="flex items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name={`${id}-target`}
                    className="mt-1"
                    checked={chosen?.id === hit.id && chosen.kind === hit.kind}
                    onChange={() => setChosen(hit)}
                  />
                  <span>
                    <span className="font-medium">{hit.title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {KIND_LABEL[hit.kind]}
                      {hit.detail ? ` · ${hit.detail}` : ""}
                    </span>
                  </span>
                </label>
              ))
            )}
          </fieldset>
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-remember`}
              checked={remember}
              onCheckedChange={(checked) => setRemember(checked === true)}
            />
            <Label htmlFor={`${id}-remember`}>Remember for this source</Label>
          </div>
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={match.isPending}>
              {match.isPending ? "Matching…" : "Match"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
