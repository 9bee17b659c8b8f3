import { Plus, Search } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { PageHeading } from "@/components/ui/page-heading";
import { BRIEF_COLUMNS, SAMPLE_CRM } from "@/features/crm/data/sample-crm";
import { groupBriefsByStatus } from "@/features/crm/utils/select-crm-lists";
import { useDocumentTitle } from "@/lib/use-document-title";

export function BriefsPage() {
  useDocumentTitle("Creative Briefs");
  const [search, setSearch] = useState("");
  const columns = groupBriefsByStatus(SAMPLE_CRM.briefs, search);

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Creative Briefs"
        description="Track briefs from first draft to shipped."
        actions={
          <Button onClick={() => console.info("New brief: not built yet")}>
            <Plus aria-hidden="true" />
            New Brief
          </Button>
        }
      />
      <div className="relative max-w-sm">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search briefs"
          placeholder="Search briefs..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
        {BRIEF_COLUMNS.map((column) => {
          const briefs = columns[column.status];
          return (
            <section key={column.status} aria-labelledby={`brief-column-${column.status}`}>
              <Card className="flex min-h-48 flex-col gap-3 p-3">
                <h2
                  id={`brief-column-${column.status}`}
                  className="flex items-center justify-between font-semibold"
                >
                  {column.label}
                  <span className="rounded-full bg-muted px-2 text-sm text-muted-foreground">
                    <span className="sr-only">Count: </span>
                    {briefs.length}
                  </span>
                </h2>
                <ul className="grid gap-2">
                  {briefs.map((brief) => (
                    <li key={brief.id} className="rounded-md border p-2 text-sm">
                      <span className="block font-medium">{brief.title}</span>
                      <span className="text-muted-foreground">{brief.client}</span>
                    </li>
                  ))}
                </ul>
              </Card>
            </section>
          );
        })}
      </div>
    </div>
  );
}
