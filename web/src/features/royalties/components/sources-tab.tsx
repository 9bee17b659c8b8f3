import { Inbox, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListState } from "@/components/ui/list-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type RoyaltySource, useRoyaltySources } from "@/features/royalties/api/royalties";
import { SourceDialog } from "@/features/royalties/components/source-dialog";
import { MAPPING_LABEL, SOURCE_KIND_LABEL } from "@/features/royalties/utils/source-form";

/** The sources statements come from, each with how its files are read; new ones and changes in a dialog. */
export function SourcesTab() {
  const sources = useRoyaltySources();
  const [editing, setEditing] = useState<RoyaltySource | "new" | null>(null);
  const rows = sources.data ?? [];
  const newButton = (
    <Button type="button" onClick={() => setEditing("new")}>
      <Plus aria-hidden="true" />
      New source
    </Button>
  );
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">{rows.length > 0 ? newButton : null}</div>
      <ListState
        read={sources}
        loading="Loading the sources"
        failed="Failed to load the sources."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={Inbox}
            title="No sources yet"
            description="Add the distributors and societies whose statements you import, with their file format."
          >
            {newButton}
          </EmptyState>
        }
      >
        <Table aria-label="Sources">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Source</TableHead>
              <TableHead scope="col">Kind</TableHead>
              <TableHead scope="col" className="hidden sm:table-cell">
                File format
              </TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((source) => (
              <TableRow key={source.id}>
                <TableCell className="font-medium">{source.name}</TableCell>
                <TableCell>{SOURCE_KIND_LABEL[source.kind]}</TableCell>
                <TableCell className="hidden sm:table-cell">
                  {MAPPING_LABEL[source.mapping_key]}, {source.default_currency}
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit ${source.name}`}
                    onClick={() => setEditing(source)}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      {editing ? (
        <SourceDialog source={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
