import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useTalentSearch } from "@/features/crm/api/brief-talent";
import type { TeamMember } from "@/features/crm/api/studio-sessions";
import { formatContactName } from "@/features/crm/utils/names";
import { useSearchDraft } from "@/lib/use-search-draft";

type TeamPickerProps = {
  team: TeamMember[];
  onChange(team: TeamMember[]): void;
};

/** A session's team in the booking dialog: the people on it, and talent found by name to add. */
export function TeamPicker({ team, onChange }: TeamPickerProps) {
  const [search, setSearch] = useState("");
  const [draft, setDraft, flushSearch] = useSearchDraft(search, setSearch);
  const results = useTalentSearch(search);
  const headingId = useId();
  const searchId = useId();
  const onTeam = new Set(team.map((member) => member.id));
  const candidates = (results.data ?? []).filter((person) => !onTeam.has(person.id));

  return (
    <fieldset aria-labelledby={headingId} className="grid gap-2">
      <legend id={headingId} className="text-sm font-medium">
        Team
      </legend>
      {team.length === 0 ? (
        <p className="text-sm text-muted-foreground">No team members selected</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Team members">
          {team.map((member) => (
            <li key={member.id} className="flex items-center gap-1 rounded-full border px-3 py-1 text-sm">
              {member.name}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-6 px-1"
                aria-label={`Remove ${member.name} from the team`}
                onClick={() => onChange(team.filter((m) => m.id !== member.id))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Label htmlFor={searchId}>Find talent to add</Label>
      <Input
        id={searchId}
        type="search"
        placeholder="Name, stage name or email"
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
                <span>{formatContactName(person)}</span>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={`Add ${formatContactName(person)} to the team`}
                  onClick={() => onChange([...team, { id: person.id, name: formatContactName(person) }])}
                >
                  <Plus aria-hidden="true" />
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </fieldset>
  );
}
