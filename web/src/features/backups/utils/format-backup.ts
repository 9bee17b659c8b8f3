import { formatStockholm } from "@app/contracts/stockholm-time";

const UNITS = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** Sizes as people read them: 1 KB = 1024 bytes, one decimal above a kilobyte. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** When a backup was made, on the business's own clock. */
export const formatBackupTime = (iso: string) => formatStockholm(iso, "dateTime");
