/** A work as staff know it: its title over its submitter id and ISWC. */
export function WorkName({
  work,
}: {
  work: { title: string; submitter_work_id: string; iswc: string | null };
}) {
  return (
    <>
      <span className="block font-medium">{work.title}</span>
      <span className="block text-xs text-muted-foreground">
        {[work.submitter_work_id, work.iswc].filter(Boolean).join(" · ")}
      </span>
    </>
  );
}
