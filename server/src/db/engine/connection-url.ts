import { isAbsolute, resolve } from "node:path";

/** Where the data lives: an embedded SQLite file (the default) or a PostgreSQL server. */
export type DatabaseTarget = { engine: "sqlite"; path: string } | { engine: "postgres"; url: string };

/**
 * DATABASE_URL: `postgres://` or `postgresql://` means PostgreSQL; a plain path, `file:` or `sqlite:`
 * means SQLite (relative paths from `base`). Any other scheme is refused rather than taken as a file name.
 * A single letter before the colon is a Windows drive, not a scheme.
 */
export function parseDatabaseUrl(value: string, base: string): DatabaseTarget {
  const trimmed = value.trim();
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return { engine: "postgres", url: trimmed };
  const plain = trimmed.replace(/^(sqlite|file):(\/\/)?/i, "");
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(plain);
  if (scheme) {
    throw new Error(
      `unsupported scheme "${scheme[1]}:"; use a file path for SQLite or a postgres:// URL for PostgreSQL`,
    );
  }
  if (plain === "") throw new Error("is empty; use a file path for SQLite or a postgres:// URL");
  if (plain === ":memory:") return { engine: "sqlite", path: plain };
  return { engine: "sqlite", path: isAbsolute(plain) ? plain : resolve(base, plain) };
}

/** The URL without its password, for messages and logs. */
export function redactDatabaseUrl(target: DatabaseTarget): string {
  if (target.engine === "sqlite") return target.path;
  try {
    const url = new URL(target.url);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "postgres://…";
  }
}
