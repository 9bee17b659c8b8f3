import { RETRY_FIRST_DELAY_MS, RETRY_WINDOW_MS } from "./constants";

/**
 * Runs `attempt` until it succeeds or fails for good. After a retryable failure it waits 200 ms, then 400,
 * 800 … but only while the next attempt would still start within 30 s of the first one.
 */
export async function retryWithBackoff<R extends { error: unknown }>(options: {
  attempt: () => Promise<R>;
  isRetryable: (error: NonNullable<R["error"]>) => boolean;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}): Promise<R> {
  const startedAt = options.now();
  for (let retry = 0; ; retry++) {
    const result = await options.attempt();
    if (result.error === null || result.error === undefined) return result;
    const delay = RETRY_FIRST_DELAY_MS * 2 ** retry;
    const nextStart = options.now() + delay;
    if (!options.isRetryable(result.error) || nextStart - startedAt >= RETRY_WINDOW_MS) return result;
    await options.sleep(delay);
  }
}
