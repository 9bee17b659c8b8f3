import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { APPROVAL_LINK_DEFAULT_SECONDS, SIGNING_LINK_DEFAULT_SECONDS, SITE_NAME } from "@app/contracts";
import { z } from "zod";
import { type DatabaseTarget, parseDatabaseUrl } from "./db/engine/connection-url";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");
const seconds = z.coerce.number().int().positive();
const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
/** Names Express's "trust proxy" accepts for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string) {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry)) return true;
  const [ip = "", prefix, ...rest] = entry.split("/");
  const version = isIP(ip);
  return (
    version !== 0 &&
    rest.length === 0 &&
    prefix !== undefined &&
    /^\d{1,3}$/.test(prefix) &&
    Number(prefix) <= (version === 4 ? 32 : 128)
  );
}

/**
 * Express "trust proxy": off, a hop count, or the proxies' addresses and CIDR ranges. `true` would trust
 * every X-Forwarded-For hop, so any client could name its own address and dodge the per-IP limits.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim();
  if (v === "false" || v === "0") return false;
  if (v === "true") {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message:
        "true is refused: it trusts every X-Forwarded-For hop, so any client could forge its address and " +
        "escape the per-IP rate limits. Set the number of proxies in front of the server (e.g. 1) or their " +
        "addresses or CIDR ranges (e.g. 127.0.0.1 or 10.0.0.0/8,::1)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0 || entries.length === 0) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be false, a hop count or a list of proxy addresses or CIDR ranges (not ${bad.join(", ") || "empty"})`,
    });
    return z.NEVER;
  }
  return entries;
}

const url = z
  .string()
  .url()
  .transform((v) => v.replace(/\/+$/, ""));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z.string().min(1).default("./data/app.db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Where development secrets (and, with SQLite, nothing else) are kept when DATABASE_URL is PostgreSQL. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** Uploaded files (SQLite) or their upload staging area (PostgreSQL keeps the bytes); <data folder>/storage. */
  STORAGE_DIR: z.string().min(1).optional(),
  /** Image renders (/storage/v1/render/image): the largest source, in pixels and in bytes, and the time one may take. */
  IMAGE_RENDER_MAX_PIXELS: z.coerce.number().int().min(1).max(268_402_689).default(40_000_000),
  IMAGE_RENDER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(25 * 1024 * 1024),
  IMAGE_RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  JWT_SECRET: z.string().min(32, "must be at least 32 bytes").optional(),
  MFA_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 bytes").optional(),
  JWT_EXPIRY: seconds.default(3600),
  /** How often each node re-reads the access-token signing keys, so a rotation needs no restart. */
  JWT_KEYS_REFRESH_SECONDS: seconds.default(60),
  /** A realtime socket that sends no heartbeat for this long is closed (clients beat every 25 s). */
  REALTIME_HEARTBEAT_TIMEOUT_MS: z.coerce.number().int().min(50).default(60_000),
  REALTIME_MAX_CHANNELS_PER_SOCKET: z.coerce.number().int().min(1).default(100),
  REALTIME_MAX_JOINS_PER_SECOND: z.coerce.number().int().min(1).default(100),
  REALTIME_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  /** A socket whose unsent output grows past this many bytes is a slow consumer and is closed. */
  REALTIME_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  /** How long the log behind postgres_changes keeps a change: long enough for every node to deliver it. */
  REALTIME_CHANGES_KEEP_SECONDS: seconds.default(300),
  /**
   * A node's lease on its realtime presences, renewed every third of it: the presences of a node that
   * dies leave the other nodes within about 4/3 of this.
   */
  REALTIME_NODE_LEASE_SECONDS: seconds.default(30),
  SITE_URL: url.optional(),
  CORS_ORIGINS: list.default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  SEED_DEMO: bool.default("true"),
  PLAYLIST_EMBED_URL: z
    .string()
    .url()
    .default("https://open.spotify.com/embed/playlist/37i9dQZF1DX6ujZpAN0v9r"),
  IMAGE_HOSTS: list.default(""),
  WEB_DIST: z.string().optional(),
  // Auth service
  AUTH_AUTOCONFIRM: bool.default("false"),
  AUTH_REQUIRE_AAL2: bool.default("false"),
  AUTH_SECURE_PASSWORD_CHANGE: bool.default("true"),
  STAFF_EMAIL_DOMAINS: list.default(""),
  /** Serves the mail outbox (links included) at /api/dev/mail to loopback callers; never in production. */
  DEV_MAIL_UI: bool.default("false"),
  ADDITIONAL_REDIRECT_URLS: list.default(""),
  REFRESH_TOKEN_REUSE_INTERVAL: seconds.default(10),
  SESSION_TIMEBOX: seconds.default(30 * 24 * 3600),
  SESSION_INACTIVITY_TIMEOUT: seconds.default(7 * 24 * 3600),
  OTP_EXPIRY: seconds.default(3600),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  PASSWORD_QUEUE_LIMIT: z.coerce.number().int().min(0).default(64),
  MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).default("outbox"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default(`${SITE_NAME} <no-reply@localhost>`),
  RATE_LIMITS: bool.default("true"),
  /** Memoised reads of unchanged lists; `false` makes every read reach the database (for benchmarks). */
  READ_CACHE: bool.default("true"),
  /** How long a mailed signing link works, in seconds (14 days unless set). */
  SIGNING_LINK_EXPIRY: seconds.default(SIGNING_LINK_DEFAULT_SECONDS),
  /** How long a mailed deliverable approval link works, in seconds (7 days unless set). */
  APPROVAL_LINK_EXPIRY: seconds.default(APPROVAL_LINK_DEFAULT_SECONDS),
  /** Hours between the server's own backups; 0 turns them off. Unset: 24 in production, off otherwise. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 366)
    .optional(),
  /** How many finished backups the schedule keeps; older ones are removed, oldest first. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Where backups are written; <data folder>/backups unless set. */
  BACKUP_DIR: z.string().min(1).optional(),
});

