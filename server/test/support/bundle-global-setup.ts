import { ensureServerBundle } from "../../../scripts/lib/server-bundle.mjs";

/**
 * The suites that run the server or the CLI in processes of their own run the bundle, as `npm start` and
 * `npm run cli` do: built here when missing or older than the sources (`npm test` has just built it), so
 * a single file run after an edit tests the edit.
 */
export default function setup() {
  ensureServerBundle();
}
