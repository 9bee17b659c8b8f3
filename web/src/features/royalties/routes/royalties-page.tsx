import { PageHeading } from "@/components/ui/page-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CatalogueTab } from "@/features/royalties/components/catalogue-tab";
import { CwrTab } from "@/features/royalties/components/cwr-tab";
import { ImportsTab } from "@/features/royalties/components/imports-tab";
import { PayeesTab } from "@/features/royalties/components/payees-tab";
import { PeriodsTab } from "@/features/royalties/components/periods-tab";
import { SourcesTab } from "@/features/royalties/components/sources-tab";
import { StatementsTab } from "@/features/royalties/components/statements-tab";
import { UnmatchedTab } from "@/features/royalties/components/unmatched-tab";
import { useDocumentTitle } from "@/lib/use-document-title";

export function RoyaltiesPage() {
  useDocumentTitle("Royalties");
  return (
    <div className="grid gap-6">
      <PageHeading
        title="Royalties"
        description="Statements in, lines matched to the catalogue, periods closed into each payee's statement, works registered with the societies."
      />
      <Tabs defaultValue="imports">
        <div className="max-w-full overflow-x-auto">
          <TabsList>
            <TabsTrigger value="imports">Imports</TabsTrigger>
            <TabsTrigger value="unmatched">Unmatched</TabsTrigger>
            <TabsTrigger value="periods">Periods</TabsTrigger>
            <TabsTrigger value="payees">Payees</TabsTrigger>
            <TabsTrigger value="statements">Statements</TabsTrigger>
            <TabsTrigger value="catalogue">Catalogue</TabsTrigger>
            <TabsTrigger value="cwr">CWR</TabsTrigger>
            <TabsTrigger value="sources">Sources</TabsTrigger>
          </TabsList>
        </div>
        {/* A tab reads its data only while it is shown: its content mounts with it. */}
        <TabsContent value="imports">
          <ImportsTab />
        </TabsContent>
        <TabsContent value="unmatched">
          <UnmatchedTab />
        </TabsContent>
        <TabsContent value="periods">
          <PeriodsTab />
        </TabsContent>
        <TabsContent value="payees">
          <PayeesTab />
        </TabsContent>
        <TabsContent value="statements">
          <StatementsTab />
        </TabsContent>
        <TabsContent value="catalogue">
          <CatalogueTab />
        </TabsContent>
        <TabsContent value="cwr">
          <CwrTab />
        </TabsContent>
        <TabsContent value="sources">
          <SourcesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
