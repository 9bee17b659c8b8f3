import { LEGAL_TEMPLATE_CATEGORIES, type LegalTemplateCategory } from "@app/contracts";
import { FileStack } from "lucide-react";
import { useState } from "react";
import type { LegalTemplate } from "@/features/legal/api/legal-types";
import { CardLibrary } from "@/features/legal/components/card-library";
import { TemplateCard } from "@/features/legal/components/template-card";
import { ALL, filterTemplates } from "@/features/legal/utils/filter-legal";

type CategoryFilter = LegalTemplateCategory | typeof ALL;

const CATEGORY_OPTIONS: { value: CategoryFilter; label: string }[] = [
  { value: ALL, label: "All" },
  ...LEGAL_TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: category })),
];

export function TemplateLibrary({
  templates,
  isLoading = false,
}: {
  templates: LegalTemplate[];
  isLoading?: boolean;
}) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<CategoryFilter>(ALL);

  return (
    <CardLibrary
      title="Legal Templates"
      description="Reusable agreements with fill-in variables."
      create={{ to: "/app/legal/templates/new", label: "New Template" }}
      noun="templates"
      search={search}
      onSearchChange={setSearch}
      filter={{ label: "Category", options: CATEGORY_OPTIONS, value: category, onChange: setCategory }}
      visible={filterTemplates(templates, { search, category })}
      isLoading={isLoading}
      emptyIcon={FileStack}
      renderCard={(template) => <TemplateCard template={template} />}
    />
  );
}
