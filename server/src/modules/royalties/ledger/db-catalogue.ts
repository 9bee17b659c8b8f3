import { tables } from "@app/contracts";
import { toApiRow } from "../../../db/stored-values";
import type { PayeeShare, PayeeSplit, RoyaltyCatalogue } from "./catalogue";

const WHOLE_BP = 10_000;

/** Ids per `in` list: well under both engines' limits on bound parameters. */
const CHUNK = 500;

async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

function group<T>(rows: T[], keyOf: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

/**
 * The catalogue as its tables hold it: works and their writers (payees by their CRM contact), recordings
 * and their master payees. A work's split is the writers' manuscript shares; a work whose writers' shares
 * do not make 100 % is held, as is a controlled writer with no payee. Society work numbers come from the
 * societies' acknowledgements of our CWR files. Until the catalogue keeps which split sheet is fully
 * signed, the work_writers shares stand for the signed split.
 */
export const dbCatalogue: RoyaltyCatalogue = {
  async forMatching(trx) {
    const recordings = (
      await trx.selectFrom("recordings").select(["id", "isrc", "upcs", "title"]).execute()
    ).map((r) => {
      const row = toApiRow(tables.recordings, r);
      return { id: row.id, isrc: row.isrc, upcs: row.upcs, title: row.title };
    });
    const works = await trx.selectFrom("works").select(["id", "iswc", "title"]).execute();
    const writers = await trx
      .selectFrom("work_writers as w")
      .innerJoin("crm_contacts as c", "c.id", "w.contact_id")
      .select(["w.work_id", "c.first_name", "c.last_name", "c.stage_name"])
      .execute();
    const namesOf = group(writers, (w) => w.work_id);
    // The numbers societies gave our works in their acknowledgements of our CWR files.
    const acknowledged = await trx
      .selectFrom("work_acknowledgements")
      .select(["work_id", "society_work_id"])
      .where("society_work_id", "is not", null)
      .execute();
    const numbersOf = group(acknowledged, (a) => a.work_id);
    return {
      recordings,
      works: works.map((w) => ({
        id: w.id,
        iswc: w.iswc,
        title: w.title,
        work_numbers: (numbersOf.get(w.id) ?? []).map((a) => a.society_work_id as string),
        writer_names: (namesOf.get(w.id) ?? []).flatMap((n) => [
          `${n.first_name} ${n.last_name}`,
          ...(n.stage_name ? [n.stage_name] : []),
        ]),
      })),
    };
  },

  async has(trx, target) {
    const row =
      "work_id" in target
        ? await trx.selectFrom("works").select("id").where("id", "=", target.work_id).executeTakeFirst()
        : await trx
            .selectFrom("recordings")
            .select("id")
            .where("id", "=", target.recording_id)
            .executeTakeFirst();
    return row !== undefined;
  },

  async splits(trx, { workIds, recordingIds }) {
    const writers = await inChunks(workIds, (chunk) =>
      trx
        .selectFrom("work_writers as w")
        .leftJoin("royalty_payees as p", "p.contact_id", "w.contact_id")
        .select([
          "w.work_id",
          "w.controlled",
          "w.manuscript_share_bp",
          "w.publisher_fee_bp as work_fee_bp",
          "p.id as payee_id",
          "p.publisher_fee_bp as payee_fee_bp",
        ])
        .where("w.work_id", "in", chunk)
        .execute(),
    );
    const works = new Map<string, PayeeSplit>();
    for (const [workId, rows] of group(writers, (w) => w.work_id)) {
      const total = rows.reduce((sum, w) => sum + Number(w.manuscript_share_bp), 0);
      const controlled = rows.filter((w) => Boolean(w.controlled) && Number(w.manuscript_share_bp) > 0);
      if (total !== WHOLE_BP) works.set(workId, { held: "The work's writers' shares do not make 100 %" });
      else if (controlled.length === 0) works.set(workId, { held: "The work has no controlled writer" });
      else if (controlled.some((w) => !w.payee_id))
        works.set(workId, { held: "A controlled writer of the work is no payee" });
      else
        works.set(workId, {
          shares: controlled.map(
            (w): PayeeShare => ({
              payee_id: w.payee_id as string,
              share_bp: Number(w.manuscript_share_bp),
              fee_bp: Number(w.work_fee_bp ?? w.payee_fee_bp ?? 0),
            }),
          ),
        });
    }
    const masters = await inChunks(recordingIds, (chunk) =>
      trx
        .selectFrom("recording_payees")
        .select(["recording_id", "payee_id", "share_bp"])
        .where("recording_id", "in", chunk)
        .execute(),
    );
    const recordings = new Map<string, PayeeSplit>();
    for (const [recordingId, rows] of group(masters, (m) => m.recording_id))
      recordings.set(
        recordingId,
        rows.reduce((sum, m) => sum + Number(m.share_bp), 0) === WHOLE_BP
          ? { shares: rows.map((m) => ({ payee_id: m.payee_id, share_bp: Number(m.share_bp), fee_bp: 0 })) }
          : { held: "The recording's payees' shares do not make 100 %" },
      );
    return { works, recordings };
  },

  async terms(trx, payeeIds) {
    const rows = await inChunks(payeeIds, (chunk) =>
      trx
        .selectFrom("royalty_payees")
        .select(["id", "name", "vat_registered", "vat_number", "reserve_bp", "reserve_periods"])
        .where("id", "in", chunk)
        .execute(),
    );
    return rows.map((p) => ({
      payee_id: p.id,
      reserve_bp: Number(p.reserve_bp),
      reserve_periods: Number(p.reserve_periods),
      vat_registered: Boolean(p.vat_registered),
      name: p.name,
      vat_number: p.vat_number,
    }));
  },
};
