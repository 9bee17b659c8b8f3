export const serverBundle: { main: string; cli: string };
export function ensureServerBundle(opts?: { stdio?: "inherit" | "ignore" | unknown[] }): void;
