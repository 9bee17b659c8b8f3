// The import boundaries of server and web, written into biome.json's overrides from one list of rules.
// `node scripts/boundaries.mjs` rewrites them; `--check` (part of `npm run lint`) fails when they are stale,
// say after a new web feature or server module was added without rerunning the script.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib/toolchain.mjs";

const MARKER = "boundary";
const biomePath = join(root, "biome.json");

const folders = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** One override: in `includes`, imports matching `group` are refused with `message`. */
const restrict = (includes, group, message) => ({
  includes,
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: "error",
          options: { patterns: [{ group, message: `${message} [${MARKER}]` }] },
        },
      },
    },
  },
});

/**
 * Web: a feature imports neither another feature nor the app (the app composes features). Server: the
 * generic data API and the platform layer import no domain module (modules register their hooks in
 * app.ts), and a module reaches another module through its service, never its repository.
 */
function boundaryOverrides() {
  const features = folders("web/src/features").map((feature) =>
    restrict(
      [`web/src/features/${feature}/**`],
      ["@/app/**", "@/features/**", `!@/features/${feature}/**`],
      "A feature never imports another feature or the app: compose features in web/src/app, share code through web/src/components or web/src/lib.",
    ),
  );
  return [
    ...features,
    restrict(
      // Tests may sign a token with the auth module to exercise a layer.
      ["server/src/{rest,platform,db,http}/**", "!**/*.test.ts"],
      ["**/modules/**"],
      "The data API, platform, database and HTTP layers import no domain module: a module registers what it adds in server/src/app.ts.",
    ),
    restrict(
      ["server/src/modules/**"],
      ["../*/repository", "../*/*-repository", "../../modules/*/repository", "../../modules/*/*-repository"],
      "A module reaches another module through its service, never its repository.",
    ),
  ];
}

const isBoundary = (override) =>
  JSON.stringify(override).includes(`[${MARKER}]`) ||
  // Before the marker, each web feature had its own hand-written copy of the rule.
  JSON.stringify(override).includes("A feature never imports another feature");

const biome = JSON.parse(readFileSync(biomePath, "utf8"));
const others = (biome.overrides ?? []).filter((o) => !isBoundary(o));
const current = (biome.overrides ?? []).filter(isBoundary);
const wanted = boundaryOverrides();

if (process.argv.includes("--check")) {
  if (JSON.stringify(current) !== JSON.stringify(wanted)) {
    console.error("biome.json's import boundaries are stale: run `node scripts/boundaries.mjs`.");
    process.exit(1);
  }
} else {
  biome.overrides = [...others, ...wanted];
  writeFileSync(biomePath, `${JSON.stringify(biome, null, 2)}\n`);
  console.log(`biome.json: ${wanted.length} boundary rules written.`);
}
