import {
  LEGAL_DOCUMENT_STATUS_LABELS,
  LEGAL_DOCUMENT_STATUSES,
  type LegalDocumentStatus,
} from "@app/contracts";
import { FileText, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterChips } from "@/components/ui/filter-chips";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import type { LegalDocument } from "@/features/legal/api/legal-types";
import { DocumentCard } from "@/features/legal/components/document-card";
import { ALL, filterDocuments, sortByUpdatedDesc } from "@/features/legal/utils/filter-legal";

type StatusFilter = LegalDocumentStatus | typeof ALL;

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: ALL, label: "All" },
  ...LEGAL_DOCUMENT_STATUSES.map((status) => ({
    value: status,
    label: LEGAL_DOCUMENT_STATUS_LABELS[status],
  })),
];

export function DocumentLibrary({
  documents,
  isLoading = false,
}: {
  documents: LegalDocument[];
  isLoading?: boolean;
}) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>(ALL);
  const visible = sortByUpdatedDesc(filterDocuments(documents, { search, status }));

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Legal Documents"
        description="Agreements generated from templates, and where their signatures stand."
        actions={
          <Button asChild>
            <Link to="/app/legal/new">
              <Plus aria-hidden="true" />
              New Document
            </Link>
          </Button>
        }
      />
      <div className="grid gap-3">
        <SearchInput
          aria-label="Search documents"
          placeholder="Search documents..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="max-w-sm"
        />
        <FilterChips label="Status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
      </div>
      {isLoading ? (
        <Spinner label="Loading" />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No documents found"
          description="Try adjusting your search or filters"
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((document) => (
            <li key={document.id}>
              <DocumentCard document={document} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
