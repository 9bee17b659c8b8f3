import { type SplitWriter, tables } from "@app/contracts";
import { toApiRow } from "../../../db/stored-values";
import { sheetShareBp, signedSheetWriters } from "../split-sheets";
import type { DatedSplit, PayeeShare, PayeeSplit, RoyaltyCatalogue } from "./catalogue";

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

const normalName = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

interface WorkWriterRow {
  controlled: unknown;
  ipi_name_number: string | null;
  first_name: string;
  last_name: string;
  work_fee_bp: unknown;
  payee_id: string | null;
  payee_fee_bp: unknown;
}

/**
 * A signed split sheet's shares for the work's controlled writers: each is found on the sheet by IPI name
 * number when the sheet gives one, else by legal name, and paid their share there. A controlled writer the
 * sheet does not name, or who is no payee, holds the work's money rather than paying it out wrongly.
 */
function splitBySheet(writers: WorkWriterRow[], sheet: SplitWriter[]): PayeeSplit {
  const controlled = writers.filter((w) => Boolean(w.controlled));
  if (controlled.length === 0) return { held: "The work has no controlled writer" };
  const shares: PayeeShare[] = [];
  for (const writer of controlled) {
    const name = normalName(`${writer.first_name} ${writer.last_name}`);
    const signed = sheet.find((s) =>
      s.ipi && writer.ipi_name_number
        ? s.ipi.replace(/\D/g, "") === writer.ipi_name_number
        : normalName(s.legal_name) === name,
    );
    if (!signed) return { held: `${writer.first_name} ${writer.last_name} is not on the signed split sheet` };
    if (!writer.payee_id) return { held: "A controlled writer of the work is no payee" };
    const share = sheetShareBp(signed);
    if (share > 0)
      shares.push({
        payee_id: writer.payee_id,
        share_bp: share,
        fee_bp: Number(writer.work_fee_bp ?? writer.payee_fee_bp ?? 0),
      });
  }
  return { shares };
}

/**
 * The catalogue as its tables hold it: works and their writers (payees by their CRM contact), recordings
 * and their master payees. A work's split is its controlled writers' shares on each fully signed split
 * sheet linked to it, from that sheet's day; a work with none, a controlled writer the sheet does not name
 * and a controlled writer with no payee hold the money. Society work numbers come from the societies'
 * acknowledgements of our CWR files.
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
        .innerJoin("crm_contacts as c", "c.id", "w.contact_id")
        .leftJoin("royalty_payees as p", "p.contact_id", "w.contact_id")
        .select([
          "w.work_id",
          "w.controlled",
          "w.ipi_name_number",
          "c.first_name",
          "c.last_name",
          "w.publisher_fee_bp as work_fee_bp",
          "p.id as payee_id",
          "p.publisher_fee_bp as payee_fee_bp",
        ])
        .where("w.work_id", "in", chunk)
        .execute(),
    );
    const links = await inChunks(workIds, (chunk) =>
      trx
        .selectFrom("work_split_sheets")
        .select(["work_id", "legal_document_id", "effective_from"])
        .where("work_id", "in", chunk)
        .orderBy("effective_from")
        .execute(),
    );
    const sheets = await signedSheetWriters(trx, [...new Set(links.map((l) => l.legal_document_id))]);
    const writersOf = group(writers, (w) => w.work_id);
    const works = new Map<string, DatedSplit[]>();
    for (const link of links) {
      const dated = works.get(link.work_id) ?? [];
      dated.push({
        from: String(link.effective_from).slice(0, 10),
        split: splitBySheet(writersOf.get(link.work_id) ?? [], sheets.get(link.legal_document_id) ?? []),
      });
      works.set(link.work_id, dated);
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
