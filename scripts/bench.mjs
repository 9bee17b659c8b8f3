// `pnpm bench`: build for production, then run the benchmark suite (server/bench/suite.mjs).
import { buildAll } from "./build.mjs";
import { installDependencies, pnpmRun } from "./lib/toolchain.mjs";

installDependencies();
buildAll();
pnpmRun(["--filter", "@app/server", "exec", "node", "bench/suite.mjs"]);
