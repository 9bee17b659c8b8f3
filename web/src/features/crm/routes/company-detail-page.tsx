import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useArchiveRecord } from "@/features/crm/api/archive-record";
import type { Deal } from "@/features/crm/api/crm-types";
import { useRecord } from "@/features/crm/api/get-record";
import { useCompanyContacts } from "@/features/crm/api/list-contacts";
import { useDeals } from "@/features/crm/api/list-deals";
import { CompanyFormDialog } from "@/features/crm/components/company-form-dialog";
import { ContactFormDialog } from "@/features/crm/components/contact-form-dialog";
import { DealFormDialog } from "@/features/crm/components/deal-form-dialog";
import { Detail, DetailList } from "@/features/crm/components/detail-list";
import { RecordActions } from "@/features/crm/components/record-actions";
import { BackLink, RecordLoading, RecordNotFound } from "@/features/crm/components/record-state";
import { RecordTimeline } from "@/features/crm/components/record-timeline";
import { DEAL_STAGE_LABELS } from "@/features/crm/utils/board-columns";
import { COMPANY_KIND_LABELS } from "@/features/crm/utils/company-form";
import { CONTACT_WORDS } from "@/features/crm/utils/contact-words";
import { formatContactName } from "@/features/crm/utils/names";
import { formatSek } from "@/lib/format";
import { safeHref } from "@/lib/safe-href";
import { useDocumentTitle } from "@/lib/use-document-title";

/** A company's page: its details, the people there, its deals and its timeline. */
export function CompanyDetailPage() {
  const { id = "" } = useParams();
  const record = useRecord("crm_companies", id, "Failed to load the company");
  const archiving = useArchiveRecord("crm_companies", "company");
  const contacts = useCompanyContacts(id);
  const deals = useDeals({ companyId: id });
  const [dialog, setDialog] = useState<"edit" | "contact" | { deal: Deal | null } | null>(null);
  const company = record.data;
  useDocumentTitle(company?.name ?? "Company");
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const backLink = <BackLink to="/app/crm/companies" label="All companies" />;
  if (record.isPending) return <RecordLoading noun="company" />;
  if (!company) {
    return (
      <div className="grid gap-6">
        {backLink}
        <PageHeading title="Company" />
        <RecordNotFound noun="company" backTo="/app/crm/companies" backLabel="Back to Companies" />
      </div>
    );
  }
  const isArchived = company.archived_at !== null;
  const websiteHref = safeHref(company.website);
  const people = contacts.data?.rows ?? [];
  const companyDeals = deals.data?.rows ?? [];
  const dealDialog = typeof dialog === "object" && dialog !== null ? dialog : null;

  return (
    <div className="grid gap-6">
      {backLink}
      <PageHeading
        title={company.name}
        description={COMPANY_KIND_LABELS[company.kind]}
        actions={
          <RecordActions
            isArchived={isArchived}
            isBusy={archiving.isPending}
            onEdit={() => setDialog("edit")}
            onArchive={() => archiving.archive(company)}
            onRestore={() => archiving.restore(company)}
          />
        }
      />
      {isArchived ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Badge>Archived</Badge>
          Restore it to list it again.
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="grid content-start gap-6">
          <Card>
            <CardContent className="pt-6">
              <DetailList>
                <Detail label="City">{company.city}</Detail>
                <Detail label="Organisation number">{company.org_number}</Detail>
                <Detail label="Website" wide>
                  {websiteHref ? (
                    <a
                      href={websiteHref}
                      target="_blank"
                      rel="noreferrer"
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {company.website}
                    </a>
                  ) : (
                    // Not a web address (stored before the rule): shown as text, so staff can see and fix it.
                    company.website
                  )}
                </Detail>
                <Detail label="Notes" wide>
                  {company.notes ? <p className="whitespace-pre-line">{company.notes}</p> : null}
                </Detail>
              </DetailList>
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle as="h2">Contacts</CardTitle>
              <Button variant="secondary" size="sm" onClick={() => setDialog("contact")}>
                <Plus aria-hidden="true" />
                New Contact
              </Button>
            </CardHeader>
            <CardContent>
              {people.length === 0 ? (
                <p className="text-sm text-muted-foreground">No contacts at this company yet.</p>
              ) : (
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead scope="col">Name</TableHead>
                      <TableHead scope="col">Email</TableHead>
                      <TableHead scope="col">Phone</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {people.map((person) => (
                      <TableRow key={person.id}>
                        <TableCell>
                          <Link
                            to={`${CONTACT_WORDS[person.kind].basePath}/${person.id}`}
                            className="font-medium text-primary underline-offset-4 hover:underline"
                          >
                            {formatContactName(person)}
                          </Link>
                        </TableCell>
                        <TableCell>{person.email ?? "-"}</TableCell>
                        <TableCell>{person.phone ?? "-"}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle as="h2">Deals</CardTitle>
              <Button variant="secondary" size="sm" onClick={() => setDialog({ deal: null })}>
                <Plus aria-hidden="true" />
                New Deal
              </Button>
            </CardHeader>
            <CardContent>
              {companyDeals.length === 0 ? (
                <p className="text-sm text-muted-foreground">No deals with this company yet.</p>
              ) : (
                <ul className="grid gap-2">
                  {companyDeals.map((deal) => (
                    <li key={deal.id} className="flex flex-wrap items-center justify-between gap-2">
                      <Button
                        variant="link"
                        className="h-auto! min-w-0 p-0! text-left whitespace-normal! wrap-anywhere"
                        onClick={() => setDialog({ deal })}
                      >
                        {deal.title}
                      </Button>
                      <span className="flex items-center gap-2 text-sm text-muted-foreground">
                        <Badge>{DEAL_STAGE_LABELS[deal.stage]}</Badge>
                        {formatSek(deal.value_sek)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
        <RecordTimeline recordType="crm_companies" recordId={company.id} />
      </div>
      <CompanyFormDialog
        open={dialog === "edit"}
        onOpenChange={closeDialog}
        company={company}
        onReload={async () => (await record.refetch()).data}
      />
      <ContactFormDialog
        kind="industry"
        open={dialog === "contact"}
        onOpenChange={closeDialog}
        defaults={{ company_id: company.id }}
      />
      <DealFormDialog
        open={dealDialog !== null}
        onOpenChange={closeDialog}
        deal={dealDialog?.deal}
        defaults={{ company_id: company.id }}
        onReload={async () => {
          const fresh = (await deals.refetch()).data?.rows.find((row) => row.id === dealDialog?.deal?.id);
          if (fresh) setDialog({ deal: fresh });
          return fresh;
        }}
      />
    </div>
  );
}
