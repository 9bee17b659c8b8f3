// `pnpm dev`: the server in watch mode on :3000 and Vite's dev server (proxying the API) on :5173.
import { spawn } from "node:child_process";
import { installDependencies, pnpm, root } from "./lib/toolchain.mjs";

installDependencies();
const children = [
  spawn(pnpm(), ["--filter", "@app/server", "run", "dev"], { cwd: root, stdio: "inherit" }),
  spawn(pnpm(), ["--filter", "@app/web", "run", "dev"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
