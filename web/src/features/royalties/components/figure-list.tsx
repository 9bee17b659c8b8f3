/** A few labelled figures side by side (an import's counts, a period's money). */
export function FigureList({ figures }: { figures: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
