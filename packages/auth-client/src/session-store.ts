import type { Session, StorageLike } from "./types";

/** The session under one storage key; unreadable or half-written values count as no session. */
export function createSessionStore(storage: StorageLike | null, key: string) {
  let memory: Session | null = null;

  function read(): Session | null {
    if (!storage) return memory;
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch {
      return null;
    }
    if (!raw) return null;
    try {
      const value: unknown = JSON.parse(raw);
      return isSession(value) ? value : null;
    } catch {
      return null;
    }
  }

  function write(session: Session): void {
    memory = session;
    try {
      storage?.setItem(key, JSON.stringify(session));
    } catch {
      // Quota or private mode: the in-memory session still works for this tab.
    }
  }

  function remove(): void {
    memory = null;
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing stored is the goal; a storage that refuses leaves nothing we can do.
    }
  }

  return { key, read, write, remove };
}

function isSession(value: unknown): value is Session {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.access_token === "string" &&
    typeof v.refresh_token === "string" &&
    typeof v.expires_at === "number" &&
    typeof v.user === "object" &&
    v.user !== null
  );
}

/** Drops the one-off weak_password notice so it is never persisted. */
export function toSession(value: Session & { weak_password?: unknown }): Session {
  const { weak_password: _notice, ...session } = value;
  return session;
}

export function msUntilExpiry(session: Session, now: number): number {
  return session.expires_at * 1000 - now;
}

export function isExpired(session: Session, now: number): boolean {
  return msUntilExpiry(session, now) <= 0;
}
