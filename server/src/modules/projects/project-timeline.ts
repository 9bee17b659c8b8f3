import { hookActor, type Row, type TableHooks } from "../../rest/table-hooks";
import { appendActivity } from "../crm/timeline";

/**
 * A project's team and milestones are part of its story: each change to one of their rows lands on the
 * project's own timeline (as an update of the field `member` or `milestone`, from the row's summary
 * before to after), in the same transaction, so the project page reads one timeline.
 */
export function projectPartHooks(
  field: string,
  summarise: (row: Row) => Row,
): Pick<TableHooks, "afterWrite"> {
  return {
    async afterWrite(ctx, { verb, before, after }) {
      const from = verb === "insert" || !before ? null : summarise(before);
      const to = verb === "delete" || !after ? null : summarise(after);
      if (JSON.stringify(from) === JSON.stringify(to)) return;
      const projectIds = new Set(
        [before?.project_id, after?.project_id].filter((id) => typeof id === "string"),
      );
      for (const projectId of projectIds) {
        await appendActivity(ctx.trx, {
          recordType: "projects",
          recordId: String(projectId),
          action: "updated",
          changes: { [field]: { from, to } },
          ...hookActor(ctx),
          at: ctx.at,
        });
      }
    },
  };
}
