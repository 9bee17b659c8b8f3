import { dirname, resolve } from "node:path";
import type { Plugin, Rollup } from "vite";

/*
 * The modules a signed-in visit to /app runs before its first paint: the auth area, the staff gate, the
 * shell and the dashboard. Left to the bundler they land in some forty small chunks, one per set of
 * screens that shares them, and a phone fetches those six at a time.
 */
const AUTH_ROOTS = [
  "src/features/auth/components/auth-provider.tsx",
  "src/features/auth/routes/sign-in-page.tsx",
];
const APP_ROOTS = [
  "src/features/auth/components/auth-provider.tsx",
  "src/features/auth/components/require-staff.tsx",
  "src/app/routes/back-office/app-root.tsx",
  "src/features/dashboard/routes/dashboard-page.tsx",
];
/** The sign-in area's and the back office's lazily loaded modules: a walk of the public side stops there. */
const PRIVATE_ROOTS = [
  ...APP_ROOTS,
  "src/features/auth/routes/sign-in-page.tsx",
  "src/features/auth/routes/setup-page.tsx",
  "src/features/auth/routes/set-password-page.tsx",
];
const ENTRY = "src/main.tsx";
/**
 * What the entry's own chunks hold for certain (React, the class-name helpers). The entry's import graph
 * also names modules the bundler leaves out of it (what a barrel like the contracts' index re-exports),
 * so a shared module that imports anything else would pull that into every public page.
 */
const IN_ENTRY_CHUNK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|clsx|tailwind-merge|class-variance-authority)[\\/]|[\\/]web[\\/]src[\\/]lib[\\/]utils\.ts$/;
/** A module up to this size (its transformed source, in characters) can join the shared chunk. */
const SMALL_MODULE = 3000;

/**
 * Packages imported through one index that re-exports every part (each icon, each Radix primitive). The
 * bundler keeps only the parts a module names, so the walk follows those names instead of the index's
 * every import, which would make everything reachable from everywhere.
 */
const BARREL =
  /[\\/]node_modules[\\/](lucide-react|radix-ui)[\\/]dist[\\/](esm[\\/]lucide-react\.js|index\.mjs)$/;
const BARREL_SPECIFIERS = ["lucide-react", "radix-ui"];

type ModuleInfo = Rollup.ModuleInfo;
type Lookup = (id: string) => ModuleInfo | null;

/** Export name → the module it comes from, for an index of re-exports (`export { default as X } from`, `import * as X`). */
function barrelTargets(barrel: ModuleInfo): Map<string, string> {
  const targets = new Map<string, string>();
  const code = barrel.code ?? "";
  const target = (specifier: string) =>
    specifier.startsWith(".")
      ? resolve(dirname(barrel.id), specifier)
      : barrel.importedIds.find((id) => id.replaceAll("\\", "/").includes(`/node_modules/${specifier}/`));
  for (const [, names, specifier] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const id = target(specifier as string);
    if (!id) continue;
    for (const name of (names as string).split(",")) {
      const exported = name
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (exported) targets.set(exported, id);
    }
  }
  for (const [, name, specifier] of code.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g)) {
    const id = target(specifier as string);
    if (id) targets.set(name as string, id);
  }
  return targets;
}

/** The names a module imports from a barrel package, or null when it imports the whole namespace. */
function namesFrom(importer: ModuleInfo, specifier: string): string[] | null {
  const code = importer.code ?? "";
  const names: string[] = [];
  const quoted = specifier.replace(/[-/]/g, "\\$&");
  for (const [, list] of code.matchAll(
    new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, "g"),
  ))
    for (const name of (list as string).split(",")) {
      const imported = name
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (imported && !imported.startsWith("type ")) names.push(imported);
    }
  if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s+from\\s*["']${quoted}["']`).test(code)) return null;
  return names;
}

