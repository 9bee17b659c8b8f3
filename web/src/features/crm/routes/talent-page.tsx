import { MicVocal, Plus } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { useTalentList } from "@/lib/list-talent";
import { useDocumentTitle } from "@/lib/use-document-title";

export function TalentPage() {
  useDocumentTitle("Talent");
  const { talents, total, isPending, error } = useTalentList();
  const addTalent = () => console.info("Add talent: not built yet");

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Talent"
        description="Songwriters, producers, vocalists and engineers in the roster."
        actions={
          <Button onClick={addTalent}>
            <Plus aria-hidden="true" />
            Add Talent
          </Button>
        }
      />
      {isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          Loading talent...
        </p>
      ) : talents.length === 0 ? (
        <>
          {error ? (
            <p role="alert" className="text-error-text">
              {error}
            </p>
          ) : null}
          <EmptyState
            icon={MicVocal}
            title="No Talent Found"
            description="Add talent to start building the roster."
          >
            <Button variant="secondary" onClick={addTalent}>
              <Plus aria-hidden="true" />
              Add Talent
            </Button>
          </EmptyState>
        </>
      ) : (
        <Card className="p-2">
          <p className="px-3 pt-2 text-sm text-muted-foreground" aria-live="polite">
            Showing {talents.length} of {total} talents
          </p>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Name</TableHead>
                <TableHead scope="col">Roles</TableHead>
                <TableHead scope="col">Genres</TableHead>
                <TableHead scope="col">Location</TableHead>
                <TableHead scope="col">Reliability</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {talents.map((talent) => (
                <TableRow key={talent.id}>
                  <TableCell>
                    <Link
                      to={`/app/portfolio/${talent.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {talent.first_name} {talent.last_name}
                    </Link>
                    {talent.stage_name ? (
                      <span className="block text-xs text-muted-foreground">{talent.stage_name}</span>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <LimitedBadges items={talent.roles} limit={DISPLAY_LIMITS.rolesInList} noun="roles" />
                  </TableCell>
                  <TableCell>
                    <LimitedBadges items={talent.genres} limit={DISPLAY_LIMITS.tags} noun="genres" />
                  </TableCell>
                  <TableCell>{talent.location ?? "-"}</TableCell>
                  <TableCell>
                    {talent.reliability_score === null ? "-" : `${talent.reliability_score}/10`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </div>
  );
}
