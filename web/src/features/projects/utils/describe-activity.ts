type Change = { from: unknown; to: unknown };
export type ActivityChanges = Record<string, Change>;

/** One timeline row in words: what happened to the project, its team or its milestones. */
export function describeActivity(action: string, changes: ActivityChanges): string {
  if (action === "created") return "Project created";
  if (action === "deleted") return "Project deleted";
  const part = changes.member ?? changes.milestone;
  if (part) {
    const what = changes.member ? "Team member" : "Milestone";
    const title = (row: unknown) => (row as { title?: string } | null)?.title;
    const label = changes.milestone ? ` "${title(part.to) ?? title(part.from) ?? ""}"` : "";
    if (part.from === null) return `${what}${label} added`;
    if (part.to === null) return `${what}${label} removed`;
    return `${what}${label} changed`;
  }
  if (action === "moved" && changes.status) return `Status: ${changes.status.from} → ${changes.status.to}`;
  const fields = Object.keys(changes).map((field) => field.replace(/_/g, " "));
  return fields.length > 0 ? `Changed ${fields.join(", ")}` : "Updated";
}
