import { BookOpen, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import type { LegalClause } from "@/features/legal/api/legal-types";
import { ClauseTable } from "@/features/legal/components/clause-table";
import { useSearchDraft } from "@/lib/use-search-draft";

type ClauseLibraryProps = {
  /** The clauses matching `search` (the server searches title, slug and tags in any case). */
  clauses: LegalClause[];
  isLoading?: boolean;
  search: string;
  onSearchChange(search: string): void;
  onNewClause(): void;
};

export function ClauseLibrary({
  clauses,
  isLoading = false,
  search,
  onSearchChange,
  onNewClause,
}: ClauseLibraryProps) {
  const [draft, setDraft, flush] = useSearchDraft(search, onSearchChange);
  const isSearching = search.trim() !== "";

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Legal Clauses"
        description="Manage reusable clause library for templates"
        actions={
          <Button onClick={onNewClause}>
            <Plus aria-hidden="true" />
            New Clause
          </Button>
        }
      />
      <SearchInput
        aria-label="Search clauses"
        placeholder="Search clauses..."
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={flush}
        className="max-w-sm"
      />
      {isLoading ? (
        <Spinner label="Loading" />
      ) : clauses.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="No clauses found"
          description={
            isSearching
              ? "Try adjusting your search terms"
              : "Create your first reusable clause to get started"
          }
        >
          {isSearching ? null : (
            <Button variant="secondary" onClick={onNewClause}>
              <Plus aria-hidden="true" />
              Create Clause
            </Button>
          )}
        </EmptyState>
      ) : (
        <Card className="p-2">
          <ClauseTable clauses={clauses} />
        </Card>
      )}
    </div>
  );
}
