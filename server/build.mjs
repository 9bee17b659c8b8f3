// Bundles the server, its workspace packages and its npm dependencies into dist/ (one file to load is
// most of a fast cold start). Native addons and packages that read their own files at run time stay external.
import { build } from "esbuild";

const external = ["better-sqlite3", "bcrypt", "swagger-ui-dist"];

await build({
  entryPoints: ["src/main.ts", "src/cli.ts"],
  outdir: "dist",
  bundle: true,
  splitting: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external,
  logLevel: "warning",
  chunkNames: "chunks/[name]-[hash]",
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
