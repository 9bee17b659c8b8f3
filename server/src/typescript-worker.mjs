// A worker thread's entry when the server runs from source: Node 20 cannot load TypeScript, and a
// worker does not inherit the loader the process runs under, so this registers tsx's and then loads
// the worker module named by the first argument (see worker-module.ts).
import { register } from "tsx/esm/api";

register();
await import(process.argv[2]);
