// Browser tests drive Debian's Chromium; Playwright's own browser download cannot work on these machines.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((p) => existsSync(p));
}

/** Installs Debian's chromium with apt when it is missing and we are root; otherwise says what to do. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("> installing Debian's chromium for the browser tests");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [
      ["update", "-qq"],
      ["install", "-y", "-qq", "chromium"],
    ]) {
      const res = spawnSync("apt-get", args, { stdio: "inherit", env });
      if (res.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    "No Chromium found for the browser tests. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.",
  );
}
