import { useMutation } from "@tanstack/react-query";
import { PROJECT_WRITE_INVALIDATES } from "@/features/projects/api/project-keys";
import {
  deleteRow,
  insertRow,
  type RowVersion,
  type TableInsert,
  updateRow,
  type VersionedChange,
} from "@/lib/table-writes";

type ProjectTable = "projects" | "project_members" | "project_milestones";
type Messages = { successMessage: string; errorMessage: string };

/** Adds a row of a project table; toasts and refreshes through the mutation's meta. */
export function useInsertProjectRow<N extends ProjectTable>(table: N, messages: Messages) {
  return useMutation({
    mutationFn: (values: TableInsert<N>) => insertRow(table, values),
    meta: { ...messages, invalidates: PROJECT_WRITE_INVALIDATES },
  });
}

/** Saves a change against the version read; a stale version saves nothing and rejects. */
export function useUpdateProjectRow<N extends ProjectTable>(table: N, messages: Messages) {
  return useMutation({
    mutationFn: (change: VersionedChange<N>) => updateRow(table, change),
    meta: { ...messages, invalidates: PROJECT_WRITE_INVALIDATES },
  });
}

export function useDeleteProjectRow<N extends ProjectTable>(table: N, messages: Messages) {
  return useMutation({
    mutationFn: (row: RowVersion) => deleteRow(table, row),
    meta: { ...messages, invalidates: PROJECT_WRITE_INVALIDATES },
  });
}
