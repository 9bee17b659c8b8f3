import type { LegalTemplateCategory, LegalVariable } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { LEGAL_WRITE_INVALIDATES } from "@/features/legal/api/legal-keys";
import type { LegalClauseInsert, LegalDocument, LegalDocumentInsert } from "@/features/legal/api/legal-types";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import {
  deleteRow,
  insertRow,
  type RowVersion,
  type TableInsert,
  type TableUpdate,
  updateRow,
  type VersionedChange,
} from "@/lib/table-writes";

type Messages = { successMessage: string; errorMessage: string };
type LegalTable = "legal_documents" | "legal_templates" | "legal_clauses";
const meta = (messages: Messages) => ({ ...messages, invalidates: LEGAL_WRITE_INVALIDATES });

export function useCreateDocument() {
  return useMutation({
    mutationFn: (values: LegalDocumentInsert) => insertRow("legal_documents", values),
    meta: meta({ successMessage: "Document created", errorMessage: "Could not create the document" }),
  });
}

export function useCreateClause() {
  return useMutation({
    mutationFn: (values: LegalClauseInsert) => insertRow("legal_clauses", values),
    meta: meta({ successMessage: "Clause created", errorMessage: "Could not create the clause" }),
  });
}

/** Saves against the version read; only a draft document can be saved (the server answers 409 else). */
export function useUpdateLegal<N extends LegalTable>(table: N, messages: Messages) {
  return useMutation({
    mutationFn: (change: VersionedChange<N> & { changes: TableUpdate<N> }) => updateRow(table, change),
    meta: meta(messages),
  });
}

export function useDeleteLegal(table: LegalTable, messages: Messages) {
  return useMutation({
    mutationFn: (row: RowVersion) => deleteRow(table, row),
    meta: meta(messages),
  });
}

/** The lifecycle's moves; each answers the document as it now is. */
export function useRenderDocument() {
  return useMutation({
    mutationFn: async (documentId: string) =>
      expectSuccess(await tsr.legal.rpc.renderLegalDocument.mutate({ body: { document_id: documentId } }))
        .body as LegalDocument,
    meta: meta({ successMessage: "Document rendered", errorMessage: "Could not render the document" }),
  });
}

export function useSendDocument() {
  return useMutation({
    mutationFn: async (documentId: string) =>
      expectSuccess(await tsr.legal.rpc.sendLegalDocument.mutate({ body: { document_id: documentId } }))
        .body as LegalDocument,
    meta: meta({ successMessage: "Sent for signatures", errorMessage: "Could not send the document" }),
  });
}

export function useVoidDocument() {
  return useMutation({
    mutationFn: async (input: { document_id: string; reason: string }) =>
      expectSuccess(await tsr.legal.rpc.voidLegalDocument.mutate({ body: input })).body as LegalDocument,
    meta: meta({ successMessage: "Document voided", errorMessage: "Could not void the document" }),
  });
}

export function useCreateTemplate(messages: Messages) {
  return useMutation({
    mutationFn: (values: TableInsert<"legal_templates">) => insertRow("legal_templates", values),
    meta: meta(messages),
  });
}

/** Checks a template as the editor holds it and renders it with sample values. */
export function usePreviewTemplate() {
  return useMutation({
    mutationFn: async (body: {
      body_md: string;
      variables: LegalVariable[];
      category?: LegalTemplateCategory;
    }) =>
      (expectSuccess(await tsr.legal.rpc.previewLegalTemplate.mutate({ body })).body as { html: string })
        .html,
  });
}
