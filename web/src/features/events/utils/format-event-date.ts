import { formatStockholmWithZone } from "@app/contracts/stockholm-time";

/**
 * An event's time as the venue's clock shows it, named with its zone ("Sat, 14 Mar 2026, 19:30 CET"), the
 * same for every visitor wherever they are; '-' when the event has no (usable) date.
 */
export function formatEventDate(value: string | null | undefined): string {
  if (!value) return "-";
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? "-" : formatStockholmWithZone(ms);
}