type Env = z.infer<typeof envSchema>;
export type Config = Omit<
  Env,
  | "JWT_SECRET"
  | "MFA_ENCRYPTION_KEY"
  | "SITE_URL"
  | "DATA_DIR"
  | "STORAGE_DIR"
  | "BACKUP_INTERVAL_HOURS"
  | "BACKUP_DIR"
> & {
  JWT_SECRET: string;
  MFA_ENCRYPTION_KEY: string;
  SITE_URL: string;
  /** The engine and where its data lives, from DATABASE_URL. */
  DATABASE: DatabaseTarget;
  /** The folder of local files: the SQLite database's own folder, or DATA_DIR with PostgreSQL. */
  DATA_DIR: string;
  STORAGE_DIR: string;
  WEB_DIST: string;
  /** 0 when scheduled backups are off. */
  BACKUP_INTERVAL_HOURS: number;
  BACKUP_DIR: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** The repository root: the nearest folder above this file (source or bundle chunk) holding the workspace file. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}
const repoRoot = findRepoRoot(dirname(new URL(import.meta.url).pathname));

function resolvePath(path: string, base: string) {
  if (path === ":memory:") return path;
  return isAbsolute(path) ? path : resolve(base, path);
}

/** The data folder holds the database, secrets and stored files: nobody but the server's user reads it. */
const OWNER_ONLY_DIR = 0o700;

/** Outside production a missing secret is generated once and kept in the data folder (mode 0600). */
function developmentSecret(dir: string, name: "jwt-secret" | "mfa-encryption-key"): string {
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Reads `.env` at the repository root, if there is one; variables already set in the environment win. */
export function loadDotEnvFile(root = repoRoot) {
  const file = join(root, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Parses the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = repoRoot): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`);
  if (parsed.success) {
    const e = parsed.data;
    if (e.NODE_ENV === "production" && !e.JWT_SECRET) problems.push("JWT_SECRET: is required in production");
    if (e.NODE_ENV === "production" && !e.MFA_ENCRYPTION_KEY)
      problems.push("MFA_ENCRYPTION_KEY: is required in production");
    if (e.MAIL_TRANSPORT === "smtp" && !e.SMTP_URL)
      problems.push("SMTP_URL: is required when MAIL_TRANSPORT=smtp");
    if (e.AUTH_AUTOCONFIRM && e.STAFF_EMAIL_DOMAINS.length > 0)
      problems.push(
        "AUTH_AUTOCONFIRM and STAFF_EMAIL_DOMAINS: cannot be used together: autoconfirm never proves the " +
          "mailbox, so anyone could sign up an address on a staff domain and get the staff role",
      );
    if (e.NODE_ENV === "production" && e.DEV_MAIL_UI)
      problems.push("DEV_MAIL_UI: must not be true in production (it would serve every one-time link)");
  }
  let database: DatabaseTarget | undefined;
  if (parsed.success) {
    try {
      database = parseDatabaseUrl(parsed.data.DATABASE_URL, cwd);
    } catch (err) {
      problems.push(`DATABASE_URL: ${(err as Error).message}`);
    }
  }
  if (problems.length > 0 || !parsed.success || !database) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir =
    database.engine === "sqlite" && database.path !== ":memory:"
      ? dirname(database.path)
      : resolvePath(e.DATA_DIR, cwd);
  // Only folders made here get the owner-only mode: an existing folder the operator chose keeps theirs.
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  return {
    ...e,
    DATABASE: database,
    DATA_DIR: dataDir,
    STORAGE_DIR: e.STORAGE_DIR ? resolvePath(e.STORAGE_DIR, cwd) : join(dataDir, "storage"),
    // A production install is backed up daily unless told otherwise; a developer's laptop is not.
    BACKUP_INTERVAL_HOURS: e.BACKUP_INTERVAL_HOURS ?? (e.NODE_ENV === "production" ? 24 : 0),
    BACKUP_DIR: e.BACKUP_DIR ? resolvePath(e.BACKUP_DIR, cwd) : join(dataDir, "backups"),
    JWT_SECRET: e.JWT_SECRET ?? developmentSecret(dataDir, "jwt-secret"),
    MFA_ENCRYPTION_KEY: e.MFA_ENCRYPTION_KEY ?? developmentSecret(dataDir, "mfa-encryption-key"),
    SITE_URL: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    WEB_DIST: resolvePath(e.WEB_DIST ?? "web/dist", repoRoot),
  };
}

/** What the back office asks of a session: a second factor when AUTH_REQUIRE_AAL2 is set. */
export const backOfficeAal = (config: Pick<Config, "AUTH_REQUIRE_AAL2">) =>
  config.AUTH_REQUIRE_AAL2 ? ("aal2" as const) : ("aal1" as const);
