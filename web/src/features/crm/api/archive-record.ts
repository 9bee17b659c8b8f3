import { useUpdateRow } from "@/features/crm/api/table-writes";

type Archivable = "crm_contacts" | "crm_companies";
type Versioned = { id: string; updated_at: string };

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Archive and restore: `archived_at` set or cleared, against the version on screen. Archived records
 * leave the active lists and keep their history.
 */
export function useArchiveRecord(table: Archivable, noun: string) {
  const archive = useUpdateRow(table, {
    successMessage: `${capitalise(noun)} archived`,
    errorMessage: `Could not archive the ${noun}`,
  });
  const restore = useUpdateRow(table, {
    successMessage: `${capitalise(noun)} restored`,
    errorMessage: `Could not restore the ${noun}`,
  });
  return {
    isPending: archive.isPending || restore.isPending,
    archive: (record: Versioned) =>
      archive.mutate({
        id: record.id,
        version: record.updated_at,
        changes: { archived_at: new Date().toISOString() },
      }),
    restore: (record: Versioned) =>
      restore.mutate({ id: record.id, version: record.updated_at, changes: { archived_at: null } }),
  };
}
