// Builds the web app (web/dist) and the server bundle (server/dist).
import { pnpmRun } from "./lib/toolchain.mjs";

export function buildAll() {
  pnpmRun(["--filter", "@app/web", "run", "build"]);
  pnpmRun(["--filter", "@app/server", "run", "build"]);
}

if (import.meta.url === `file://${process.argv[1]}`) buildAll();
