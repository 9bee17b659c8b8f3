export function findPostgresBin(): string | undefined;
export function ensurePostgres(): string;
export function startThrowawayPostgres(): Promise<{ url: string; stop(): void }>;
export const TEST_LOCALE: string;
export function ensureTestLocale(): void;
