import { weekStart } from "@app/contracts/stockholm-time";
import { CalendarPlus, Plus, UserRoundSearch, UsersRound, X } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { useAvailableTalent } from "@/features/crm/api/list-available-talent";
import type { TeamMember } from "@/features/crm/api/studio-sessions";
import { SessionFormDialog } from "@/features/crm/components/session-form-dialog";
import { formatContactName } from "@/features/crm/utils/names";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSearchDraft } from "@/lib/use-search-draft";
import { useUrlState } from "@/lib/use-url-state";

const URL_DEFAULTS = { q: "" };

/** Pick talent into a team, then book them into a session in one go. */
export function TalentMatchingPage() {
  useDocumentTitle("Talent Matching");
  const navigate = useNavigate();
  const [state, setState] = useUrlState(URL_DEFAULTS);
  const [draft, setDraft, flushSearch] = useSearchDraft(state.q, (q) => setState({ q }));
  const [team, setTeam] = useState<TeamMember[]>([]);
  const [isBooking, setIsBooking] = useState(false);
  const talent = useAvailableTalent(state.q);
  const searchId = useId();
  const onTeam = new Set(team.map((member) => member.id));
  const available = (talent.data?.rows ?? []).filter((person) => !onTeam.has(person.id));
  const more = (talent.data?.total ?? 0) - (talent.data?.rows.length ?? 0);

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Talent Matching"
        description="Pick talent for a brief and book them into a session."
        actions={
          // Nothing to book until a team is selected.
          <Button disabled={team.length === 0} onClick={() => setIsBooking(true)}>
            <CalendarPlus aria-hidden="true" />
            Create Session
          </Button>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Available Talent</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="grid gap-2">
              <Label htmlFor={searchId}>Search talent</Label>
              <SearchInput
                id={searchId}
                placeholder="Name, stage name or email"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onBlur={flushSearch}
              />
            </div>
            {talent.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                Loading...
              </p>
            ) : available.length === 0 ? (
              <EmptyState
                icon={UserRoundSearch}
                title="No Available Talent"
                description={
                  state.q ? "No talent matches this search." : "Talent you add to the CRM appears here."
                }
              />
            ) : (
              <ul className="grid gap-2" aria-label="Available talent">
                {available.map((person) => (
                  <li key={person.id} className="flex items-center justify-between gap-2 text-sm">
                    <span className="grid">
                      <span className="font-medium">{formatContactName(person)}</span>
                      <span className="text-muted-foreground">
                        {[person.stage_name, ...(person.roles ?? [])].filter(Boolean).join(" · ")}
                      </span>
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Add ${formatContactName(person)} to the team`}
                      onClick={() => setTeam([...team, { id: person.id, name: formatContactName(person) }])}
                    >
                      <Plus aria-hidden="true" />
                      Add
                    </Button>
                  </li>
                ))}
                {more > 0 ? (
                  <li className="text-sm text-muted-foreground">And {more} more: narrow the search.</li>
                ) : null}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Selected Team</CardTitle>
          </CardHeader>
          <CardContent>
            {team.length === 0 ? (
              <EmptyState
                icon={UsersRound}
                title="No team members selected"
                description="Choose talent from the list to build a team."
              />
            ) : (
              <ul className="grid gap-2" aria-label="Selected team">
                {team.map((member) => (
                  <li key={member.id} className="flex items-center justify-between gap-2 text-sm">
                    <span className="font-medium">{member.name}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${member.name} from the team`}
                      onClick={() => setTeam(team.filter((m) => m.id !== member.id))}
                    >
                      <X aria-hidden="true" />
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <SessionFormDialog
        open={isBooking}
        onOpenChange={setIsBooking}
        initialTeam={team}
        onBooked={(booked) => {
          setTeam([]);
          navigate(`/app/crm/sessions?week=${weekStart(booked.starts_at)}`);
        }}
      />
    </div>
  );
}
