import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { StrengthEntry } from "@/features/crm/utils/contact-form";

type StrengthsEditorProps = {
  strengths: StrengthEntry[];
  onChange(strengths: StrengthEntry[]): void;
  error?: string;
  errorId: string;
};

/** Skills and their scores out of 10 (spec §9), one row each. */
export function StrengthsEditor({ strengths, onChange, error, errorId }: StrengthsEditorProps) {
  const update = (index: number, change: Partial<StrengthEntry>) =>
    onChange(strengths.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Strengths (each out of 10)</legend>
      {strengths.length > 0 ? (
        <ul className="grid gap-2">
          {strengths.map((entry, index) => (
            // Rows have no id of their own; their position is their identity while the form is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index} className="flex items-center gap-2">
              <Input
                aria-label={`Skill ${index + 1}`}
                placeholder="Skill, e.g. melody"
                value={entry.skill}
                onChange={(event) => update(index, { skill: event.target.value })}
              />
              <Input
                aria-label={`Score for ${entry.skill || `skill ${index + 1}`}, out of 10`}
                type="number"
                inputMode="decimal"
                min={0}
                max={10}
                step={0.5}
                className="w-24"
                value={entry.score}
                aria-invalid={error ? true : undefined}
                onChange={(event) => update(index, { score: event.target.value })}
              />
              <span className="text-sm text-muted-foreground" aria-hidden="true">
                /10
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${entry.skill || `skill ${index + 1}`}`}
                onClick={() => onChange(strengths.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...strengths, { skill: "", score: "" }])}
      >
        <Plus aria-hidden="true" />
        Add strength
      </Button>
      {error ? (
        <p id={errorId} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
