export function findPostgresBin(): string | undefined;
export function ensurePostgres(): string;
export function startThrowawayPostgres(): Promise<{ url: string; stop(): void }>;
