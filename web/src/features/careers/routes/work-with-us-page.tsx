import { PUBLIC_PAGES } from "@app/contracts";
import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApplicationForm } from "@/features/careers/components/application-form";
import { OpportunitiesList } from "@/features/careers/components/opportunities-list";
import { usePublicPageMeta } from "@/lib/use-document-title";

type Tab = "opportunities" | "apply";

export function WorkWithUsPage() {
  usePublicPageMeta(PUBLIC_PAGES.workWithUs);
  const [tab, setTab] = useState<Tab>("opportunities");
  const [chosenRole, setChosenRole] = useState("");

  const applyFor = (role: string) => {
    setChosenRole(role);
    setTab("apply");
  };

  return (
    <>
      <PageHeader eyebrow="Careers" title="Work With Us">
        We are always looking for producers, visual artists, event people and engineers who care about the
        craft.
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 pb-16">
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="opportunities">Opportunities</TabsTrigger>
            <TabsTrigger value="apply">Apply Now</TabsTrigger>
          </TabsList>
          <TabsContent value="opportunities">
            <OpportunitiesList onApply={applyFor} />
          </TabsContent>
          <TabsContent value="apply" forceMount className="data-[state=inactive]:hidden">
            <Card>
              <CardHeader>
                <CardTitle as="h2">Apply Now</CardTitle>
                <CardDescription>
                  Fields marked optional can be left empty. Everything else is required.
                </CardDescription>
              </CardHeader>
              <CardContent>
                {/* Keyed so choosing a role from a card pre-fills a fresh form. */}
                <ApplicationForm key={chosenRole} initialRole={chosenRole} />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
