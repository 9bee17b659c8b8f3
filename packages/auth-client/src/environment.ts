import type {
  AuthClientOptions,
  BroadcastChannelConstructor,
  HistoryLike,
  LocationLike,
  LockManagerLike,
  StorageEventSource,
  StorageLike,
  VisibilitySource,
} from "./types";

/** Every browser dependency, taken from the options when given (tests) and from the page otherwise. */
export function resolveEnvironment(options: AuthClientOptions) {
  const pick = <T>(given: T | null | undefined, fallback: () => T | null): T | null =>
    given === undefined ? fallback() : given;
  const location = pick<LocationLike>(options.location, () =>
    typeof window === "undefined" ? null : window.location,
  );
  return {
    now: options.now ?? (() => Date.now()),
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    storage: pick<StorageLike>(options.storage, browserLocalStorage),
    BroadcastChannel: pick<BroadcastChannelConstructor>(options.BroadcastChannel, () =>
      typeof BroadcastChannel === "undefined" ? null : BroadcastChannel,
    ),
    document: pick<VisibilitySource>(options.document, () =>
      typeof document === "undefined" ? null : document,
    ),
    storageEvents: pick<StorageEventSource>(options.storageEvents, () =>
      typeof window === "undefined" ? null : window,
    ),
    location,
    history: pick<HistoryLike>(options.history, () =>
      typeof window === "undefined" ? null : window.history,
    ),
    locks: pick<LockManagerLike>(options.locks, browserLocks),
    detectSessionInUrl: options.detectSessionInUrl ?? location !== null,
  };
}

function browserLocalStorage(): StorageLike | null {
  try {
    // Reading the property itself throws where storage is blocked (sandboxed frames, some privacy modes).
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function browserLocks(): LockManagerLike | null {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return null;
  // lib.dom types the result as Promise<Promise<T>>; the Web Locks API resolves with the callback's value.
  return {
    request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T>,
  };
}
