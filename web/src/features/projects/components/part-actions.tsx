import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

type PartActionsProps = {
  /** What the buttons act on, read after "Edit" and "Remove": "milestone Delivery", "Alva as Producer". */
  name: string;
  onEdit(): void;
  onRemove(): void;
};

/** The icon buttons that edit or remove one member or milestone of a project, each named for its row. */
export function PartActions({ name, onEdit, onRemove }: PartActionsProps) {
  return (
    <>
      <Button size="icon" variant="ghost" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button size="icon" variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
    </>
  );
}
