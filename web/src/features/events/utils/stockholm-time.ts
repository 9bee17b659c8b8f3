import { fromStockholmLocal, toStockholmLocal } from "@app/contracts/stockholm-time";

/*
 * Staff enter and read event times in Stockholm time, whatever their own computer's zone: an event's
 * time is where it happens. These adapt the shared Stockholm clock to the event form's nullable field.
 */

/** An ISO timestamp as a datetime-local value (YYYY-MM-DDTHH:mm) in Stockholm time; "" for none. */
export function toStockholmInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? "" : toStockholmLocal(ms);
}

/**
 * A datetime-local value read as Stockholm time, as an ISO timestamp (UTC); null when blank. Text that
 * is not such a value is handed back as it is, so the table's schema refuses it next to the field.
 */
export function fromStockholmInput(value: string): string | null {
  const text = value.trim();
  if (text === "") return null;
  return fromStockholmLocal(text) || text;
}
