import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { AppError } from "../../http/app-error";
import { createPasswordThreads, type PasswordThreads } from "./password-threads";

const MIN_LENGTH = 8;
/** bcrypt ignores everything after 72 bytes: a longer password would be silently truncated. */
const MAX_BYTES = 72;

/**
 * zxcvbn-ts's list of the ~50,000 most common passwords, looked up case-insensitively; loaded and built on
 * first use (its dictionaries are half a megabyte of script a start would otherwise compile).
 */
let commonPasswords: Set<string> | undefined;
function isCommonPassword(password: string) {
  commonPasswords ??= new Set(
    (
      createRequire(import.meta.url)("@zxcvbn-ts/language-common") as {
        dictionary: { passwords: string[] };
      }
    ).dictionary.passwords.map((p) => p.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

export type WeakPasswordReason = "length" | "characters" | "pwned";

function weakPasswordReasons(password: string): { reasons: WeakPasswordReason[]; messages: string[] } {
  const reasons: WeakPasswordReason[] = [];
  const messages: string[] = [];
  if ([...password].length < MIN_LENGTH) {
    reasons.push("length");
    messages.push(`Password should be at least ${MIN_LENGTH} characters.`);
  } else if (Buffer.byteLength(password, "utf8") > MAX_BYTES) {
    reasons.push("length");
    messages.push(`Password cannot be longer than ${MAX_BYTES} bytes.`);
  }
  if (isCommonPassword(password)) {
    reasons.push("pwned");
    messages.push("Password is known to be weak and easy to guess, please choose a different one.");
  }
  return { reasons, messages };
}

/** 422 weak_password with GoTrue's `weak_password.reasons`, which auth-js exposes as AuthWeakPasswordError. */
export function assertStrongPassword(password: string) {
  const { reasons, messages } = weakPasswordReasons(password);
  if (reasons.length === 0) return;
  const message = messages.join(" ");
  throw new AppError("weak_password", message, { extra: { weak_password: { message, reasons } } });
}

/**
 * Runs at most `limit` tasks at once, queueing up to `maxWaiting` more. bcrypt runs on libuv's thread
 * pool, so it never blocks the event loop itself, but a burst of sign-ins can take every core; keeping one
 * core free keeps every other request fast during a sign-in storm. A full queue refuses at once (429)
 * rather than holding requests and their memory for as long as a flood lasts.
 */
export function createLimiter(limit: number, maxWaiting = Number.POSITIVE_INFINITY) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) {
      if (waiting.length >= maxWaiting) {
        throw new AppError("over_request_rate_limit", "Request rate limit reached", { retryAfterSeconds: 1 });
      }
      // The finishing task hands its slot straight over, so `running` stays counted for us.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export const bcryptSlots = Math.max(1, availableParallelism() - 1);

/** One set of hashing threads per process, however many hashers use them. */
let sharedThreads: PasswordThreads | undefined;

export function createPasswordHasher(cost: number, limit = createLimiter(bcryptSlots)) {
  sharedThreads ??= createPasswordThreads(bcryptSlots);
  const threads = sharedThreads;
  // A hash of nothing anyone knows: compared against when the e-mail is unknown, so that answer takes
  // as long as a wrong password does. Started now so the first request does not pay for it.
  const dummyHash = threads.hash(randomBytes(16).toString("hex"), cost);
  dummyHash.catch(() => undefined);
  return {
    hash: (password: string) => limit(() => threads.hash(password, cost)),
    /** Always runs one bcrypt comparison, against the dummy hash when there is no real one. */
    async verify(password: string, hash: string | null | undefined): Promise<boolean> {
      if (!hash) {
        const dummy = await dummyHash;
        await limit(() => threads.compare(password, dummy));
        return false;
      }
      return limit(() => threads.compare(password, hash));
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
