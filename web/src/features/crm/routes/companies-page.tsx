import { Building2, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterChips } from "@/components/ui/filter-chips";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { SearchInput } from "@/components/ui/search-input";
import { SearchRegion } from "@/components/ui/search-region";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { COMPANY_PAGE_SIZE, useCompanies } from "@/features/crm/api/list-companies";
import { CompanyFormDialog } from "@/features/crm/components/company-form-dialog";
import { COMPANY_KIND_LABELS } from "@/features/crm/utils/company-form";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSearchDraft } from "@/lib/use-search-draft";
import { useUrlState } from "@/lib/use-url-state";

const LIST_DEFAULTS = { q: "", page: "1", show: "active" };
const SHOW_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "archived", label: "Archived" },
] as const;

export function CompaniesPage() {
  useDocumentTitle("Companies");
  const [state, setState] = useUrlState(LIST_DEFAULTS);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const isArchived = state.show === "archived";
  const [isAdding, setIsAdding] = useState(false);

  const commitSearch = useCallback((q: string) => setState({ q, page: "1" }), [setState]);
  const [draft, setDraft, flushSearch] = useSearchDraft(state.q, commitSearch);

  const list = useCompanies({ search: state.q, page, isArchived });
  const rows = list.data?.rows ?? [];
  const isFiltered = Boolean(state.q || isArchived);
  const addCompany = () => setIsAdding(true);

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Companies"
        description="Labels, publishers and partners you work with."
        actions={
          <Button onClick={addCompany}>
            <Plus aria-hidden="true" />
            New Company
          </Button>
        }
      />
      <SearchRegion aria-label="Filter the list" className="items-center">
        <SearchInput
          className="w-full max-w-sm"
          aria-label="Search companies"
          placeholder="Search by name, city or org. number..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={flushSearch}
        />
        <FilterChips
          label="Show"
          options={SHOW_OPTIONS}
          value={isArchived ? "archived" : "active"}
          onChange={(show) => setState({ show, page: "1" })}
        />
      </SearchRegion>
      {list.isPending ? (
        <LoadingStatus>Loading companies...</LoadingStatus>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No Companies Found"
          description={
            isFiltered
              ? "Try adjusting your search or filters."
              : "Add the labels, publishers and partners you work with."
          }
        >
          {isFiltered ? null : (
            <Button variant="secondary" onClick={addCompany}>
              <Plus aria-hidden="true" />
              Add Company
            </Button>
          )}
        </EmptyState>
      ) : (
        <Card className="p-2" aria-busy={list.isFetching || undefined}>
          <Pager
            page={page}
            pageSize={COMPANY_PAGE_SIZE}
            rowsOnPage={rows.length}
            total={list.data?.total ?? 0}
            label="companies"
            onPageChange={(next) => setState({ page: String(next) })}
          />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Name</TableHead>
                <TableHead scope="col">Kind</TableHead>
                <TableHead scope="col">City</TableHead>
                <TableHead scope="col">Organisation number</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((company) => (
                <TableRow key={company.id}>
                  <TableCell>
                    <Link
                      to={`/app/crm/companies/${company.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {company.name}
                    </Link>
                    {company.archived_at ? <Badge className="ml-2">Archived</Badge> : null}
                  </TableCell>
                  <TableCell>{COMPANY_KIND_LABELS[company.kind]}</TableCell>
                  <TableCell>{company.city ?? "-"}</TableCell>
                  <TableCell>{company.org_number ?? "-"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <CompanyFormDialog open={isAdding} onOpenChange={setIsAdding} />
    </div>
  );
}
