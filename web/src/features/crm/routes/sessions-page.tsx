import { CalendarDays, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SAMPLE_CRM } from "@/features/crm/data/sample-crm";
import { formatRelativeTime } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function SessionsPage() {
  useDocumentTitle("Sessions");
  const { sessions } = SAMPLE_CRM;
  const bookSession = () => console.info("Book session: not built yet");

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Sessions"
        description="Studio and writing sessions."
        actions={
          <Button onClick={bookSession}>
            <Plus aria-hidden="true" />
            New Session
          </Button>
        }
      />
      <Tabs defaultValue="list">
        <TabsList>
          {/* The calendar is not built yet; the tab says so instead of opening an empty panel. */}
          <TabsTrigger value="calendar" disabled>
            Calendar (coming soon)
          </TabsTrigger>
          <TabsTrigger value="list">List</TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          {sessions.length === 0 ? (
            <EmptyState
              icon={CalendarDays}
              title="No Sessions Found"
              description="Book a studio or writing session to see it here."
            >
              <Button variant="secondary" onClick={bookSession}>
                <Plus aria-hidden="true" />
                Book Session
              </Button>
            </EmptyState>
          ) : (
            <ul className="grid gap-3">
              {sessions.map((session) => (
                <li key={session.id}>
                  <Card className="p-4">
                    <p className="font-semibold">{session.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatRelativeTime(session.starts_at)} · {session.studio}
                    </p>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
