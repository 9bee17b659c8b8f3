import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { BackupError } from "./manifest";

export type PgTool = "pg_dump" | "pg_restore";

/** The tool on the PATH (Debian's /usr/bin wrappers pick the newest installed client), or a clear error. */
function findPgTool(tool: PgTool, env: NodeJS.ProcessEnv = process.env): string {
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, tool);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  throw new BackupError(
    `${tool} was not found on the PATH. Backups of a PostgreSQL database need the PostgreSQL client ` +
      "programs, of the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client).",
  );
}

/**
 * A connection URL split so the password travels in PGPASSWORD, never in the command line, which any
 * user of the machine can read in the process list.
 */
function connection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a client tool against a database; rejects with its own error output (never the password). */
export function runPgTool(
  tool: PgTool,
  args: string[],
  opts: { url?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const env = opts.env ?? process.env;
  const bin = findPgTool(tool, env);
  const target = opts.url ? connection(opts.url) : undefined;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, target ? [...args, `--dbname=${target.dbname}`] : args, {
      env: { ...env, ...target?.env, PGCONNECT_TIMEOUT: "10" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    child.once("error", (e) => reject(new BackupError(`${tool} could not run: ${e.message}`)));
    child.once("close", (code) => {
      if (code === 0) return resolve(Buffer.concat(out).toString("utf8"));
      const said = Buffer.concat(err).toString("utf8").trim().split("\n").slice(0, 5).join("\n");
      reject(new BackupError(`${tool} failed (exit ${code}): ${said || "no message"}`));
    });
  });
}
