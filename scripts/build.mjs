// Builds the web app (web/dist, with brotli and gzip twins of its text files) and the server bundle (server/dist).
import { join } from "node:path";
import { precompressDir } from "./lib/precompress.mjs";
import { pnpmRun, root } from "./lib/toolchain.mjs";

export function buildAll() {
  pnpmRun(["--filter", "@app/web", "run", "build"]);
  precompressDir(join(root, "web", "dist"));
  pnpmRun(["--filter", "@app/server", "run", "build"]);
}

if (import.meta.url === `file://${process.argv[1]}`) buildAll();
