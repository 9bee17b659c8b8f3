import type { ComponentProps } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { useCurrentUserId } from "@/lib/use-auth";

type AssigneeSelectProps = Omit<ComponentProps<typeof NativeSelect>, "children" | "value"> & {
  /** The assignee's account id, or "" for nobody. */
  value: string;
};

/**
 * Who sees to a piece of work (a deliverable, a milestone): the signed-in person or nobody yet. The back
 * office lists no other accounts, so a colleague already assigned stays chosen as "A colleague" until
 * someone takes the work over.
 */
export function AssigneeSelect({ value, ...select }: AssigneeSelectProps) {
  const currentUserId = useCurrentUserId();
  const isColleague = value !== "" && value !== currentUserId;
  return (
    <NativeSelect value={value} {...select}>
      {currentUserId ? <option value={currentUserId}>Me</option> : null}
      {isColleague ? <option value={value}>A colleague</option> : null}
      <option value="">Nobody yet</option>
    </NativeSelect>
  );
}
