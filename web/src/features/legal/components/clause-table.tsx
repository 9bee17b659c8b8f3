import { MoreHorizontal, PenLine, Trash2 } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { LegalClause } from "@/features/legal/api/legal-types";
import { ClauseFormDialog } from "@/features/legal/components/clause-form-dialog";
import { DeleteLegalDialog } from "@/features/legal/components/delete-legal-dialog";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { formatRelativeTime } from "@/lib/format";

export function ClauseTable({ clauses }: { clauses: LegalClause[] }) {
  const [editing, setEditing] = useState<LegalClause | null>(null);
  const [deleting, setDeleting] = useState<LegalClause | null>(null);
  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Title</TableHead>
            <TableHead scope="col">Slug</TableHead>
            <TableHead scope="col">Tags</TableHead>
            <TableHead scope="col">Updated</TableHead>
            <TableHead scope="col" rowActions>
              Actions
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {clauses.map((clause) => (
            <TableRow key={clause.id}>
              <TableCell className="font-medium">{clause.title}</TableCell>
              <TableCell>
                <code className="text-xs text-muted-foreground">{clause.slug}</code>
              </TableCell>
              <TableCell>
                <LimitedBadges items={clause.tags} limit={DISPLAY_LIMITS.tags} noun="tags" />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatRelativeTime(clause.updated_at)}
              </TableCell>
              <TableCell rowActions>
                <DropdownMenu>
                  <DropdownMenuTrigger
                    className={buttonVariants({ variant: "ghost", size: "icon" })}
                    aria-label={`Actions for ${clause.title}`}
                  >
                    <MoreHorizontal aria-hidden="true" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => setEditing(clause)}>
                      <PenLine aria-hidden="true" />
                      Edit
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setDeleting(clause)}>
                      <Trash2 aria-hidden="true" />
                      Delete
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ClauseFormDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        clause={editing}
      />
      <DeleteLegalDialog
        table="legal_clauses"
        row={deleting}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
      />
    </>
  );
}
