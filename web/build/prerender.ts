import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig, type Rollup } from "vite";

/** Where the server finds each public page's prerendered markup (path → the root's inner HTML). */
const PRERENDERED_FILE = ".vite/prerendered.json";

const ENTRY = "src/entry-prerender.tsx";

function entryFile(output: Awaited<ReturnType<typeof build>>) {
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!("output" in result)) continue;
    const entry = result.output.find(
      (item): item is Rollup.OutputChunk => item.type === "chunk" && item.isEntry,
    );
    if (entry) return entry.fileName;
  }
  throw new Error("prerender: the server build produced no entry");
}

/**
 * After the browser build: a server build of entry-prerender.tsx, run once to render every public page
 * into PRERENDERED_FILE, then deleted (it is not shipped; the server only reads the JSON). The server
 * build goes under node_modules so its externalised imports (react, react-router) resolve from here.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "prerender",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const serverDir = join(config.root, "node_modules", ".prerender");
      try {
        const output = await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: "warn",
          build: {
            ssr: ENTRY,
            outDir: serverDir,
            emptyOutDir: true,
            manifest: false,
            copyPublicDir: false,
            minify: false,
          },
        });
        const entry = pathToFileURL(join(serverDir, entryFile(output))).href;
        const { prerenderPublicPages } = (await import(entry)) as {
          prerenderPublicPages: () => Promise<Record<string, string>>;
        };
        const pages = await prerenderPublicPages();
        writeFileSync(
          join(resolve(config.root, config.build.outDir), PRERENDERED_FILE),
          JSON.stringify(pages),
        );
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
