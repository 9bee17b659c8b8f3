import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

/** Where the server finds, per public path, the scripts that path will import right after the entry. */
const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";

const LAYOUT = "src/app/layouts/public-layout.tsx";
const AUTH_AREA = "src/features/auth/components/auth-provider.tsx";
const SIGN_IN = "src/features/auth/routes/sign-in-page.tsx";

const BACK_OFFICE_MODULES = [
  AUTH_AREA,
  "src/features/auth/components/require-staff.tsx",
  "src/app/routes/back-office/app-root.tsx",
];

/**
 * The modules router.tsx loads lazily for each path: a public page's layout and page, the sign-in page's
 * auth area and page, and for every back-office path (`/app/*`) the auth area, the staff gate and the shell (and at `/app`
 * the dashboard's screen).
 */
const ROUTE_MODULES: Record<string, string[]> = {
  "/": [LAYOUT, "src/app/routes/home-page.tsx"],
  "/about": [LAYOUT, "src/features/marketing/routes/about-page.tsx"],
  "/services": [LAYOUT, "src/features/marketing/routes/services-page.tsx"],
  "/projects": [LAYOUT, "src/features/marketing/routes/projects-page.tsx"],
  "/work-with-us": [LAYOUT, "src/features/careers/routes/work-with-us-page.tsx"],
  "/contact": [LAYOUT, "src/features/contact/routes/contact-page.tsx"],
  "/privacy": [LAYOUT, "src/features/policies/routes/privacy-page.tsx"],
  "/terms": [LAYOUT, "src/features/policies/routes/terms-page.tsx"],
  "/events": [LAYOUT, "src/features/events/routes/events-page.tsx"],
  "/events/:id": [LAYOUT, "src/app/routes/event-route.tsx"],
  "/auth": [AUTH_AREA, SIGN_IN],
  "/login": [AUTH_AREA, SIGN_IN],
  "/app/*": BACK_OFFICE_MODULES,
  // The dashboard, where a sign-in lands: its screen too, so its heading paints without one more trip.
  "/app": [...BACK_OFFICE_MODULES, "src/features/dashboard/routes/dashboard-page.tsx"],
};

/**
 * The router loads a path's modules lazily, one after the other: without a hint the browser learns of each
 * chunk only after running the one before. This writes the chunks each path needs (the static import
 * graph of its modules, less the entry's own) so the server can list them as modulepreload links in that
 * path's HTML and the downloads start with the entry's.
 */
export function routePreloads(): Plugin {
  return {
    name: "route-preloads",
    // The browser build's chunks only: the prerender's server build (build/prerender.ts) has its own.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
      // A lazily loaded module is its own chunk's facade, or one of the modules of a chunk grouped by
      // build/signed-in-chunks.ts.
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) byModule.set(id.replaceAll("\\", "/"), chunk);
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
      for (const [path, modules] of Object.entries(ROUTE_MODULES)) {
        const files = new Set<string>();
        for (const module of modules) staticGraph(chunkOf(module), files);
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
