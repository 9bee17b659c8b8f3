import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
} from "node:crypto";
import type { Jwks } from "@app/contracts";
import type { Database } from "../../db/database";
import type { AuthSigningKeyRow } from "../../db/schema";
import { deriveKey, gcmOpen, gcmSeal } from "../../platform/secrets";
import {
  findSigningKey,
  insertSigningKey,
  listAllSigningKeys,
  markKeyPromoted,
  markKeyRetired,
} from "./signing-keys-repository";

/**
 * Asymmetric access-token signing keys and their rotation: standby (published, signs nothing) → current
 * (signs new tokens) → previous (verifies what it signed) → retired (gone from the JWKS, trusted by no one).
 * The private key is stored sealed with a key derived from MFA_ENCRYPTION_KEY, bound to its kid.
 */
export type SigningAlg = AuthSigningKeyRow["alg"];
const SIGNING_ALGS: readonly SigningAlg[] = ["ES256", "RS256"];
type PublicJwk = Jwks["keys"][number];

export function createKeySealer(mfaEncryptionKey: string) {
  const key = deriveKey(mfaEncryptionKey, "signing-key-seal-v1");
  return {
    seal: (kid: string, pem: string) => gcmSeal(key, pem, kid),
    open: (kid: string, sealed: string) => gcmOpen(key, sealed.split("."), kid),
  };
}
export type KeySealer = ReturnType<typeof createKeySealer>;

function generate(alg: SigningAlg) {
  return alg === "ES256"
    ? generateKeyPairSync("ec", { namedCurve: "prime256v1" })
    : generateKeyPairSync("rsa", { modulusLength: 2048 });
}

/** Only the public members, picked by name: a private member can never slip into the JWKS. */
function publicJwkOf(kid: string, alg: SigningAlg, publicKey: KeyObject): PublicJwk {
  const jwk = publicKey.export({ format: "jwk" });
  const base = { kid, alg, use: "sig" as const, key_ops: ["verify" as const], ext: true as const };
  return jwk.kty === "EC"
    ? { ...base, kty: "EC", crv: "P-256", x: String(jwk.x), y: String(jwk.y) }
    : { ...base, kty: "RSA", n: String(jwk.n), e: String(jwk.e) };
}

/** A key as the server uses it: parsed once, never per request. */
export interface LoadedKey {
  kid: string;
  alg: SigningAlg;
  status: AuthSigningKeyRow["status"];
  jwk: PublicJwk;
  publicKey: KeyObject;
  /** Only the current key's private key is opened. */
  privateKey?: KeyObject;
}

export function loadKey(row: AuthSigningKeyRow, sealer: KeySealer): LoadedKey {
  const jwk = JSON.parse(row.public_jwk) as PublicJwk;
  return {
    kid: row.kid,
    alg: row.alg,
    status: row.status,
    jwk,
    publicKey: createPublicKey({ key: jwk, format: "jwk" }),
    privateKey: row.status === "current" ? openPrivateKey(row, sealer) : undefined,
  };
}

function openPrivateKey(row: AuthSigningKeyRow, sealer: KeySealer) {
  try {
    return createPrivateKey(sealer.open(row.kid, row.private_key_sealed));
  } catch {
    throw new Error(
      `Signing key ${row.kid} cannot be opened: MFA_ENCRYPTION_KEY is not the one it was sealed with`,
    );
  }
}

export interface RotationDeps {
  db: Database;
  sealer: KeySealer;
  /** Seconds: the longest a token signed by a key can outlive the key's last signature. */
  accessTokenLifetime: number;
  /** Seconds a node may go on signing with a superseded key before it re-reads the keys. */
  refreshSeconds: number;
  now: () => number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Adds a standby key: published at once, so every verifier knows it before it signs anything. */
export async function addSigningKey(deps: RotationDeps, alg: SigningAlg): Promise<AuthSigningKeyRow> {
  if (!SIGNING_ALGS.includes(alg)) throw new Error(`--alg must be one of ${SIGNING_ALGS.join(", ")}`);
  const kid = randomUUID();
  const { publicKey, privateKey } = generate(alg);
  const row: AuthSigningKeyRow = {
    kid,
    alg,
    status: "standby",
    public_jwk: JSON.stringify(publicJwkOf(kid, alg, publicKey)),
    private_key_sealed: deps.sealer.seal(kid, privateKey.export({ format: "pem", type: "pkcs8" }).toString()),
    created_at: seconds(deps.now()),
    promoted_at: null,
    superseded_at: null,
    retired_at: null,
  };
  await insertSigningKey(deps.db, row);
  return row;
}

/** The standby key signs new tokens from now on; the key it replaces keeps verifying. */
export async function promoteSigningKey(deps: RotationDeps, kid: string) {
  const key = await findSigningKey(deps.db, kid);
  if (!key) throw new Error(`No signing key ${kid}`);
  if (key.status !== "standby")
    throw new Error(`Key ${kid} is ${key.status}; only a standby key can be promoted`);
  const promoted = await deps.db.withTransaction((trx) => markKeyPromoted(trx, kid, seconds(deps.now())));
  if (!promoted) throw new Error(`Key ${kid} changed meanwhile; list the keys and try again`);
}

/**
 * The earliest a key can be retired without signing anyone out: a standby key at once; a superseded key
 * once the last token any node could have signed with it has expired. The current key never.
 */
function retirableAt(
  deps: Pick<RotationDeps, "accessTokenLifetime" | "refreshSeconds">,
  key: AuthSigningKeyRow,
) {
  if (key.status === "standby") return 0;
  if (key.status === "previous" && key.superseded_at !== null)
    return key.superseded_at + deps.refreshSeconds + deps.accessTokenLifetime;
  return undefined;
}

export async function retireSigningKey(deps: RotationDeps, kid: string) {
  const key = await findSigningKey(deps.db, kid);
  if (!key) throw new Error(`No signing key ${kid}`);
  if (key.status === "retired") throw new Error(`Key ${kid} is already retired`);
  const at = retirableAt(deps, key);
  if (at === undefined) throw new Error(`Key ${kid} is the current signing key; promote another key first`);
  const now = seconds(deps.now());
  if (now < at) {
    throw new Error(
      `Key ${kid} may still be carried by unexpired access tokens until ${new Date(at * 1000).toISOString()}; ` +
        "retire it after then",
    );
  }
  if (!(await markKeyRetired(deps.db, kid, key.status, now)))
    throw new Error(`Key ${kid} changed meanwhile; list the keys and try again`);
}

export async function listSigningKeys(deps: Pick<RotationDeps, "db">) {
  return (await listAllSigningKeys(deps.db)).map(
    ({ kid, alg, status, created_at, promoted_at, superseded_at }) => ({
      kid,
      alg,
      status,
      created_at,
      promoted_at,
      superseded_at,
    }),
  );
}
