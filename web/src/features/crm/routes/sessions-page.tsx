import { CalendarDays, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Sessions are not stored yet: the list is the spec's empty state until they are. */
export function SessionsPage() {
  useDocumentTitle("Sessions");
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
        </TabsContent>
      </Tabs>
    </div>
  );
}
