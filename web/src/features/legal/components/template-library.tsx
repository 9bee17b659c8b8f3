import { LEGAL_TEMPLATE_CATEGORIES, type LegalTemplateCategory } from "@app/contracts";
import { FileStack, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterChips } from "@/components/ui/filter-chips";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import type { LegalTemplate } from "@/features/legal/api/legal-types";
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
  const visible = filterTemplates(templates, { search, category });

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Legal Templates"
        description="Reusable agreements with fill-in variables."
        actions={
          <Button asChild>
            <Link to="/app/legal/templates/new">
              <Plus aria-hidden="true" />
              New Template
            </Link>
          </Button>
        }
      />
      <div className="grid gap-3">
        <SearchInput
          aria-label="Search templates"
          placeholder="Search templates..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="max-w-sm"
        />
        <FilterChips label="Category" options={CATEGORY_OPTIONS} value={category} onChange={setCategory} />
      </div>
      {isLoading ? (
        <Spinner label="Loading" />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={FileStack}
          title="No templates found"
          description="Try adjusting your search or filters"
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((template) => (
            <li key={template.id}>
              <TemplateCard template={template} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
