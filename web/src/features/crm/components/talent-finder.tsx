import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type LinkedTalent, useTalentSearch } from "@/features/crm/api/brief-talent";
import { formatContactName } from "@/features/crm/utils/names";
import { useSearchDraft } from "@/lib/use-search-draft";

type Talent = LinkedTalent["talent"];

type TalentFinderProps = {
  /** Who is already there, left out of the results. */
  excludeIds: ReadonlySet<string>;
  /** Where a found person goes, for each Add button's accessible name ("the brief"). */
  addTo: string;
  onAdd(person: Talent): void;
  isAdding?: boolean;
};

/** "Find talent to add": active talent matched by name, stage name, e-mail, role or genre from two letters on. */
export function TalentFinder({ excludeIds, addTo, onAdd, isAdding = false }: TalentFinderProps) {
  const [search, setSearch] = useState("");
  const [draft, setDraft, flushSearch] = useSearchDraft(search, setSearch);
  const results = useTalentSearch(search);
  const searchId = useId();
  const candidates = (results.data ?? []).filter((person) => !excludeIds.has(person.id));

  return (
    <div className="grid gap-2">
      <Label htmlFor={searchId}>Find talent to add</Label>
      <Input
        id={searchId}
        type="search"
        placeholder="Name, email, role or genre"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={flushSearch}
      />
      {search.trim().length >= 2 && results.isSuccess ? (
        candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">No talents found</p>
        ) : (
          <ul className="grid gap-1" aria-label="Matching talent">
            {candidates.map((person) => (
              <li key={person.id} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  {formatContactName(person)}
                  {person.stage_name ? (
                    <span className="text-muted-foreground"> · {person.stage_name}</span>
                  ) : null}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={isAdding}
                  aria-label={`Add ${formatContactName(person)} to ${addTo}`}
                  onClick={() => onAdd(person)}
                >
                  <Plus aria-hidden="true" />
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
