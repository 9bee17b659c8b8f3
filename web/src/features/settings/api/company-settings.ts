import { useMutation, useQuery } from "@tanstack/react-query";
import type { CompanySettings } from "@/features/settings/utils/company-settings-form";
import { readTable } from "@/lib/read-table";
import { insertRow, type TableInsert, type TableUpdate, updateRow } from "@/lib/table-writes";

const companySettingsKey = ["company_settings"] as const;

/** The business's one row of details, or null before an administrator has entered them. */
export function useCompanySettings() {
  return useQuery({
    queryKey: companySettingsKey,
    queryFn: async ({ signal }) =>
      (await readTable("company_settings", { range: { limit: 1 } }, signal)).rows[0] ?? null,
    meta: { errorMessage: "Could not load the company details" },
  });
}

type Save =
  | { kind: "insert"; values: TableInsert<"company_settings"> }
  | { kind: "update"; id: string; version: string; changes: TableUpdate<"company_settings"> };

/** Enters the details the first time, then saves changes against the version read. */
export function useSaveCompanySettings() {
  return useMutation({
    mutationFn: (save: Save): Promise<CompanySettings> =>
      save.kind === "insert"
        ? insertRow("company_settings", save.values)
        : updateRow("company_settings", save),
    meta: {
      successMessage: "Company details saved",
      errorMessage: "Could not save the company details",
      invalidates: [companySettingsKey],
    },
  });
}
