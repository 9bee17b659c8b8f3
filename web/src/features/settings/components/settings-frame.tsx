import type * as React from "react";
import { SettingsNav } from "@/components/settings-nav";
import { PageHeading } from "@/components/ui/page-heading";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The heading, the settings sub-navigation and the page's sections, one column wide. */
export function SettingsFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeading title={title} description={description} />
      <SettingsNav />
      {children}
    </div>
  );
}
