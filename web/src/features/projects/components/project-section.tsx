import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One part of a project's page: a headed card, with an action (add) beside its heading. */
export function ProjectSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}
