import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";

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
const url = z
  .string()
  .url()
  .transform((v) => v.replace(/\/+$/, ""));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z.string().min(1).default("./data/app.db"),
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  JWT_SECRET: z.string().min(32, "must be at least 32 bytes").optional(),
  JWT_EXPIRY: seconds.default(3600),
  SITE_URL: url.optional(),
  CORS_ORIGINS: list.default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v): boolean | number | string => {
      if (v === "true" || v === "false") return v === "true";
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
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
  STAFF_EMAIL_DOMAINS: list.default(""),
  ADDITIONAL_REDIRECT_URLS: list.default(""),
  REFRESH_TOKEN_REUSE_INTERVAL: seconds.default(10),
  SESSION_TIMEBOX: seconds.default(30 * 24 * 3600),
  SESSION_INACTIVITY_TIMEOUT: seconds.default(7 * 24 * 3600),
  OTP_EXPIRY: seconds.default(3600),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  PASSWORD_QUEUE_LIMIT: z.coerce.number().int().min(0).default(64),
  MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).default("outbox"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Slussen Sound <no-reply@localhost>"),
  RATE_LIMITS: bool.default("true"),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Omit<Env, "JWT_SECRET" | "SITE_URL"> & {
  JWT_SECRET: string;
  SITE_URL: string;
  DATABASE_PATH: string;
  WEB_DIST: string;
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

/** Outside production a missing secret is generated once and kept beside the database (mode 0600). */
function developmentSecret(databasePath: string): string {
  const dir = databasePath === ":memory:" ? join(repoRoot, "data") : dirname(databasePath);
  const file = join(dir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
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
    if (e.MAIL_TRANSPORT === "smtp" && !e.SMTP_URL)
      problems.push("SMTP_URL: is required when MAIL_TRANSPORT=smtp");
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const databasePath = resolvePath(e.DATABASE_URL.replace(/^(sqlite|file):(\/\/)?/, ""), cwd);
  if (databasePath !== ":memory:") mkdirSync(dirname(databasePath), { recursive: true });
  return {
    ...e,
    DATABASE_PATH: databasePath,
    JWT_SECRET: e.JWT_SECRET ?? developmentSecret(databasePath),
    SITE_URL: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    WEB_DIST: resolvePath(e.WEB_DIST ?? "web/dist", repoRoot),
  };
}
