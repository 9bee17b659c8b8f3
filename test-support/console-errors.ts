/**
 * A test fails when something writes to console.error that the test did not say it expects: a React
 * warning (act, keys, prop types), an unhandled rejection a library logged, a component's error log.
 * Each vitest project's setup file calls `watchConsoleErrors` before and `checkConsoleErrors` after every
 * test (not once at import: the projects load their modules once per run, and hooks belong to a test).
 * The hooks come from the project's own vitest, so this module imports none.
 */

interface Expected {
  pattern: RegExp;
  seen: boolean;
}

let original: typeof console.error | undefined;
let expected: Expected[] = [];
let unexpected: string[] = [];
let written: string[] = [];

/** Declares, for the running test only, a console.error line it causes on purpose; the test fails if none comes. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push({ pattern, seen: false });
}

/** The console.error lines the running test has written, expected or not (for asserting on their content). */
export function consoleErrorsWritten(): readonly string[] {
  return written;
}

const show = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack ?? String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * The line as the console would print it, near enough to match a pattern against: React's warnings are
 * printf-style ("Warning: ... %s"). Not node:util's format, because the browser-side packages type-check
 * this file without Node's types.
 */
function format(args: unknown[]): string {
  const [first, ...rest] = args;
  const text =
    typeof first === "string"
      ? first.replace(/%[sdifoOjc]/g, () => (rest.length > 0 ? show(rest.shift()) : ""))
      : show(first);
  return [text, ...rest.map(show)].join(" ");
}

function guard(...args: unknown[]): void {
  const line = format(args);
  written.push(line);
  const match = expected.find((e) => e.pattern.test(line));
  if (match) {
    match.seen = true;
    return;
  }
  // Where it was written from, past this guard: the frames that say which code to fix.
  const where = (new Error().stack ?? "").split("\n").slice(2, 8).join("\n");
  unexpected.push(`${line}\n${where}`);
}

export function watchConsoleErrors(): void {
  expected = [];
  unexpected = [];
  written = [];
  original ??= console.error;
  console.error = guard;
}

export function checkConsoleErrors(): void {
  if (original) console.error = original;
  original = undefined;
  const problems = [
    ...unexpected.map(
      (line) => `unexpected console.error (call expectConsoleError if the test causes it):\n${line}`,
    ),
    ...expected
      .filter((e) => !e.seen)
      .map((e) => `expected a console.error matching ${e.pattern}, none was written`),
  ];
  expected = [];
  unexpected = [];
  if (problems.length > 0) throw new Error(problems.join("\n\n"));
}
