import { randomUUID } from "node:crypto";
import type { CwrAckReceipt } from "@app/contracts";
import type { Database } from "../../db/database";
import { AppError } from "../../http/app-error";
import { AckFormatError, parseAck } from "./cwr/ack";

/** A file name kept for the record: its printable characters only. */
const safeName = (name: string) => name.replace(/[^\w .-]/g, "").slice(0, 100) || "ack";

/**
 * Records a society's acknowledgement file in one transaction: the file as received, and for each work
 * it names by our submitter id, the status and the society's work number. Work numbers we never gave
 * are answered back, not recorded; a file that is not an ACK is refused (422) and nothing is kept.
 */
export async function importCwrAck(
  db: Database,
  file: { name: string; bytes: Buffer },
  actorId: string | null,
): Promise<CwrAckReceipt> {
  // CWR is ASCII; Latin-1 reads every byte as one character, so positions stay where the society put them.
  const content = file.bytes.toString("latin1");
  let ack: ReturnType<typeof parseAck>;
  try {
    ack = parseAck(content);
  } catch (err) {
    if (err instanceof AckFormatError) throw new AppError("cwr_ack_invalid", err.message);
    throw err;
  }
  return db.withTransaction(async (trx) => {
    const ids = [...new Set(ack.acknowledgements.map((a) => a.submitterWorkId))];
    const works = await trx
      .selectFrom("works")
      .select(["id", "submitter_work_id", "title"])
      .where("submitter_work_id", "in", ids)
      .execute();
    const workOf = new Map(works.map((w) => [w.submitter_work_id, w]));
    const importId = randomUUID();
    await trx
      .insertInto("cwr_ack_imports")
      .values({
        id: importId,
        society_code: ack.societyCode,
        file_name: safeName(file.name),
        content,
        created_by: actorId,
      })
      .execute();
    const known = ack.acknowledgements.filter((a) => workOf.has(a.submitterWorkId));
    if (known.length > 0) {
      await trx
        .insertInto("work_acknowledgements")
        .values(
          known.map((a) => ({
            id: randomUUID(),
            import_id: importId,
            work_id: workOf.get(a.submitterWorkId)?.id as string,
            society_code: ack.societyCode,
            status: a.status,
            society_work_id: a.societyWorkId,
            processed_on: a.processedOn,
          })),
        )
        .execute();
    }
    const statuses: Record<string, number> = {};
    for (const a of known) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    return {
      society_code: ack.societyCode,
      society_name: ack.societyName,
      recorded: known.length,
      statuses,
      works: known.map((a) => {
        const work = workOf.get(a.submitterWorkId) as (typeof works)[number];
        return {
          work_id: work.id,
          submitter_work_id: work.submitter_work_id,
          title: work.title,
          status: a.status,
          society_work_id: a.societyWorkId,
        };
      }),
      unknown_work_ids: ids.filter((id) => !workOf.has(id)),
    };
  });
}
