import { vatNumberBelongsTo } from "@app/contracts";
import { restError } from "../../http/rest-error";
import type { Row, TableHooksByTable } from "../../rest/table-hooks";
import { invoiceHooks, invoiceLineHooks } from "./invoice-hooks";

/**
 * A VAT number is SE, the ten digits of the company's organisation number, then 01. Each column's own
 * form and check digit are its declaration's; that the two belong together needs both, so it is checked
 * here, on the row as it will be stored, and refused as PostgreSQL refuses a check constraint.
 */
function assertVatNumberOfOrgNumber(row: Row) {
  if (vatNumberBelongsTo(String(row.vat_number), String(row.org_number))) return;
  throw restError(
    "23514",
    'new row for relation "company_settings" violates check constraint "company_settings_vat_number_check"',
    { details: "Failing check: vat_number is SE, the ten digits of org_number, then 01" },
  );
}

/** The money tables' rules for the data API. */
export const moneyTableHooks = {
  company_settings: {
    beforeInsert(_ctx, values) {
      assertVatNumberOfOrgNumber(values);
      return values;
    },
    beforeUpdate(_ctx, changes, before) {
      if ("vat_number" in changes || "org_number" in changes)
        assertVatNumberOfOrgNumber({ ...before, ...changes });
      return changes;
    },
  },
  invoices: invoiceHooks,
  invoice_lines: invoiceLineHooks,
} satisfies TableHooksByTable;
