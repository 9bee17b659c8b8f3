import { History } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { SearchRegion } from "@/components/ui/search-region";
import { ACTIVITY_PAGE_SIZE, type ActorFilter, useActivity } from "@/features/crm/api/list-activity";
import { hasName, useRecordNames } from "@/features/crm/api/lookup-record-names";
import { ActivityEntry } from "@/features/crm/components/activity-entry";
import { TeamActivityList } from "@/features/crm/components/team-activity-list";
import { RECORD_TYPE_LABELS } from "@/features/crm/utils/describe-activity";
import { useAuth, useCurrentUserId, useIsAdmin } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUrlState } from "@/lib/use-url-state";

const FILTER_DEFAULTS = { type: "", person: "anyone", page: "1" };
const RECORD_TYPES = Object.entries(RECORD_TYPE_LABELS);
/** The record type that shows team changes (from the audit log) instead of the CRM timeline. */
const TEAM_TYPE = "team";

/**
 * The person filter: changes anyone made, the signed-in person's own, a server-side integration's (the
 * service key), or those no one made (the seed).
 */
function toActorFilter(person: string, currentUserId: string | null): ActorFilter {
  if (person === "me" && currentUserId) return { kind: "person", id: currentUserId };
  if (person === "service") return { kind: "service" };
  if (person === "nobody") return { kind: "nobody" };
  return { kind: "anyone" };
}

/**
 * The whole CRM timeline, newest first, by record type and person, a page at a time. Administrators also
 * find the team's changes here (invitations, roles, bans, removed factors) under the record type Team.
 */
export function ActivityPage() {
  useDocumentTitle("Activity");
  const [state, setState] = useUrlState(FILTER_DEFAULTS);
  const currentUserId = useCurrentUserId();
  const currentUserEmail = useAuth().user?.email ?? null;
  const isAdmin = useIsAdmin();
  const isTeam = isAdmin && state.type === TEAM_TYPE;
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const activity = useActivity(
    { recordType: state.type || undefined, actor: toActorFilter(state.person, currentUserId), page },
    { enabled: !isTeam },
  );
  const rows = activity.data?.rows ?? [];
  const { names, isLoading: isNaming } = useRecordNames(rows);
  const ids = { type: useId(), person: useId() };
  const isFiltered = state.type !== "" || state.person !== "anyone";

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Activity"
        description={
          isAdmin
            ? "Every change to the CRM and the team, newest first."
            : "Every change to the CRM, newest first."
        }
      />
      <SearchRegion aria-label="Filter the timeline">
        <div className="grid gap-1">
          <Label htmlFor={ids.type}>Record type</Label>
          <NativeSelect
            id={ids.type}
            className="w-56"
            value={state.type}
            onChange={(event) => setState({ type: event.target.value, page: "1" })}
          >
            <option value="">All records</option>
            {RECORD_TYPES.map(([type, label]) => (
              <option key={type} value={type}>
                {label.many}
              </option>
            ))}
            {isAdmin ? <option value={TEAM_TYPE}>Team</option> : null}
          </NativeSelect>
        </div>
        {/* The person filter picks CRM authors by id; each team change names its author instead. */}
        {isTeam ? null : (
          <div className="grid gap-1">
            <Label htmlFor={ids.person}>Person</Label>
            <NativeSelect
              id={ids.person}
              className="w-56"
              value={state.person}
              onChange={(event) => setState({ person: event.target.value, page: "1" })}
            >
              <option value="anyone">Anyone</option>
              <option value="me">You</option>
              <option value="service">An integration (service key)</option>
              <option value="nobody">No one (imported)</option>
            </NativeSelect>
          </div>
        )}
      </SearchRegion>
      {isTeam ? (
        <TeamActivityList
          page={page}
          currentUserEmail={currentUserEmail}
          onPageChange={(next) => setState({ page: String(next) })}
        />
      ) : activity.isPending ? (
        <LoadingStatus>Loading activity...</LoadingStatus>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={History}
          title="No activity found"
          description={
            isFiltered
              ? "Try adjusting your filters."
              : "Changes to talent, contacts, companies, deals and briefs appear here."
          }
        />
      ) : (
        <Card className="grid gap-2 p-2" aria-busy={activity.isFetching || undefined}>
          <Pager
            page={page}
            pageSize={ACTIVITY_PAGE_SIZE}
            rowsOnPage={rows.length}
            total={activity.data?.total ?? 0}
            label="activity"
            onPageChange={(next) => setState({ page: String(next) })}
          />
          <ol className="grid gap-3 px-3 pb-3" aria-label="Activity">
            {rows.map((row) => {
              const record = names.get(row.record_id);
              const noun = RECORD_TYPE_LABELS[row.record_type]?.one ?? row.record_type;
              return (
                <ActivityEntry
                  key={row.id}
                  activity={row}
                  currentUserId={currentUserId}
                  subject={
                    record ? (
                      <>
                        {noun}{" "}
                        <Link to={record.href} className="text-primary underline underline-offset-4">
                          {record.name}
                        </Link>
                      </>
                    ) : isNaming || !hasName(row.record_type) ? (
                      noun
                    ) : (
                      `a ${noun} that no longer exists`
                    )
                  }
                />
              );
            })}
          </ol>
        </Card>
      )}
    </div>
  );
}
