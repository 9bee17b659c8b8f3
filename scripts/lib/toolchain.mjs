// Brings pnpm and the workspace's dependencies onto a machine that has only Node and npm.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const pnpmVersion = pkg.packageManager.split("@")[1];
const localPnpm = join(root, ".tools", "node_modules", ".bin", "pnpm");

/**
 * Environment for installs: node-gyp must build native addons against the running Node's own headers
 * (`/usr/include/node` for a distribution's Node, `<prefix>/include/node` for nodejs.org's builds) rather
 * than download them.
 */
function installEnv() {
  const env = { ...process.env };
  const prefix = dirname(dirname(process.execPath));
  if (!env.npm_config_nodedir && existsSync(join(prefix, "include", "node", "node.h")))
    env.npm_config_nodedir = prefix;
  return env;
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    const err = new Error(`${cmd} ${args.join(" ")} exited with ${res.status ?? res.signal}`);
    err.exitCode = res.status ?? 1;
    throw err;
  }
}

function pnpmOnPath() {
  const res = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  return res.status === 0 && res.stdout.trim() === pnpmVersion;
}

/** The pnpm binary pinned by package.json's packageManager, installed into .tools/ when missing. */
export function pnpm() {
  if (pnpmOnPath()) return "pnpm";
  if (!existsSync(localPnpm)) {
    console.log(`> installing pnpm ${pnpmVersion} into .tools/`);
    run("npm", [
      "install",
      "--prefix",
      join(root, ".tools"),
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `pnpm@${pnpmVersion}`,
    ]);
  }
  return localPnpm;
}

export function pnpmRun(args, { env, ...opts } = {}) {
  run(pnpm(), args, { ...opts, env: { ...installEnv(), ...env } });
}

/** Installs the workspace's dependencies exactly as the lockfile pins them. */
export function installDependencies(opts = {}) {
  const frozen = existsSync(join(root, "pnpm-lock.yaml")) ? ["--frozen-lockfile"] : [];
  pnpmRun(["install", ...frozen, "--reporter=append-only"], { ...opts, env: { CI: "true" } });
}
