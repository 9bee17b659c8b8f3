import { PARTY_ROLES } from "@app/contracts";
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { PartyRow } from "@/features/legal/utils/document-form";

const ROLE_LABELS = { signer: "Signer", viewer: "Viewer" } as const;

type PartiesEditorProps = { parties: PartyRow[]; onChange(parties: PartyRow[]): void; error?: string };

/** Who signs (each mailed a signing link when the document is sent) and who only receives the result. */
export function PartiesEditor({ parties, onChange, error }: PartiesEditorProps) {
  const id = useId();
  const update = (index: number, change: Partial<PartyRow>) =>
    onChange(parties.map((party, i) => (i === index ? { ...party, ...change } : party)));
  return (
    <fieldset
      className="grid gap-3 rounded-md border p-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium">Parties</legend>
      {parties.length === 0 ? <p className="text-sm text-muted-foreground">No parties yet.</p> : null}
      <ul className="grid gap-3">
        {parties.map((party, index) => {
          const rowId = `${id}-${index}`;
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved.
            <li key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_8rem_auto]">
              <div className="grid gap-1">
                <Label htmlFor={`${rowId}-name`}>Party {n} name</Label>
                <Input
                  id={`${rowId}-name`}
                  value={party.name}
                  onChange={(event) => update(index, { name: event.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${rowId}-email`}>Party {n} e-mail</Label>
                <Input
                  id={`${rowId}-email`}
                  type="email"
                  value={party.email}
                  onChange={(event) => update(index, { email: event.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${rowId}-role`}>Party {n} role</Label>
                <NativeSelect
                  id={`${rowId}-role`}
                  value={party.role}
                  onChange={(event) => update(index, { role: event.target.value as PartyRow["role"] })}
                >
                  {PARTY_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove party ${n}`}
                onClick={() => onChange(parties.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...parties, { name: "", email: "", role: "signer" }])}
      >
        <Plus aria-hidden="true" />
        Add party
      </Button>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
