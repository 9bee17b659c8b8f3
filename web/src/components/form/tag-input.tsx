import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { addTag, removeTag } from "@/lib/tag-entry";

type TagInputProps = {
  tags: string[];
  onChange(tags: string[]): void;
  /** The field's label, plural ("Tags", "Roles"). */
  label?: string;
  /** One item, for the buttons' names ("Add tag", "Remove role Producer"). */
  itemName?: string;
  placeholder?: string;
  /** Inline error under the field (e.g. the server refused one of the values). */
  error?: string;
};

/** Items are added with Enter or the plus button and removed with each item's own button so neither needs a pointer. */
export function TagInput({
  tags,
  onChange,
  label = "Tags",
  itemName = "tag",
  placeholder = `Add a ${itemName}`,
  error,
}: TagInputProps) {
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const commit = () => {
    onChange(addTag(tags, draft));
    setDraft("");
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={draft}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            // Enter adds the item; it must not submit the surrounding form.
            event.preventDefault();
            commit();
          }}
        />
        <Button type="button" variant="secondary" size="icon" aria-label={`Add ${itemName}`} onClick={commit}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label={`Current ${label.toLowerCase()}`}>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge className="gap-1 normal-case!">
                {tag}
                <button
                  type="button"
                  aria-label={`Remove ${itemName} ${tag}`}
                  className="rounded-full hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onChange(removeTag(tags, tag))}
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
