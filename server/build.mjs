// Bundles the server, its workspace packages and its npm dependencies into dist/ (one file to load is
// most of a fast cold start). Native addons and packages that read their own files at run time stay external.
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { build } from "esbuild";

const external = ["better-sqlite3", "better-sqlite3-v12", "bcrypt", "sharp", "swagger-ui-dist"];

// Worker threads load a module file of their own (src/worker-module.ts): each is an entry point, and every
// output, entry or shared chunk, goes into dist/ itself, so a worker sits beside whatever file starts it.
const workers = ["src/modules/auth/password-worker.ts", "src/modules/backups/sqlite-snapshot-worker.ts"];
const entry = (file) => ({ in: file, out: basename(file, ".ts") });

await build({
  entryPoints: ["src/main.ts", "src/cli.ts", "src/http/openapi-document.ts", ...workers].map(entry),
  outdir: "dist",
  bundle: true,
  splitting: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external,
  logLevel: "warning",
  chunkNames: "chunk-[hash]",
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// The API's OpenAPI document is the same for every process of this build: made once here, read at run time.
const { openApiDocumentJson } = await import("./dist/openapi-document.js");
writeFileSync("dist/openapi.json", openApiDocumentJson());
