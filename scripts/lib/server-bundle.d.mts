export const serverBundle: { main: string; cli: string };
export function serverBundleStale(): boolean;
export function ensureServerBundle(opts?: { stdio?: "inherit" | "ignore" | unknown[] }): void;
