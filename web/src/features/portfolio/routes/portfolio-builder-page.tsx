import { UserRoundSearch } from "lucide-react";
import { useParams } from "react-router-dom";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PortfolioWorks } from "@/features/portfolio/components/portfolio-works";
import { TalentHeader } from "@/features/portfolio/components/talent-header";
import { TalentListPanel } from "@/features/portfolio/components/talent-list-panel";
import { TalentProfile } from "@/features/portfolio/components/talent-profile";
import { useTalentList } from "@/lib/list-talent";
import { useDocumentTitle } from "@/lib/use-document-title";

export function PortfolioBuilderPage() {
  useDocumentTitle("Portfolio Builder");
  const { talentId } = useParams();
  const { talents, isPending } = useTalentList();
  // Without a parameter the first talent is shown; with one, exactly that talent.
  const selected = talentId ? talents.find((talent) => talent.id === talentId) : talents[0];

  return (
    <div className="grid gap-6">
      <PageHeading title="Portfolio Builder" description="Showcase each talent's works and profile." />
      {isPending ? (
        <LoadingStatus>Loading talent...</LoadingStatus>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
          <TalentListPanel talents={talents} selectedId={selected?.id ?? null} />
          {selected ? (
            <section aria-label="Selected talent" className="grid gap-4">
              <TalentHeader talent={selected} />
              <Tabs defaultValue="portfolio" key={selected.id}>
                <TabsList>
                  <TabsTrigger value="portfolio">Portfolio</TabsTrigger>
                  <TabsTrigger value="profile">Profile</TabsTrigger>
                </TabsList>
                <TabsContent value="portfolio">
                  {/* The builder is the owner's own view, so editing is on. */}
                  <PortfolioWorks talentId={selected.id} isOwner />
                </TabsContent>
                <TabsContent value="profile">
                  <TalentProfile talent={selected} />
                </TabsContent>
              </Tabs>
            </section>
          ) : (
            <EmptyState
              icon={UserRoundSearch}
              title="No talents found"
              description={
                talentId ? "This talent is not in the list." : "Add talent in the CRM to build a portfolio."
              }
            />
          )}
        </div>
      )}
    </div>
  );
}
