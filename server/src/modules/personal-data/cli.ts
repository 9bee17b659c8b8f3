import { writeFile } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { storageWithDocumentLocks } from "../legal/document-files";
import { erasureLogFor } from "./erasure-log";
import { parseAddress } from "./request";
import { type Operator, personalDataService } from "./service";

/** `npm run cli -- gdpr …`: the same service as the admin API, run by an operator on the server. */

type Option = (args: string[], name: string) => string | undefined;
type WithDatabase = <T>(config: Config, fn: (db: Database) => Promise<T>) => Promise<T>;

const CLI: Operator = { actorId: null, requester: { ip: "cli", userAgent: "npm run cli" } };

function serviceFor(db: Database, config: Config) {
  const storage = storageWithDocumentLocks({ db, dir: config.STORAGE_DIR, now: Date.now });
  return personalDataService({ db, storage, now: Date.now, erasureLog: erasureLogFor(config) });
}

/**
 * Erasure cannot be undone: at a terminal the operator types the address again; without one (a script,
 * a pipe) nothing is asked and --yes must say it.
 */
async function confirmErasure(email: string, hasYes: boolean) {
  if (hasYes) return;
  if (!process.stdin.isTTY) throw new Error("standard input is not a terminal: pass --yes to erase");
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const typed = await rl.question(
      `This erases everything held about ${email} and cannot be undone.\nType the address to confirm: `,
    );
    if (typed.trim().toLowerCase() !== email)
      throw new Error("the address typed does not match: nothing erased");
  } finally {
    rl.close();
  }
}

const countRows = (data: Record<string, unknown>) =>
  Object.values(data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : v ? 1 : 0), 0);

export function personalDataCommands({
  option,
  withDatabase,
}: {
  option: Option;
  withDatabase: WithDatabase;
}) {
  return {
    "gdpr export": async (args: string[], { config }: { config: Config }) => {
      const email = parseAddress(option(args, "email"));
      const out = option(args, "out");
      const result = await withDatabase(config, (db) => serviceFor(db, config).exportData(email, CLI));
      const json = `${JSON.stringify(result, null, 2)}\n`;
      if (!out) return void process.stdout.write(json);
      // Personal data: readable by the operator only.
      await writeFile(out, json, { mode: 0o600 });
      console.log(
        result.found
          ? `Wrote ${out}: ${countRows(result.data)} record(s) about ${email}.`
          : `Wrote ${out}: nothing is held about ${email}.`,
      );
    },
    "gdpr erase": async (args: string[], { config }: { config: Config }) => {
      const email = parseAddress(option(args, "email"));
      await confirmErasure(email, args.includes("--yes"));
      const summary = await withDatabase(config, (db) => serviceFor(db, config).eraseData(email, CLI));
      if (!summary.found) return void console.log(`Nothing is held about ${email}; nothing changed.`);
      console.log(`Erased the personal data of ${email}. Rows changed per table:`);
      for (const [table, n] of Object.entries(summary.changed).sort())
        console.log(`  ${table.padEnd(26)} ${n}`);
      console.log(
        `Fully signed documents kept (party marked erased on request): ${summary.kept_signed_documents}`,
      );
      console.log(`Files removed: ${summary.removed_files}`);
    },
  };
}
