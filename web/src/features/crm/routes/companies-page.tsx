import { Building2, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { SAMPLE_CRM } from "@/features/crm/data/sample-crm";
import { useDocumentTitle } from "@/lib/use-document-title";

export function CompaniesPage() {
  useDocumentTitle("Companies");
  const { companies } = SAMPLE_CRM;
  const addCompany = () => console.info("Add company: not built yet");

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
      {companies.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No Companies Found"
          description="Add the labels, publishers and partners you work with."
        >
          <Button variant="secondary" onClick={addCompany}>
            <Plus aria-hidden="true" />
            Add Company
          </Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {companies.map((company) => (
            <li key={company.id}>
              <Card className="p-4">
                <p className="font-semibold">{company.name}</p>
                <p className="text-sm text-muted-foreground">{company.kind}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
