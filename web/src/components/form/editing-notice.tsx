import { UsersRound } from "lucide-react";
import { useOtherEditors } from "@/lib/live/live-context";
import { useCurrentEditor } from "@/lib/use-auth";

/** "Anna is editing", "Anna and Bo are editing": names joined as a sentence says them. */
export function editingSentence(names: readonly string[]): string {
  const list = new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(names);
  return `${list} ${names.length === 1 ? "is" : "are"} editing`;
}

/**
 * Who else has this record open in an editor, so two people know before one's save meets the other's
 * (the versioned save still refuses the later one). Nothing shows when nobody else is there.
 */
export function EditingNotice({ table, id }: { table: string; id: string }) {
  const others = useOtherEditors(table, id, useCurrentEditor());
  if (others.length === 0) return <p role="status" className="sr-only" />;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <UsersRound aria-hidden="true" className="size-4" />
      {editingSentence(others.map((editor) => editor.name))}
    </p>
  );
}
