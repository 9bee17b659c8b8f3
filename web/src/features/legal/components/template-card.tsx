import { Copy, Eye, FilePlus2, PenLine, Trash2, Wand2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { LegalTemplate } from "@/features/legal/data/sample-legal";
import { formatRelativeTime } from "@/lib/format";

/** Spec §2: every template action only logs to the console for now. */
const ACTIONS = [
  { label: "Create Document", icon: FilePlus2 },
  { label: "Preview", icon: Eye },
  { label: "Edit", icon: PenLine },
  { label: "Duplicate", icon: Copy },
  { label: "Delete", icon: Trash2 },
  { label: "Use Template", icon: Wand2 },
] as const;

export function TemplateCard({ template }: { template: LegalTemplate }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <article aria-labelledby={`tpl-${template.id}`} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`tpl-${template.id}`} className="font-semibold">
            {template.title}
          </h3>
          <Badge variant="purple" className="normal-case!">
            {template.category}
          </Badge>
        </div>
        <p className="text-sm">{template.description}</p>
        <p className="text-sm text-muted-foreground">
          {template.variables.length} variables · Updated {formatRelativeTime(template.updated_at)}
          {template.is_shared ? " · Shared" : ""}
        </p>
        <div className="mt-auto flex flex-wrap gap-1 border-t pt-3">
          {ACTIONS.map(({ label, icon: Icon }) => (
            <Button key={label} variant="ghost" size="sm" onClick={() => console.info(label, template.id)}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
      </article>
    </Card>
  );
}
