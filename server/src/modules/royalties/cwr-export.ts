import { randomUUID } from "node:crypto";
import { type CwrExportRequest, tables } from "@app/contracts";
import { stockholmWallTime } from "@app/contracts/stockholm-time";
import type { Database, Db } from "../../db/database";
import { toApiRow } from "../../db/stored-values";
import { AppError } from "../../http/app-error";
import { takeNumber } from "./counters";
import { CwrRuleError, generateCwr } from "./cwr/file";
import type { CwrPublisher, CwrWork } from "./cwr/types";

/** The submitter's own id of a party or a recording: the leading characters of its key, which never change. */
const ownId = (uuid: string, length: number) => uuid.replace(/-/g, "").slice(0, length).toUpperCase();

/** The business as CWR's publisher, from company settings; a file cannot be made without it. */
async function publisherOf(db: Db): Promise<CwrPublisher> {
  const settings = await db.selectFrom("company_settings").selectAll().executeTakeFirst();
  const { name, cwr_publisher_ipi, cwr_sender_code, cwr_pr_society, cwr_mr_society } = settings ?? {};
  if (!name || !cwr_publisher_ipi || !cwr_sender_code || !cwr_pr_society || !cwr_mr_society) {
    throw new AppError("cwr_sender_missing", "The business's CWR publisher details are not filled in", {
      hint: "An administrator enters the publisher's IPI name number, CWR sender code and societies under Settings › Company.",
    });
  }
  return {
    name,
    ipiNameNumber: cwr_publisher_ipi,
    senderCode: cwr_sender_code,
    prSociety: cwr_pr_society,
    mrSociety: cwr_mr_society,
  };
}

/** The works as the generator takes them: writers with their names, recordings, and whether sent before. */
async function worksOf(db: Db, ids: readonly string[]): Promise<CwrWork[]> {
  const works = (await db.selectFrom("works").selectAll().where("id", "in", ids).execute()).map((row) =>
    toApiRow(tables.works, row),
  );
  const missing = ids.filter((id) => !works.some((w) => w.id === id));
  if (missing.length > 0) {
    throw new AppError("not_found", `No work has the id ${missing.join(", ")}`);
  }
  const writers = await db
    .selectFrom("work_writers")
    .innerJoin("crm_contacts", "crm_contacts.id", "work_writers.contact_id")
    .select([
      "work_writers.work_id",
      "work_writers.contact_id",
      "work_writers.ipi_name_number",
      "work_writers.society_code",
      "work_writers.role",
      "work_writers.controlled",
      "work_writers.manuscript_share_bp",
      "crm_contacts.first_name",
      "crm_contacts.last_name",
    ])
    .where("work_writers.work_id", "in", ids)
    .orderBy("work_writers.created_at")
    .orderBy("work_writers.id")
    .execute();
  const recordings = (
    await db
      .selectFrom("recordings")
      .selectAll()
      .where("work_id", "in", ids)
      .orderBy("created_at")
      .orderBy("id")
      .execute()
  ).map((row) => toApiRow(tables.recordings, row));
  const sent = await db
    .selectFrom("cwr_export_works")
    .select("work_id")
    .distinct()
    .where("work_id", "in", ids)
    .execute();
  const byOrder = new Map(ids.map((id, i) => [id, i]));
  return works
    .sort((a, b) => (byOrder.get(a.id) ?? 0) - (byOrder.get(b.id) ?? 0))
    .map((work) => ({
      submitterWorkId: work.submitter_work_id,
      title: work.title,
      alternateTitles: work.alternate_titles,
      iswc: work.iswc,
      registered: sent.some((s) => s.work_id === work.id),
      writers: writers
        .filter((w) => w.work_id === work.id)
        .map((w) => ({
          ipNumber: ownId(w.contact_id, 9),
          firstName: w.first_name,
          lastName: w.last_name,
          ipiNameNumber: w.ipi_name_number,
          society: w.society_code,
          role: w.role,
          controlled: Boolean(w.controlled),
          manuscriptShareBp: w.manuscript_share_bp,
        })),
      recordings: recordings
        .filter((r) => r.work_id === work.id)
        .map((r) => ({
          id: ownId(r.id, 14),
          title: r.title,
          isrc: r.isrc,
          upc: r.upcs[0] ?? null,
          durationSeconds: r.duration_seconds,
          artist: r.artist,
        })),
    }));
}

/**
 * Makes, numbers and keeps a CWR file for works, in one transaction: the year's next number is taken
 * only when the file is made, so a refused file leaves no gap; the file is stored as answered, with the
 * works it registered (a work once sent is revised from then on).
 */
export async function exportCwr(
  db: Database,
  request: CwrExportRequest,
  actorId: string | null,
  nowMs: number,
): Promise<{ name: string; content: string }> {
  return db.withTransaction(async (trx) => {
    const works = await worksOf(trx, request.work_ids);
    const publisher = await publisherOf(trx);
    const createdAt = new Date(nowMs);
    const year = Number(stockholmWallTime(createdAt).date.slice(0, 4));
    const sequence = await takeNumber(trx, `cwr:${year}`);
    let file: { name: string; content: string };
    try {
      file = generateCwr({
        version: request.version,
        sequence,
        createdAt,
        publisher,
        works,
        software: { name: "Back office", version: "1" },
      });
    } catch (err) {
      if (!(err instanceof CwrRuleError)) throw err;
      throw new AppError("cwr_share_rules", `CISAC's share rules would reject ${err.message}`);
    }
    const id = randomUUID();
    await trx
      .insertInto("cwr_exports")
      .values({
        id,
        year,
        number_in_year: sequence,
        file_name: file.name,
        version: request.version,
        content: file.content,
        work_count: works.length,
        created_by: actorId,
      })
      .execute();
    await trx
      .insertInto("cwr_export_works")
      .values(
        works.map((work, i) => ({
          export_id: id,
          work_id: request.work_ids[i] as string,
          transaction_type: work.registered ? ("REV" as const) : ("NWR" as const),
        })),
      )
      .execute();
    return file;
  });
}

/** A file made before, exactly as it was sent: exports are never changed once kept. */
export async function readCwrExport(db: Db, id: string): Promise<{ name: string; content: string }> {
  const kept = await db
    .selectFrom("cwr_exports")
    .select(["file_name", "content"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!kept) throw new AppError("not_found", `No CWR file has the id ${id}`);
  return { name: kept.file_name, content: kept.content };
}