function importsOf(lookup: Lookup, barrels: Map<string, Map<string, string>>, withDynamic: boolean) {
  return (info: ModuleInfo): string[] => {
    const out: string[] = [];
    for (const id of info.importedIds) {
      const barrel = barrels.get(id);
      const specifier = BARREL_SPECIFIERS.find((s) =>
        id.replaceAll("\\", "/").includes(`/node_modules/${s}/`),
      );
      const names = barrel && specifier ? namesFrom(info, specifier) : null;
      if (!barrel || !names) {
        out.push(id);
        continue;
      }
      for (const name of names) {
        const target = barrel.get(name);
        if (target && lookup(target)) out.push(target);
        else out.push(id); // a name the index does not map: follow the whole index rather than miss it
      }
    }
    if (withDynamic) out.push(...info.dynamicallyImportedIds);
    return out;
  };
}

function walk(
  lookup: Lookup,
  starts: string[],
  follow: (info: ModuleInfo) => string[],
  stop = new Set<string>(),
) {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = lookup(id);
    if (!info) continue;
    for (const next of follow(info)) if (!stop.has(next)) queue.push(next);
  }
  return seen;
}

/**
 * Fewer, larger chunks for the signed-in first load: what only the signed-in side runs before its first
 * paint goes into `auth` (what the sign-in page and /app share: the auth client and its provider) and
 * `back-office` (the staff gate, the shell, the dashboard); the small modules it shares with the public
 * pages go into `shared`. Every back-office screen renders inside the shell, so none of them loads more
 * than before; a public page loads the few KiB of `shared` it does not use, in one request instead of
 * several. The rest is the bundler's own split.
 */
export function signedInChunks(): Plugin {
  const groupOf = new Map<string, string>();
  return {
    name: "signed-in-chunks",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id: string) => groupOf.get(id) ?? null,
                  debugName: "signed-in-chunks",
                  // Their public dependencies stay in the chunks the public pages load them from.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      const lookup: Lookup = (id) => this.getModuleInfo(id);
      const find = (suffix: string) => {
        const found = ids.find((id) => id.replaceAll("\\", "/").endsWith(`/${suffix}`));
        if (!found) throw new Error(`signed-in-chunks: ${suffix} is not a module of this build`);
        return found;
      };
      const barrels = new Map<string, Map<string, string>>();
      for (const id of ids) {
        const info = BARREL.test(id) ? lookup(id) : null;
        if (info) barrels.set(id, barrelTargets(info));
      }
      const staticOnly = importsOf(lookup, barrels, false);
      const entry = walk(lookup, [find(ENTRY)], staticOnly);
      const publicSide = walk(
        lookup,
        [find(ENTRY)],
        importsOf(lookup, barrels, true),
        new Set(PRIVATE_ROOTS.map(find)),
      );
      const authFirst = walk(lookup, AUTH_ROOTS.map(find), staticOnly);
      const appFirst = walk(lookup, APP_ROOTS.map(find), staticOnly);
      // The small modules /app shares with the public side (icons, primitives, helpers) in one chunk, which
      // imports nothing but the entry's: a public page that needs one of them loads the others too (a
      // few KiB), rather than one more request per module.
      const small = new Set(
        [...appFirst].filter(
          (id) =>
            publicSide.has(id) &&
            !entry.has(id) &&
            !barrels.has(id) &&
            (lookup(id)?.code?.length ?? Infinity) <= SMALL_MODULE,
        ),
      );
      for (let changed = true; changed; ) {
        changed = false;
        for (const id of small) {
          const info = lookup(id);
          if (
            info &&
            staticOnly(info).every((dep) => small.has(dep) || (entry.has(dep) && IN_ENTRY_CHUNK.test(dep)))
          )
            continue;
          small.delete(id);
          changed = true;
        }
      }
      for (const id of appFirst) {
        if (entry.has(id) || barrels.has(id)) continue;
        if (small.has(id)) groupOf.set(id, "shared");
        else if (!publicSide.has(id)) groupOf.set(id, authFirst.has(id) ? "auth" : "back-office");
      }
    },
  };
}
