// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * Sizes, not timings: builds the production bundle once and reads Vite's manifest to find exactly
 * which files each route pulls in before any interaction (its static import graph).
 */
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const KIB = 1024;
const HOME_JS_BUDGET = 110 * KIB;
const HOME_CSS_BUDGET = 25 * KIB;
const APP_FIRST_LOAD_JS_BUDGET = 170 * KIB;
const SCREEN_CHUNK_BUDGET = 30 * KIB;

const webRoot = resolve(import.meta.dirname, "../..");
const ENTRY = "index.html";
const LAYOUT = "src/app/layouts/public-layout.tsx";
const PUBLIC_ROUTES = [
  "src/app/routes/home-page.tsx",
  "src/features/marketing/routes/about-page.tsx",
  "src/features/marketing/routes/services-page.tsx",
  "src/features/marketing/routes/projects-page.tsx",
  "src/features/careers/routes/work-with-us-page.tsx",
  "src/features/contact/routes/contact-page.tsx",
  "src/app/routes/not-found-page.tsx",
];
const PRIVATE_ROUTES = [
  "src/features/auth/routes/sign-in-page.tsx",
  "src/app/routes/back-office/app-root.tsx",
];

/*
 * Source folders only the sign-in page and the back office use. Shared primitives (button, card, lucide)
 * land in shared chunks that both sides load, which is fine; code from these folders must never reach a
 * public page.
 */
const PRIVATE_SOURCE_DIRS = [
  "/src/features/auth/",
  "/src/features/backoffice/",
  "/src/app/routes/back-office/",
  "/src/features/dashboard/",
  "/src/features/crm/",
  "/src/features/portfolio/",
  "/src/features/legal/",
  "/src/features/inbox/",
  // The back office's events screen; the rest of the events feature is the home page's list.
  "/src/features/events/routes/",
  "/src/features/events/api/manage-events.ts",
  "/src/features/events/components/event-form-dialog.tsx",
  "/src/features/events/components/poster-picker.tsx",
  "/src/features/events/components/delete-event-dialog.tsx",
  "/src/lib/table-writes.ts",
  "/src/lib/storage-upload.ts",
  "/src/lib/use-auth.ts",
  "/packages/auth-client/",
];

/** What a signed-in visit to /app loads before any interaction: the auth area, the shell, the dashboard. */
const APP_FIRST_LOAD = [
  ENTRY,
  "src/features/auth/components/auth-provider.tsx",
  "src/features/auth/components/require-staff.tsx",
  "src/app/routes/back-office/app-root.tsx",
  "src/features/dashboard/routes/dashboard-page.tsx",
];

/** Every back-office screen, read from the route table so a new screen is budgeted without editing this. */
const BACK_OFFICE_SCREENS = [
  ...new Set(
    [
      ...readFileSync(join(webRoot, "src/app/routes/back-office/back-office-routes.tsx"), "utf8").matchAll(
        /import\("@\/([^"]+)"\)/g,
      ),
    ].map((match) => `src/${match[1]}.tsx`),
  ),
];

let outDir = "";
let manifest: Manifest = {};
/** Output file → the source modules bundled into it, from Rollup's build result. */
const modulesByFile = new Map<string, string[]>();

/**
 * The manifest's key for a source module: its own when it is a chunk's entry, else the key of the chunk
 * build/signed-in-chunks.ts grouped it into (a group's chunk is keyed by its file, not by its modules).
 */
function keyOf(module: string) {
  if (manifest[module] || module === ENTRY) return module;
  const file = [...modulesByFile].find(([, ids]) =>
    ids.some((id) => id.replaceAll("\\", "/").endsWith(`/${module}`)),
  )?.[0];
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
  if (!key) throw new Error(`${module} is in no chunk of the build manifest`);
  return key;
}

function collect(modules: string[]) {
  const keys = modules.map(keyOf);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const chunks = [...seen].map((key) => manifest[key] as ManifestChunk);
  return {
    js: new Set(chunks.map((chunk) => chunk.file)),
    css: new Set(chunks.flatMap((chunk) => chunk.css ?? [])),
  };
}

function gzippedSize(files: Set<string>) {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(outDir, file))).length;
  return total;
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "web-size-budget-"));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    const result = await build({
      root: webRoot,
      configFile: join(webRoot, "vite.config.ts"),
      mode: "production",
      logLevel: "silent",
      build: { outDir, emptyOutDir: true },
    });
    for (const output of [result].flat()) {
      if (!("output" in output)) continue;
      for (const chunk of output.output) {
        if (chunk.type === "chunk") modulesByFile.set(chunk.fileName, chunk.moduleIds);
      }
    }
  } finally {
    process.env.NODE_ENV = previousNodeEnv;
  }
  manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("production bundle size budgets", () => {
  it("keeps the home page's JavaScript within 110 KiB gzipped", () => {
    const home = collect([ENTRY, LAYOUT, "src/app/routes/home-page.tsx"]);
    expect(gzippedSize(home.js)).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });

  it("keeps the home page's CSS within 25 KiB gzipped", () => {
    const home = collect([ENTRY, LAYOUT, "src/app/routes/home-page.tsx"]);
    expect(gzippedSize(home.css)).toBeLessThanOrEqual(HOME_CSS_BUDGET);
  });

  it("keeps the first signed-in /app load within 170 KiB of JavaScript gzipped", () => {
    const app = collect(APP_FIRST_LOAD);
    expect(gzippedSize(app.js)).toBeLessThanOrEqual(APP_FIRST_LOAD_JS_BUDGET);
  });

  it("keeps each back-office screen's own chunk within 30 KiB gzipped", () => {
    expect(BACK_OFFICE_SCREENS.length).toBeGreaterThan(10);
    // The dashboard's own chunk is the shell's (see keyOf): it loads with /app's first paint.
    for (const screen of BACK_OFFICE_SCREENS) {
      const chunk = manifest[keyOf(screen)];
      expect(chunk, screen).toBeDefined();
      const size = gzippedSize(new Set([chunk?.file ?? ""]));
      expect(size, screen).toBeLessThanOrEqual(SCREEN_CHUNK_BUDGET);
    }
  });

  it("never loads sign-in or back-office code on a public page", () => {
    const isPrivateModule = (id: string) =>
      PRIVATE_SOURCE_DIRS.some((dir) => id.replaceAll("\\", "/").includes(dir));
    const privateRouteFiles = new Set(PRIVATE_ROUTES.map((route) => manifest[keyOf(route)]?.file));
    // Guards the check below against passing vacuously (e.g. if Rollup stopped reporting module ids).
    const privateRouteModules = [...privateRouteFiles].flatMap((file) => modulesByFile.get(file ?? "") ?? []);
    expect(privateRouteModules.filter(isPrivateModule).length).toBeGreaterThan(0);
    for (const route of PUBLIC_ROUTES) {
      const loaded = [...collect([ENTRY, LAYOUT, route]).js];
      expect(
        loaded.filter((file) => privateRouteFiles.has(file)),
        route,
      ).toEqual([]);
      const privateModules = loaded.flatMap((file) => modulesByFile.get(file) ?? []).filter(isPrivateModule);
      expect(privateModules, route).toEqual([]);
    }
  });
});
