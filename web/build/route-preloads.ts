import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

/** Where the server finds, per public path, the scripts that path will import right after the entry. */
export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";

const LAYOUT = "src/app/layouts/public-layout.tsx";

/** The public pages' route modules (router.tsx's lazy imports for the site's layout). */
export const PUBLIC_ROUTE_MODULES: Record<string, string> = {
  "/": "src/app/routes/home-page.tsx",
  "/about": "src/features/marketing/routes/about-page.tsx",
  "/services": "src/features/marketing/routes/services-page.tsx",
  "/projects": "src/features/marketing/routes/projects-page.tsx",
  "/work-with-us": "src/features/careers/routes/work-with-us-page.tsx",
  "/contact": "src/features/contact/routes/contact-page.tsx",
};

/**
 * The router loads a public page's layout and then its page lazily: without a hint the browser learns of
 * those chunks only after running the entry, then the layout. This writes the chunks each public path
 * needs (its layout's and page's static import graph, less the entry's own) so the server can list them
 * as modulepreload links in that path's HTML and the downloads start with the entry's.
 */
export function routePreloads(): Plugin {
  return {
    name: "route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) {
        if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId.replaceAll("\\", "/"), chunk);
      }
      const chunkOf = (module: string) => {
        const found = [...byModule.entries()].find(([id]) => id.endsWith(`/${module}`))?.[1];
        if (!found) throw new Error(`route-preloads: ${module} is not a chunk of this build`);
        return found;
      };
      const staticGraph = (start: OutputChunk, into: Set<string>) => {
        if (into.has(start.fileName)) return;
        into.add(start.fileName);
        for (const file of start.imports) {
          const next = bundle[file];
          if (next?.type === "chunk") staticGraph(next, into);
        }
      };
      const entryFiles = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) staticGraph(chunk, entryFiles);
      const preloads: Record<string, string[]> = {};
      for (const [path, module] of Object.entries(PUBLIC_ROUTE_MODULES)) {
        const files = new Set<string>();
        staticGraph(chunkOf(LAYOUT), files);
        staticGraph(chunkOf(module), files);
        preloads[path] = [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({
        type: "asset",
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}
