import {
  LEGAL_DOCUMENT_STATUS_LABELS,
  LEGAL_DOCUMENT_STATUSES,
  type LegalDocumentStatus,
} from "@app/contracts";
import { FileText } from "lucide-react";
import { useState } from "react";
import type { ListedDocument } from "@/features/legal/api/legal-types";
import { CardLibrary } from "@/features/legal/components/card-library";
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
  documents: ListedDocument[];
  isLoading?: boolean;
}) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>(ALL);

  return (
    <CardLibrary
      title="Legal Documents"
      description="Agreements generated from templates, and where their signatures stand."
      create={{ to: "/app/legal/new", label: "New Document" }}
      noun="documents"
      search={search}
      onSearchChange={setSearch}
      filter={{ label: "Status", options: STATUS_OPTIONS, value: status, onChange: setStatus }}
      visible={sortByUpdatedDesc(filterDocuments(documents, { search, status }))}
      isLoading={isLoading}
      emptyIcon={FileText}
      renderCard={(document) => <DocumentCard document={document} />}
    />
  );
}
