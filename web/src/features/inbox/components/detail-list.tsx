import type { ReactNode } from "react";

/** Label/value pairs of a submission, in the order the public form asked for them. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-3">
      {items.map((item) => (
        <div key={item.label} className="grid gap-0.5">
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="whitespace-pre-line wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
