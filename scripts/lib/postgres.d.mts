export function ensurePostgres(): string;
export function startThrowawayPostgres(): Promise<{ url: string; stop(): void }>;
export const TEST_LOCALE: string;
