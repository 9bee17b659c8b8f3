import fc from "fast-check";
import { afterEach, beforeEach } from "vitest";
import { checkConsoleErrors, watchConsoleErrors } from "../../test-support/console-errors";

beforeEach(watchConsoleErrors);
afterEach(checkConsoleErrors);

// Property tests use a fixed seed so a run is reproducible (CI never flakes on a new random draw);
// set FC_SEED to explore other inputs locally.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });
