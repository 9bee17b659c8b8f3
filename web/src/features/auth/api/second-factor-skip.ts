/*
 * "Skip for now" on the code step lasts for the tab's session and the person's current sign-in: a new
 * sign-in (or signing out) asks again. sessionStorage, so a reload does not ask twice.
 */
const SKIP_KEY = "second-factor-skipped";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the step then simply asks again after a reload.
    return null;
  }
}

export function isSecondFactorSkipped(userId: string): boolean {
  return storage()?.getItem(SKIP_KEY) === userId;
}

export function skipSecondFactor(userId: string) {
  storage()?.setItem(SKIP_KEY, userId);
}

export function forgetSecondFactorSkip() {
  storage()?.removeItem(SKIP_KEY);
}
