import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { counterPast, insertAll } from "./seed-rows";

/*
 * Works as [title, alternate titles, ISWC, writers as [talent, role, share in basis points, controlled,
 * IPI, society]]. The IPI name numbers are made up with valid check digits; no real person's.
 */
const WORKS = [
  [
    "Midnattssol",
    ["Midnight Sun"],
    "T0345246801",
    [
      [0, "CA", 5000, true, "00000000199", "079"],
      [1, "C", 5000, true, "00000000297", "079"],
    ],
  ],
  [
    "Kite Season",
    [],
    null,
    [
      [2, "CA", 6000, true, "27580021110", "079"],
      [3, "A", 4000, false, null, null],
    ],
  ],
  ["Northern Lights Theme", [], "T9123456780", [[0, "CA", 10000, true, "00000000199", "079"]]],
] as const;

/** Recordings as [work, title, ISRC, UPCs, seconds, artist, master payees as [payee, share in basis points]]. */
const RECORDINGS = [
  [
    0,
    "Midnattssol",
    "SEXYZ2500001",
    ["7350001234564"],
    215,
    "Nightjar",
    [
      [0, 3000],
      [1, 2000],
    ],
  ],
  [1, "Kite Season (Radio Edit)", "SEXYZ2500002", [], 189, "Kite Season", [[2, 5000]]],
] as const;

/** Payees as [talent, publisher fee in basis points, VAT-registered]. */
/** Talent, publisher fee and, for a VAT-registered writer, their VAT number. */
const PAYEES = [
  [0, 2000, null],
  [1, 2000, null],
  [2, 1500, "SE750101123801"],
] as const;

export async function seedRoyalties(trx: Db, engine: Engine) {
  const created = at(-30, 9);
  const stamps = { created_at: created, updated_at: created };
  const works = await insertAll(
    trx,
    engine,
    "works",
    WORKS.map(([title, alternate_titles, iswc], i) => ({
      id: seedId("royalty_work", i),
      submitter_work_id: `W${String(i + 1).padStart(6, "0")}`,
      title,
      alternate_titles,
      iswc,
      ...stamps,
    })),
  );
  await counterPast(trx, { table: "royalty_counters", key: "name", value: "work" }, WORKS.length);
  const workWriters = await insertAll(
    trx,
    engine,
    "work_writers",
    WORKS.flatMap(([, , , writers], w) =>
      writers.map(([talent, role, share, controlled, ipi, society], k) => ({
        id: seedId(`royalty_work_writer:${w}`, k),
        work_id: seedId("royalty_work", w),
        contact_id: seedId("talent", talent),
        ipi_name_number: ipi,
        society_code: society,
        role,
        controlled,
        manuscript_share_bp: share,
        publisher_fee_bp: null,
        ...stamps,
      })),
    ),
  );
  const names = await trx
    .selectFrom("crm_contacts")
    .select(["id", "first_name", "last_name"])
    .where(
      "id",
      "in",
      PAYEES.map(([talent]) => seedId("talent", talent)),
    )
    .execute();
  const nameOf = (id: string) => {
    const contact = names.find((c) => c.id === id);
    return contact ? `${contact.first_name} ${contact.last_name}` : "Payee";
  };
  const payees = await insertAll(
    trx,
    engine,
    "royalty_payees",
    PAYEES.map(([talent, fee, vat], i) => ({
      id: seedId("royalty_payee", i),
      name: nameOf(seedId("talent", talent)),
      contact_id: seedId("talent", talent),
      company_id: null,
      payout_details: null,
      publisher_fee_bp: fee,
      vat_registered: vat !== null,
      vat_number: vat,
      ...stamps,
    })),
  );
  const recordings = await insertAll(
    trx,
    engine,
    "recordings",
    RECORDINGS.map(([work, title, isrc, upcs, seconds, artist], i) => ({
      id: seedId("royalty_recording", i),
      work_id: seedId("royalty_work", work),
      title,
      isrc,
      upcs,
      duration_seconds: seconds,
      artist,
      ...stamps,
    })),
  );
  // Each recording keeps part of its master income for the business, so its payees' shares leave room.
  const recordingPayees = await insertAll(
    trx,
    engine,
    "recording_payees",
    RECORDINGS.flatMap(([, , , , , , split], r) =>
      split.map(([payee, share], k) => ({
        id: seedId(`royalty_recording_payee:${r}`, k),
        recording_id: seedId("royalty_recording", r),
        payee_id: seedId("royalty_payee", payee),
        share_bp: share,
        ...stamps,
      })),
    ),
  );
  return { royaltyWorks: works, workWriters, royaltyPayees: payees, recordings, recordingPayees };
}
