import type { LucideIcon } from "lucide-react";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterChips } from "@/components/ui/filter-chips";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";

type CardLibraryProps<T extends { id: string }, F extends string> = {
  title: string;
  description: string;
  /** The heading's action: where a new one is made, and the button's words. */
  create: { to: string; label: string };
  /** What the search box searches, for its label and placeholder ("documents"). */
  noun: string;
  search: string;
  onSearchChange(search: string): void;
  filter: {
    label: string;
    options: readonly { value: F; label: string }[];
    value: NoInfer<F>;
    onChange(value: NoInfer<F>): void;
  };
  /** The items left after the search and the filter, in the order shown. */
  visible: T[];
  isLoading: boolean;
  emptyIcon: LucideIcon;
  renderCard(item: T): ReactNode;
};

/** A legal library screen: its heading, a search box and filter chips over a grid of cards. */
export function CardLibrary<T extends { id: string }, F extends string>({
  title,
  description,
  create,
  noun,
  search,
  onSearchChange,
  filter,
  visible,
  isLoading,
  emptyIcon,
  renderCard,
}: CardLibraryProps<T, F>) {
  return (
    <div className="grid gap-6">
      <PageHeading
        title={title}
        description={description}
        actions={
          <Button asChild>
            <Link to={create.to}>
              <Plus aria-hidden="true" />
              {create.label}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-3">
        <SearchInput
          aria-label={`Search ${noun}`}
          placeholder={`Search ${noun}...`}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="max-w-sm"
        />
        <FilterChips {...filter} />
      </div>
      {isLoading ? (
        <Spinner label="Loading" />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={emptyIcon}
          title={`No ${noun} found`}
          description="Try adjusting your search or filters"
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((item) => (
            <li key={item.id}>{renderCard(item)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
