// `pnpm bench` (the throughput suite), `pnpm bench:scale` (cost as the data grows) and `pnpm bench:soak`
// (memory under steady traffic): install, build the server for production, then run the benchmark in
// server/bench. The full suite serves the built web app too, so it builds everything.
import { buildAll } from "./build.mjs";
import { installDependencies, pnpmRun } from "./lib/toolchain.mjs";

const benches = { suite: "bench/suite.mjs", scale: "bench/scale.mjs", soak: "bench/soak.mjs" };
const which = process.argv[2] ?? "suite";
if (!(which in benches)) {
  console.error(`unknown benchmark ${which}; one of ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}

try {
  installDependencies();
  if (which === "suite") buildAll();
  else pnpmRun(["--filter", "@app/server", "run", "build"]);
  pnpmRun(["--filter", "@app/server", "exec", "node", benches[which]]);
} catch (err) {
  // The benchmark has printed its own error; say only which step failed.
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}
