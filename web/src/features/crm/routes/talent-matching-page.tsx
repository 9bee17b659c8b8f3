import { CalendarPlus, UserRoundSearch, UsersRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { useDocumentTitle } from "@/lib/use-document-title";

export function TalentMatchingPage() {
  useDocumentTitle("Talent Matching");
  return (
    <div className="grid gap-6">
      <PageHeading
        title="Talent Matching"
        description="Pick talent for a brief and book them into a session."
        actions={
          // Nothing to book until a team is selected.
          <Button disabled>
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
          <CardContent>
            <EmptyState
              icon={UserRoundSearch}
              title="No Available Talent"
              description="Talent matching a brief will appear here."
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Selected Team</CardTitle>
          </CardHeader>
          <CardContent>
            <EmptyState
              icon={UsersRound}
              title="No team members selected"
              description="Choose talent from the list to build a team."
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
