import type { Jwks } from "@app/contracts";
import type { Db } from "../../db/database";
import { type KeySealer, type LoadedKey, loadKey } from "./signing-keys";
import { listLiveSigningKeys } from "./signing-keys-repository";

/** An unknown kid re-reads the keys at most this often, so made-up kids cannot turn into database load. */
const UNKNOWN_KID_RELOAD_MS = 5_000;

/**
 * The signing keys as this node knows them, held in memory: requests never read the database for them.
 * They are re-read when older than `refreshSeconds` (so a promotion on another node or from the CLI is
 * picked up without a restart) and on a token whose kid is unknown (a key promoted elsewhere a moment ago).
 */
export function createKeyring(deps: {
  db: Db;
  sealer: KeySealer;
  refreshSeconds: number;
  now: () => number;
}) {
  let keys = new Map<string, LoadedKey>();
  let current: LoadedKey | undefined;
  let loadedAt = Number.NEGATIVE_INFINITY;
  let lastUnknownReload = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;

  async function read() {
    const rows = await listLiveSigningKeys(deps.db);
    const next = new Map(rows.map((row) => [row.kid, loadKey(row, deps.sealer)]));
    keys = next;
    current = [...next.values()].find((k) => k.status === "current");
    loadedAt = deps.now();
  }

  /** One read at a time: requests arriving meanwhile wait for it rather than starting their own. */
  function reload(): Promise<void> {
    loading ??= read().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  return {
    reload,
    /** Re-reads the keys if the last read is older than refreshSeconds; otherwise nothing. */
    freshen(): Promise<void> | undefined {
      if (deps.now() - loadedAt < deps.refreshSeconds * 1000) return undefined;
      return reload();
    },
    /** The key with this kid, after one re-read if it is unknown (rate-bounded); undefined if none. */
    async find(kid: string): Promise<LoadedKey | undefined> {
      const known = keys.get(kid);
      if (known || deps.now() - lastUnknownReload < UNKNOWN_KID_RELOAD_MS) return known;
      lastUnknownReload = deps.now();
      await reload();
      return keys.get(kid);
    },
    /** The key that signs new access tokens; undefined while access tokens are signed with JWT_SECRET. */
    current: () => current,
    jwks: (): Jwks => ({ keys: [...keys.values()].map((k) => k.jwk) }),
  };
}
export type Keyring = ReturnType<typeof createKeyring>;
