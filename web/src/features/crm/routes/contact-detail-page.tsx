import { BriefcaseBusiness } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { PageHeading } from "@/components/ui/page-heading";
import { useArchiveRecord } from "@/features/crm/api/archive-record";
import { useRecord } from "@/features/crm/api/get-record";
import { useCompanyNames } from "@/features/crm/api/list-companies";
import type { ContactKind } from "@/features/crm/api/list-contacts";
import { CalendarFeedCard } from "@/features/crm/components/calendar-feed-card";
import { ContactFormDialog } from "@/features/crm/components/contact-form-dialog";
import { Detail, DetailList } from "@/features/crm/components/detail-list";
import { PersonalDataActions } from "@/features/crm/components/personal-data-actions";
import { RecordActions } from "@/features/crm/components/record-actions";
import { BackLink, RecordLoading, RecordNotFound } from "@/features/crm/components/record-state";
import { RecordTimeline } from "@/features/crm/components/record-timeline";
import { ReliabilityScore } from "@/features/crm/components/reliability-score";
import { CONTACT_WORDS } from "@/features/crm/utils/contact-words";
import { formatContactName } from "@/features/crm/utils/names";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { formatRelativeTime } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function TalentDetailPage() {
  return <ContactRecordPage kind="talent" />;
}

export function ContactDetailPage() {
  return <ContactRecordPage kind="industry" />;
}

/** A talent's or contact's page: every field, edit, archive or restore, and its timeline. */
function ContactRecordPage({ kind }: { kind: ContactKind }) {
  const { id = "" } = useParams();
  const words = CONTACT_WORDS[kind];
  const record = useRecord("crm_contacts", id, `Failed to load the ${words.one}`);
  const archiving = useArchiveRecord("crm_contacts", words.one);
  const companyNames = useCompanyNames();
  const [isEditing, setIsEditing] = useState(false);
  const contact = record.data;
  const name = contact ? formatContactName(contact) : words.title;
  useDocumentTitle(name);

  const backLink = (
    <BackLink to={words.basePath} label={`All ${kind === "talent" ? "talent" : "contacts"}`} />
  );
  if (record.isPending) return <RecordLoading noun={words.one} />;
  if (!contact) {
    return (
      <div className="grid gap-6">
        {backLink}
        <PageHeading title={words.title} />
        <RecordNotFound noun={words.one} backTo={words.basePath} backLabel={`Back to ${words.title}`} />
      </div>
    );
  }
  const isTalent = contact.kind === "talent";
  const isArchived = contact.archived_at !== null;
  const strengths = Object.entries(contact.strengths ?? {});

  return (
    <div className="grid gap-6">
      {backLink}
      <PageHeading
        title={name}
        description={contact.stage_name ?? undefined}
        actions={
          <>
            <RecordActions
              isArchived={isArchived}
              isBusy={archiving.isPending}
              onEdit={() => setIsEditing(true)}
              onArchive={() => archiving.archive(contact)}
              onRestore={() => archiving.restore(contact)}
            />
            {isTalent ? (
              <Button asChild variant="outline">
                <Link to={`/app/portfolio/${contact.id}`}>
                  <BriefcaseBusiness aria-hidden="true" />
                  Portfolio
                </Link>
              </Button>
            ) : null}
            <PersonalDataActions name={name} email={contact.email} />
          </>
        }
      />
      {isArchived ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Badge>Archived</Badge>
          Archived {formatRelativeTime(contact.archived_at as string)}; restore it to list it again.
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardContent className="pt-6">
            <DetailList>
              <Detail label="Roles">
                {contact.roles.length > 0 ? (
                  <LimitedBadges items={contact.roles} limit={DISPLAY_LIMITS.rolesInHeader} noun="roles" />
                ) : null}
              </Detail>
              <Detail label="Company">
                {contact.company_id ? (
                  <Link
                    to={`/app/crm/companies/${contact.company_id}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {companyNames.get(contact.company_id) ?? "Company"}
                  </Link>
                ) : null}
              </Detail>
              <Detail label="Email">
                {contact.email ? (
                  <a
                    href={`mailto:${contact.email}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {contact.email}
                  </a>
                ) : null}
              </Detail>
              <Detail label="Phone">{contact.phone}</Detail>
              <Detail label="Location">{contact.location}</Detail>
              {isTalent ? (
                <>
                  <Detail label="Reliability score">
                    {contact.reliability_score === null ? null : (
                      <ReliabilityScore score={contact.reliability_score} />
                    )}
                  </Detail>
                  <Detail label="Genres">{contact.genres.join(", ")}</Detail>
                  <Detail label="Languages">{contact.languages.join(", ")}</Detail>
                  <Detail label="Strengths">
                    {strengths.length === 0 ? null : (
                      <ul className="grid gap-1">
                        {strengths.map(([skill, score]) => (
                          <li key={skill} className="flex justify-between gap-4">
                            <span>{skill}</span>
                            <span className="text-muted-foreground">{score}/10</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </Detail>
                  <Detail label="Society (PRO)">{contact.pro_society}</Detail>
                  <Detail label="IPI name number">{contact.ipi}</Detail>
                </>
              ) : null}
              <Detail label="Last activity">
                {contact.last_activity_at ? formatRelativeTime(contact.last_activity_at) : "None yet"}
              </Detail>
              <Detail label="Notes" wide>
                {contact.notes ? <p className="whitespace-pre-line">{contact.notes}</p> : null}
              </Detail>
            </DetailList>
          </CardContent>
        </Card>
        <RecordTimeline recordType="crm_contacts" recordId={contact.id} />
      </div>
      {isArchived ? null : <CalendarFeedCard contactId={contact.id} name={name} />}
      <ContactFormDialog
        kind={contact.kind}
        open={isEditing}
        onOpenChange={setIsEditing}
        contact={contact}
        onReload={async () => (await record.refetch()).data}
      />
    </div>
  );
}
