import type { AppRoleName } from "@app/contracts";

/** Back-office roles as people read them; no role at all means no access to the back office. */
export const ROLE_OPTIONS: { value: AppRoleName | ""; label: string }[] = [
  { value: "admin", label: "Administrator" },
  { value: "staff", label: "Staff" },
  { value: "", label: "No access" },
];

export function roleLabel(role: AppRoleName | null | undefined): string {
  return ROLE_OPTIONS.find((option) => option.value === (role ?? ""))?.label ?? "No access";
}
