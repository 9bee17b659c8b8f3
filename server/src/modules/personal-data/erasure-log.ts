import { createHmac, hkdfSync } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { normaliseAddress } from "./request";

/**
 * The record of every erasure, kept outside the database so that restoring a backup made before an
 * erasure cannot bring the person back: the restore replays every erasure recorded after the backup.
 * It holds no personal data in clear, only a keyed hash of the address and the time. The key is derived
 * from MFA_ENCRYPTION_KEY, the install's key for data at rest, which cannot change without losing every
 * MFA factor either: someone holding the file alone cannot test whether an address was erased.
 */
export const ERASURE_LOG_FILE = "erasure-log.jsonl";

interface ErasureEntry {
  at: string;
  address_hmac: string;
}

export interface ErasureLog {
  readonly path: string;
  /** Appends and flushes to disk before returning: the record must outlive a crash right after. */
  record(email: string, at: string): Promise<void>;
  /** Entries recorded strictly after the moment (an ISO-8601 time), oldest first. */
  entriesAfter(at: string): Promise<ErasureEntry[]>;
  /** The keyed hash an entry holds for the address. */
  keyOf(email: string): string;
}

export const erasureLogPath = (dataDir: string) => join(dataDir, ERASURE_LOG_FILE);

function addressKeyer(secret: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "personal-data erasure log", 32));
  return (email: string) => createHmac("sha256", key).update(normaliseAddress(email)).digest("hex");
}

/** A torn last line (a crash while appending) is skipped; so is anything not an entry. */
function parseEntries(text: string): ErasureEntry[] {
  const entries: ErasureEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as Partial<ErasureEntry>;
      if (typeof entry.at === "string" && typeof entry.address_hmac === "string")
        entries.push({ at: entry.at, address_hmac: entry.address_hmac });
    } catch {}
  }
  return entries;
}

async function readErasureEntries(path: string): Promise<ErasureEntry[]> {
  try {
    return parseEntries(await readFile(path, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

function openErasureLog(opts: { path: string; secret: string }): ErasureLog {
  const keyOf = addressKeyer(opts.secret);
  return {
    path: opts.path,
    keyOf,
    async record(email, at) {
      await mkdir(dirname(opts.path), { recursive: true, mode: 0o700 });
      const line = `${JSON.stringify({ at, address_hmac: keyOf(email) } satisfies ErasureEntry)}\n`;
      const handle = await open(
        opts.path,
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT,
        0o600,
      );
      try {
        await handle.appendFile(line);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async entriesAfter(at) {
      const since = Date.parse(at);
      return (await readErasureEntries(opts.path))
        .filter((e) => Date.parse(e.at) > since)
        .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    },
  };
}

/** The install's erasure log: in its data folder, keyed from its data-at-rest key. */
export const erasureLogFor = (config: { DATA_DIR: string; MFA_ENCRYPTION_KEY: string }) =>
  openErasureLog({ path: erasureLogPath(config.DATA_DIR), secret: config.MFA_ENCRYPTION_KEY });
