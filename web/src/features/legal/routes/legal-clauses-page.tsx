import { useNavigate } from "react-router-dom";
import { useLegalClauses } from "@/features/legal/api/legal-queries";
import { ClauseFormDialog } from "@/features/legal/components/clause-form-dialog";
import { ClauseLibrary } from "@/features/legal/components/clause-library";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUrlState } from "@/lib/use-url-state";

const URL_DEFAULTS = { q: "" };

/** The clause library; at /app/legal/clauses/new it opens with the New Clause dialog. */
export function LegalClausesPage({ isCreating = false }: { isCreating?: boolean }) {
  useDocumentTitle(isCreating ? "New Clause" : "Legal Clauses");
  const navigate = useNavigate();
  const [state, setState] = useUrlState(URL_DEFAULTS);
  const clauses = useLegalClauses(state.q);
  return (
    <>
      <ClauseLibrary
        clauses={clauses.data ?? []}
        isLoading={clauses.isPending}
        search={state.q}
        onSearchChange={(q) => setState({ q })}
        onNewClause={() => navigate("/app/legal/clauses/new")}
      />
      <ClauseFormDialog
        open={isCreating}
        onOpenChange={(open) => (open ? null : navigate("/app/legal/clauses"))}
      />
    </>
  );
}

export function LegalNewClausePage() {
  return <LegalClausesPage isCreating />;
}
