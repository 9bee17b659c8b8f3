import { Contact as ContactIcon, MicVocal, Plus } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterChips } from "@/components/ui/filter-chips";
import { Label } from "@/components/ui/label";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { SearchInput } from "@/components/ui/search-input";
import { SearchRegion } from "@/components/ui/search-region";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Contact } from "@/features/crm/api/crm-types";
import { useContactFacets } from "@/features/crm/api/list-contact-facets";
import { CONTACT_PAGE_SIZE, type ContactKind, useContacts } from "@/features/crm/api/list-contacts";
import { ContactFormDialog } from "@/features/crm/components/contact-form-dialog";
import { ReliabilityScore } from "@/features/crm/components/reliability-score";
import { CONTACT_WORDS } from "@/features/crm/utils/contact-words";
import { formatContactName } from "@/features/crm/utils/names";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { TALENT_FETCH_ERROR } from "@/lib/list-talent";
import { useSearchDraft } from "@/lib/use-search-draft";
import { useUrlState } from "@/lib/use-url-state";

const LIST_DEFAULTS = { q: "", role: "", genre: "", page: "1", show: "active" };
const SHOW_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "archived", label: "Archived" },
] as const;

/** The talent and contacts lists: search, role and genre filters, pages of 50, and the add dialog. */
export function ContactListScreen({ kind }: { kind: ContactKind }) {
  const words = CONTACT_WORDS[kind];
  const isTalent = kind === "talent";
  const [state, setState] = useUrlState(LIST_DEFAULTS);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const isArchived = state.show === "archived";
  const [isAdding, setIsAdding] = useState(false);
  const ids = { role: useId(), genre: useId() };

  const commitSearch = useCallback((q: string) => setState({ q, page: "1" }), [setState]);
  const [draft, setDraft, flushSearch] = useSearchDraft(state.q, commitSearch);

  const list = useContacts({ kind, search: state.q, role: state.role, genre: state.genre, page, isArchived });
  const facets = useContactFacets(kind);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = Boolean(state.q || state.role || state.genre || isArchived);
  const Icon = isTalent ? MicVocal : ContactIcon;
  const addButton = (variant: "default" | "secondary") => (
    <Button variant={variant} onClick={() => setIsAdding(true)}>
      <Plus aria-hidden="true" />
      {words.addTitle}
    </Button>
  );

  return (
    <div className="grid gap-6">
      <PageHeading
        title={words.title}
        description={
          isTalent
            ? "Songwriters, producers, vocalists and engineers in the roster."
            : "The people you work with at labels, publishers, venues and brands."
        }
        actions={addButton("default")}
      />
      <SearchRegion aria-label="Filter the list">
        <SearchInput
          className="w-full max-w-sm"
          aria-label={`Search ${isTalent ? "talent" : "contacts"}`}
          placeholder="Search by name, stage name or email..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={flushSearch}
        />
        <div className="grid gap-1">
          <Label htmlFor={ids.role}>Role</Label>
          <NativeSelect
            id={ids.role}
            className="w-44"
            value={state.role}
            onChange={(event) => setState({ role: event.target.value, page: "1" })}
          >
            <option value="">All roles</option>
            {(facets.data?.roles ?? []).map((role) => (
              <option key={role}>{role}</option>
            ))}
          </NativeSelect>
        </div>
        {isTalent ? (
          <div className="grid gap-1">
            <Label htmlFor={ids.genre}>Genre</Label>
            <NativeSelect
              id={ids.genre}
              className="w-44"
              value={state.genre}
              onChange={(event) => setState({ genre: event.target.value, page: "1" })}
            >
              <option value="">All genres</option>
              {(facets.data?.genres ?? []).map((genre) => (
                <option key={genre}>{genre}</option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <FilterChips
          label="Show"
          options={SHOW_OPTIONS}
          value={isArchived ? "archived" : "active"}
          onChange={(show) => setState({ show, page: "1" })}
        />
      </SearchRegion>

      {list.isPending ? (
        <LoadingStatus>Loading {isTalent ? "talent" : "contacts"}...</LoadingStatus>
      ) : rows.length === 0 ? (
        <>
          {list.isError ? (
            <p role="alert" className="text-error-text">
              {isTalent ? TALENT_FETCH_ERROR : "Failed to fetch contacts"}
            </p>
          ) : null}
          <EmptyState
            icon={Icon}
            title={words.emptyTitle}
            description={isFiltered ? "Try adjusting your search or filters." : words.emptyDescription}
          >
            {isFiltered ? null : addButton("secondary")}
          </EmptyState>
        </>
      ) : (
        <Card className="p-2" aria-busy={list.isFetching || undefined}>
          <Pager
            page={page}
            pageSize={CONTACT_PAGE_SIZE}
            rowsOnPage={rows.length}
            total={total}
            label={isTalent ? "talent" : "contacts"}
            onPageChange={(next) => setState({ page: String(next) })}
          />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Name</TableHead>
                <TableHead scope="col">Roles</TableHead>
                {isTalent ? (
                  <>
                    <TableHead scope="col">Genres</TableHead>
                    <TableHead scope="col">Location</TableHead>
                    <TableHead scope="col">Reliability</TableHead>
                  </>
                ) : (
                  <>
                    <TableHead scope="col">Company</TableHead>
                    <TableHead scope="col">Email</TableHead>
                    <TableHead scope="col">Phone</TableHead>
                  </>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((contact) => (
                <ContactRow
                  key={contact.id}
                  contact={contact}
                  isTalent={isTalent}
                  companyName={contact.company?.name}
                />
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <ContactFormDialog kind={kind} open={isAdding} onOpenChange={setIsAdding} />
    </div>
  );
}

type ContactRowProps = { contact: Contact; isTalent: boolean; companyName?: string };

function ContactRow({ contact, isTalent, companyName }: ContactRowProps) {
  const basePath = CONTACT_WORDS[isTalent ? "talent" : "industry"].basePath;
  return (
    <TableRow>
      <TableCell>
        <Link
          to={`${basePath}/${contact.id}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {formatContactName(contact)}
        </Link>
        {contact.stage_name ? (
          <span className="block text-xs text-muted-foreground">{contact.stage_name}</span>
        ) : null}
        {contact.archived_at ? <Badge className="mt-1">Archived</Badge> : null}
      </TableCell>
      <TableCell>
        <LimitedBadges items={contact.roles} limit={DISPLAY_LIMITS.rolesInList} noun="roles" />
      </TableCell>
      {isTalent ? (
        <>
          <TableCell>
            <LimitedBadges items={contact.genres} limit={DISPLAY_LIMITS.tags} noun="genres" />
          </TableCell>
          <TableCell>{contact.location ?? "-"}</TableCell>
          <TableCell>
            <ReliabilityScore score={contact.reliability_score} />
          </TableCell>
        </>
      ) : (
        <>
          <TableCell>{companyName ?? "-"}</TableCell>
          <TableCell>{contact.email ?? "-"}</TableCell>
          <TableCell>{contact.phone ?? "-"}</TableCell>
        </>
      )}
    </TableRow>
  );
}
