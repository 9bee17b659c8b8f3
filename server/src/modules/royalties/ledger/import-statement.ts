import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { tables } from "@app/contracts";
import { stockholmDay } from "@app/contracts/stockholm-time";
import type { Database, Db } from "../../../db/database";
import { toApiRow } from "../../../db/stored-values";
import { AppError } from "../../../http/app-error";
import type { StagedUpload } from "../../storage/staging";
import { type ConvertedLine, readRoyaltyStatement } from "../import/read-royalty-statement";
import { StatementParseError } from "../import/statement-parse-error";
import type { RoyaltyCatalogue } from "./catalogue";
import { loadLineMatcher } from "./catalogue-index";
import type { LineMatch } from "./line-matcher";
import { findPeriod, writablePeriod } from "./periods";
import { mappingOfSource } from "./source-mapping";

/** Lines written per insert: well under both engines' limits on bound parameters (SQLite's 32,766). */
const BATCH = 500;
/** The longest exact decimal a line keeps; a longer one is garbage, not money. */
const MAX_DECIMAL_TEXT = 60;

export interface StatementUpload {
  staged: StagedUpload;
  catalogue: RoyaltyCatalogue;
  actorId: string | null;
  /** ISO-8601 time of the request. */
  at: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idField(fields: Record<string, string>, name: string, required: boolean): string | undefined {
  const value = fields[name]?.trim();
  if (!value) {
    if (!required) return undefined;
    throw new AppError("invalid_request", `The form needs the field ${name}`, { details: name });
  }
  if (!uuid.test(value))
    throw new AppError("invalid_request", `${name} must be an id (a UUID)`, { details: name });
  return value.toLowerCase();
}

/** SEK per unit of the statement's currency, as entered with the upload: a positive decimal. */
function rateField(fields: Record<string, string>): string | undefined {
  const value = fields.rate?.trim();
  if (!value) return undefined;
  if (!/^\d{1,9}(\.\d{1,12})?$/.test(value) || Number(value) <= 0)
    throw new AppError("invalid_request", "rate must be a positive decimal such as 10.4523 (SEK per unit)", {
      details: "rate",
    });
  return value;
}

/** The file's SHA-256, read as a stream: an import is identified by its bytes, whatever its name. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function refuseImportedFile(db: Db, sha256: string) {
  const earlier = await db
    .selectFrom("royalty_imports")
    .select(["id", "file_name", "created_at"])
    .where("file_sha256", "=", sha256)
    .executeTakeFirst();
  if (earlier)
    throw new AppError("royalty_file_imported", "This statement file has been imported already", {
      details: `Import ${earlier.id} (${earlier.file_name}, ${earlier.created_at}) has the same SHA-256`,
    });
}

const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

function lineRow(importId: string, line: ConvertedLine, match: LineMatch | null) {
  for (const [field, value] of [
    ["amount", line.amount],
    ["quantity", line.quantity],
  ] as const)
    if (value !== null && value.length > MAX_DECIMAL_TEXT)
      throw new StatementParseError({
        row: line.row,
        column: null,
        message: `The ${field} is too long to be money`,
      });
  return {
    id: randomUUID(),
    import_id: importId,
    row_number: line.row,
    usage_period: line.usage_period,
    store: clip(line.store, 200),
    territory: clip(line.territory, 50),
    isrc: line.isrc,
    upc: line.upc,
    iswc: line.iswc,
    work_number: clip(line.work_number, 50),
    title: clip(line.title, 500),
    artist: clip(line.artist, 500),
    right_type: clip(line.right_type, 20),
    quantity: line.quantity,
    amount: line.amount,
    currency: line.currency,
    amount_ore: line.amount_ore,
    work_id: match?.work_id ?? null,
    recording_id: match?.recording_id ?? null,
    match_method: match?.method ?? null,
  };
}

/**
 * Imports a staged statement file of a source into a period, all of it or nothing: its lines are read as
 * a stream, matched, and inserted in batches inside one transaction, so memory holds a batch, not the
 * file, and a bad row anywhere leaves no trace. The same bytes imported before are refused (409) before
 * anything is read, and by the unique SHA-256 should two uploads of them race.
 */
export async function importStatement(db: Database, { staged, catalogue, actorId, at }: StatementUpload) {
  const fields = staged.fields ?? {};
  const sourceId = idField(fields, "source_id", true) as string;
  const periodId = idField(fields, "period_id", false);
  const rate = rateField(fields);
  const stored = await db
    .selectFrom("royalty_sources")
    .selectAll()
    .where("id", "=", sourceId)
    .executeTakeFirst();
  if (!stored) throw new AppError("not_found", "No royalty source has this id", { details: "source_id" });
  const source = toApiRow(tables.royalty_sources, stored);
  const mapping = mappingOfSource(source);
  const currency = mapping.default_currency ?? source.default_currency;
  const sha256 = await sha256Of(staged.file);
  await refuseImportedFile(db, sha256);

  return db.withTransaction(async (trx) => {
    const period = writablePeriod(
      periodId ? await findPeriod(trx, periodId) : await periodOfDay(trx, stockholmDay(at)),
      "Nothing can be imported into it",
    );
    const importId = randomUUID();
    await trx
      .insertInto("royalty_imports")
      .values({
        id: importId,
        source_id: source.id,
        period_id: period.id,
        file_name: (staged.fileName ?? "statement").slice(0, 255),
        file_sha256: sha256,
        encoding: "",
        currency,
        rate: null,
        lines: 0,
        matched: 0,
        unmatched: 0,
        total_ore: 0,
        created_by: actorId,
        created_at: at,
      })
      .execute();
    const match = await loadLineMatcher(trx, catalogue, source.id);
    const reading = await readRoyaltyStatement(createReadStream(staged.file), mapping, {
      rates: rate && currency !== "SEK" ? { [currency]: rate } : {},
    });
    let batch: ReturnType<typeof lineRow>[] = [];
    const flush = async () => {
      if (batch.length > 0) await trx.insertInto("royalty_lines").values(batch).execute();
      batch = [];
    };
    let matched = 0;
    const currencies = new Set<string>();
    const rates = new Set<string>();
    try {
      for await (const line of reading.lines()) {
        const row = lineRow(importId, line, match(line));
        if (row.match_method) matched += 1;
        currencies.add(line.currency);
        rates.add(line.rate);
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
    } catch (err) {
      // An amount beyond what öre hold exactly is the file's fault, not the server's.
      if (err instanceof RangeError)
        throw new StatementParseError({ row: null, column: null, message: err.message });
      throw err;
    }
    await flush();
    const summary = reading.summary();
    const [only] = currencies;
    const [onlyRate] = rates;
    const values = {
      encoding: reading.encoding,
      // One currency for the whole file, or XXX (ISO 4217's "no currency") when its lines mix them.
      currency: currencies.size > 1 ? "XXX" : (only ?? currency),
      rate: currencies.size === 1 && only !== "SEK" && rates.size === 1 ? (onlyRate ?? null) : null,
      lines: summary.lines,
      matched,
      unmatched: summary.lines - matched,
      total_ore: summary.total_ore,
    };
    await trx.updateTable("royalty_imports").set(values).where("id", "=", importId).execute();
    const row = await trx
      .selectFrom("royalty_imports")
      .selectAll()
      .where("id", "=", importId)
      .executeTakeFirstOrThrow();
    return toApiRow(tables.royalty_imports, row);
  });
}

/** The period an import with none named goes into: the one, not closed, whose days hold the import day. */
async function periodOfDay(trx: Db, day: string) {
  const periods = await trx
    .selectFrom("royalty_periods")
    .selectAll()
    .where("starts_on", "<=", day)
    .where("ends_on", ">=", day)
    .where("status", "!=", "closed")
    .execute();
  if (periods.length !== 1)
    throw new AppError(
      "royalty_period_needed",
      periods.length === 0
        ? `No open royalty period holds ${day}: name the period_id to import into`
        : `More than one open royalty period holds ${day}: name the period_id to import into`,
      { details: "period_id" },
    );
  return periods[0] as NonNullable<(typeof periods)[0]>;
}
