// `npm run cli -- <command>`: the operator CLI through npm alone. It runs the CLI's source with the
// workspace's tsx, so neither pnpm on the PATH nor a fresh build is needed; a missing install is done first,
// its progress on stderr so a command's own output (a key, a list) stays clean on stdout.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { installDependencies, root } from "./lib/toolchain.mjs";

const server = join(root, "server");
const tsx = join(server, "node_modules", ".bin", "tsx");

try {
  if (!existsSync(tsx)) installDependencies({ stdio: ["ignore", process.stderr, "inherit"] });
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}
const res = spawnSync(tsx, [join("src", "cli.ts"), ...process.argv.slice(2)], {
  cwd: server,
  stdio: "inherit",
});
if (res.error) console.error(res.error.message);
process.exit(res.status ?? 1);
