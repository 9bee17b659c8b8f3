import { formatOre } from "@app/contracts";
import { CheckCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type RoyaltyLine, UNMATCHED_PAGE, useUnmatchedLines } from "@/features/royalties/api/royalties";
import { MatchLineDialog } from "@/features/royalties/components/match-line-dialog";
import { lineIdentifiers } from "@/features/royalties/utils/line-identifiers";

export function UnmatchedTab() {
  const [page, setPage] = useState(1);
  const lines = useUnmatchedLines((page - 1) * UNMATCHED_PAGE);
  const [matching, setMatching] = useState<RoyaltyLine | null>(null);
  const rows = lines.data?.rows ?? [];
  const total = lines.data?.total ?? 0;

  return (
    <div className="grid gap-3">
      <h2 className="text-lg font-semibold">Unmatched lines</h2>
      <p className="text-sm text-muted-foreground">
        Lines no work or recording was found for. Their money stays in suspense until they are matched.
      </p>
      <ListState
        read={lines}
        loading="Loading the unmatched lines"
        failed="The unmatched lines could not be loaded."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={CheckCheck}
            title="Nothing to match"
            description="Every imported line has found its work or recording."
          />
        }
      >
        <Table aria-label="Unmatched lines">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Line</TableHead>
              <TableHead scope="col" className="hidden md:table-cell">
                Identifiers
              </TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
              <TableHead scope="col">
                <span className="sr-only">Action</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="min-w-0">
                  <span className="block break-words font-medium">{line.title ?? "Untitled line"}</span>
                  <span className="block break-words text-xs text-muted-foreground">
                    {[line.artist, line.store, line.usage_period].filter(Boolean).join(" · ")}
                  </span>
                  <span className="block break-all text-xs text-muted-foreground md:hidden">
                    {lineIdentifiers(line)}
                  </span>
                </TableCell>
                <TableCell className="hidden break-all text-sm md:table-cell">
                  {lineIdentifiers(line)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {formatOre(line.amount_ore)}
                  {line.currency !== "SEK" ? (
                    <span className="block text-xs text-muted-foreground">
                      {line.amount} {line.currency}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setMatching(line)}
                    aria-label={`Match ${line.title ?? "untitled line"} (row ${line.row_number})`}
                  >
                    Match
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pager
          page={page}
          pageSize={UNMATCHED_PAGE}
          rowsOnPage={rows.length}
          total={total}
          label="unmatched lines"
          onPageChange={setPage}
        />
      </ListState>
      {matching ? <MatchLineDialog line={matching} onClose={() => setMatching(null)} /> : null}
    </div>
  );
}
