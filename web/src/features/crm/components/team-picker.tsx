import { X } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { TeamMember } from "@/features/crm/api/studio-sessions";
import { TalentFinder } from "@/features/crm/components/talent-finder";
import { formatContactName } from "@/features/crm/utils/names";

type TeamPickerProps = {
  team: TeamMember[];
  onChange(team: TeamMember[]): void;
};

/** A session's team in the booking dialog: the people on it, and talent found by name to add. */
export function TeamPicker({ team, onChange }: TeamPickerProps) {
  const headingId = useId();
  const onTeam = new Set(team.map((member) => member.id));

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
      <TalentFinder
        excludeIds={onTeam}
        addTo="the team"
        onAdd={(person) => onChange([...team, { id: person.id, name: formatContactName(person) }])}
      />
    </fieldset>
  );
}
