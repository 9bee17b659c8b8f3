/*
 * Words for the second factor, shared by the sign-in step and the enrolment on the settings page: both
 * send a 6-digit code from an authenticator app and meet the same refusals.
 */

/** Authenticator apps show "123 456": spaces and dashes are dropped before the code is checked. */
export function normalizeTotpCode(raw: string): string {
  return raw.replace(/[\s-]/g, "");
}

/** Undefined when the code can be sent, otherwise what is wrong with it. */
export function checkTotpCode(code: string): string | undefined {
  if (code === "") return "Enter the 6-digit code from your authenticator app.";
  if (!/^\d{6}$/.test(code)) return "The code is 6 digits, with no letters.";
  return undefined;
}

type FactorError = { code: string; message: string; status: number; retryAfterSeconds?: number };

const timeFormatter = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

/** "15 minutes", "2 hours": how long the lock lasts, rounded up to whole minutes. */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** "Try again in 15 minutes, at 18:42." when the server said how long; otherwise its own words. */
function tryAgain(error: FactorError, now: number): string | undefined {
  if (error.retryAfterSeconds === undefined) return undefined;
  const at = timeFormatter.format(new Date(now + error.retryAfterSeconds * 1000));
  return `Try again in ${describeWait(error.retryAfterSeconds)}, at ${at}.`;
}

/**
 * A refused code, in words: a wrong code, a factor locked after too many wrong codes (with when to try
 * again), an expired challenge, or the server's own message.
 */
export function describeFactorError(error: FactorError, now: number = Date.now()): string {
  const lockEnds = tryAgain(error, now);
  if (error.code === "mfa_factor_locked") {
    return (
      "Too many wrong codes: for your safety, codes from this authenticator are not accepted for a while. " +
      (lockEnds ?? error.message)
    );
  }
  if (error.code === "mfa_verification_failed") {
    // The attempt that reaches the limit is refused with the lock's length.
    if (lockEnds) {
      return `That code is not correct, and that was one wrong code too many: codes are not accepted for a while. ${lockEnds}`;
    }
    return "That code is not correct. Check that your phone's clock is right, wait for the next code and try again.";
  }
  if (error.code === "mfa_challenge_expired") {
    return "That took too long. Enter the code your app shows now.";
  }
  if (error.code === "network_error")
    return "We could not reach the server. Check your connection and try again.";
  if (error.status === 429) return `Too many attempts. ${lockEnds ?? "Please wait a minute and try again."}`;
  return error.message;
}
