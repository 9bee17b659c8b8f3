import type * as React from "react";

/** A record's fields as a description list; empty values read "-". */
export function DetailList({ children }: { children: React.ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}

export function Detail({
  label,
  children,
  wide,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const isEmpty = children === null || children === undefined || children === "";
  return (
    <div className={wide ? "grid gap-1 sm:col-span-2" : "grid gap-1"}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{isEmpty ? "-" : children}</dd>
    </div>
  );
}
