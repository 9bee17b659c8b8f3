import { createHash } from "node:crypto";

/** Stable ids, so seeding twice never duplicates a row. */
export function seedId(kind: string, n: number): string {
  const h = createHash("sha256").update(`${kind}:${n}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const day = 24 * 3600 * 1000;
export const at = (daysFromNow: number, hour: number) => {
  const d = new Date(Date.now() + daysFromNow * day);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
