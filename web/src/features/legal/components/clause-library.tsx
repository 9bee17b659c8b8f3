import { BookOpen, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { SearchInput } from "@/components/ui/search-input";
import { ClauseTable } from "@/features/legal/components/clause-table";
import type { LegalClause } from "@/features/legal/api/legal-types";
import { searchClauses } from "@/features/legal/utils/filter-legal";

export function ClauseLibrary({ clauses, isLoading = false }: { clauses: LegalClause[]; isLoading?: boolean }) {
  const [search, setSearch] = useState("");
  const visible = searchClauses(clauses, search);
  const isSearching = search.trim() !== "";

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Legal Clauses"
        description="Manage reusable clause library for templates"
        actions={
          <Button asChild>
            <Link to="/app/legal/clauses/new">
              <Plus aria-hidden="true" />
              New Clause
            </Link>
          </Button>
        }
      />
      <SearchInput
        aria-label="Search clauses"
        placeholder="Search clauses..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="max-w-sm"
      />
      {isLoading ? (
        <Spinner label="Loading" />
      ) : visible.length === 0 ? (
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
            <Button asChild variant="secondary">
              <Link to="/app/legal/clauses/new">
                <Plus aria-hidden="true" />
                Create Clause
              </Link>
            </Button>
          )}
        </EmptyState>
      ) : (
        <Card className="p-2">
          <ClauseTable clauses={visible} />
        </Card>
      )}
    </div>
  );
}
