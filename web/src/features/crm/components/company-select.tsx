import type * as React from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { useCompanyOptions } from "@/features/crm/api/list-companies";

type CompanySelectProps = Omit<React.ComponentProps<typeof NativeSelect>, "children"> & {
  /** What choosing none means here ("No company", "No client"). */
  noneLabel: string;
};

/** Active companies by name; an archived one stays listed only while it is the current choice. */
export function CompanySelect({ noneLabel, value, ...props }: CompanySelectProps) {
  const { data: companies = [] } = useCompanyOptions();
  const options = companies.filter((company) => company.archived_at === null || company.id === value);
  return (
    <NativeSelect value={value} {...props}>
      <option value="">{noneLabel}</option>
      {options.map((company) => (
        <option key={company.id} value={company.id}>
          {company.name}
        </option>
      ))}
    </NativeSelect>
  );
}
