/** Small value helpers the platform and every module use. It imports nothing, so no import cycle runs through it. */

/** ISO-8601 UTC with milliseconds, as every *_at column stores and returns it on either engine. */
export const isoAt = (ms: number) => new Date(ms).toISOString();
export const nowIso = (deps: { now: () => number }) => isoAt(deps.now());

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
