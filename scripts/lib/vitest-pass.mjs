// A vitest run in the background: its output kept in a log file, its report in a JSON file, so several
// runs can go on at once without interleaving their output.
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { root } from "./toolchain.mjs";

/** Starts `vitest run` on `node` for `projects`, in `workers` processes; resolves to its exit status. */
export function startVitestPass({ node = process.execPath, projects, workers = 1, json, log, env }) {
  const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
  const selected = [...projects.flatMap((name) => ["--project", name]), `--maxWorkers=${workers}`];
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${json}`];
  const out = openSync(log, "w");
  const child = spawn(node, [vitest, "run", ...selected, ...reporters], {
    cwd: root,
    stdio: ["ignore", out, out],
    env: { ...process.env, ...env },
  });
  closeSync(out);
  return new Promise((resolve) => {
    child.on("error", (err) => {
      console.error(`vitest (${projects.join(", ")}): ${err.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Prints how a background pass went: its time and its log's last lines (more of them when it failed). */
export function reportVitestPass(title, status, log, startedAt) {
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  console.log(`\n=== ${title}, ${minutes} min (${relative(root, log)})`);
  const lines = existsSync(log) ? readFileSync(log, "utf8").trimEnd().split("\n") : [];
  console.log(lines.slice(status === 0 ? -6 : -40).join("\n"));
}
