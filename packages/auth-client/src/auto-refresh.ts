import { AUTO_REFRESH_TICK_MS } from "./constants";
import type { VisibilitySource } from "./types";

/**
 * The 30 s ticker. It stops while the tab is hidden (browsers throttle hidden timers anyway, and a hidden tab
 * need not keep a token fresh) and checks at once when the tab is shown again.
 */
export function createAutoRefresh(options: { check: () => void; document: VisibilitySource | null }) {
  const { check, document } = options;
  let isEnabled = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  const isHidden = () => document?.visibilityState === "hidden";

  function runTicker(): void {
    if (timer !== null) return;
    check();
    timer = setInterval(check, AUTO_REFRESH_TICK_MS);
  }

  function pauseTicker(): void {
    if (timer === null) return;
    clearInterval(timer);
    timer = null;
  }

  function onVisibilityChange(): void {
    if (!isEnabled) return;
    if (isHidden()) pauseTicker();
    else runTicker();
  }

  function start(): void {
    if (isEnabled) return;
    isEnabled = true;
    document?.addEventListener("visibilitychange", onVisibilityChange);
    if (!isHidden()) runTicker();
  }

  function stop(): void {
    if (!isEnabled) return;
    isEnabled = false;
    document?.removeEventListener("visibilitychange", onVisibilityChange);
    pauseTicker();
  }

  return { start, stop };
}
