import { useState } from "react";
import type { ControlProps } from "@/components/form/controlled-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { personName, usePeople } from "@/features/projects/api/list-options";

/**
 * A contact chosen from those whose name matches what was typed: the contacts are too many to list, so a
 * search narrows them (the current choice stays listed while it does).
 */
export function PersonPicker({ noneLabel, ...control }: ControlProps & { noneLabel?: string }) {
  const [search, setSearch] = useState("");
  const found = usePeople({ search });
  const current = usePeople({ ids: control.value ? [control.value] : [] });
  const people = [
    ...(current.data ?? []),
    ...(found.data ?? []).filter((person) => person.id !== control.value),
  ];
  return (
    <div className="grid gap-2">
      <Input
        type="search"
        aria-label="Find a contact by name or e-mail"
        placeholder="Find by name or e-mail"
        value={search}
        autoComplete="off"
        onChange={(event) => setSearch(event.target.value)}
      />
      <NativeSelect {...control}>
        {noneLabel ? <option value="">{noneLabel}</option> : <option value="">Choose a contact</option>}
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {personName(person)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
