export function ensurePostgres(): string;
export function startThrowawayPostgres(options?: {
  durable?: boolean;
}): Promise<{ url: string; stop(): void }>;
export const TEST_LOCALE: string;
