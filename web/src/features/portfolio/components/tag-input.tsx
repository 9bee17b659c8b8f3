import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { addTag, removeTag } from "@/features/portfolio/utils/tag-entry";

type TagInputProps = { tags: string[]; onChange(tags: string[]): void };

/** Tags are added with Enter or the plus button and removed with each tag's own button (spec §2, §5). */
export function TagInput({ tags, onChange }: TagInputProps) {
  const [draft, setDraft] = useState("");
  const inputId = useId();

  const commit = () => {
    onChange(addTag(tags, draft));
    setDraft("");
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Tags</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={draft}
          placeholder="Add a tag"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            // Enter adds the tag; it must not submit the surrounding form.
            event.preventDefault();
            commit();
          }}
        />
        <Button type="button" variant="secondary" size="icon" aria-label="Add tag" onClick={commit}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Current tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge className="gap-1 normal-case!">
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
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
    </div>
  );
}
