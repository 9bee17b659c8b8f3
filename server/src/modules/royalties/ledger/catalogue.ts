import type { Db } from "../../../db/database";
import type { CatalogueRecording, CatalogueWork } from "./line-matcher";

/** One payee's part of a work or recording (basis points: 10 000 is all of it) and the fee taken of it. */
export interface PayeeShare {
  payee_id: string;
  share_bp: number;
  fee_bp: number;
}

/** Who is paid a work's or a recording's money, or why nobody may be paid it yet. */
export type PayeeSplit = { shares: PayeeShare[] } | { held: string };

/** A work's split from a day on (YYYY-MM-DD), until the next one's day. */
export interface DatedSplit {
  from: string;
  split: PayeeSplit;
}

/**
 * A payee's standing terms: the part of positive earnings held as a reserve and for how many periods, and
 * whether the business pays VAT to them (a VAT-registered writer), so each payment is a self-billing invoice.
 */
interface PayeeTerms {
  payee_id: string;
  reserve_bp: number;
  reserve_periods: number;
  vat_registered: boolean;
  /** As a self-billing invoice names its seller. */
  name: string;
  vat_number: string | null;
}

/**
 * What the ledger reads of the catalogue (works, recordings, their signed splits and payees). The ledger
 * owns statements and money; the catalogue owns who wrote and who owns what, so this is the one seam
 * between them: the composition root hands the ledger the catalogue it has.
 */
export interface RoyaltyCatalogue {
  /** Every work and recording with what lines are matched by. */
  forMatching(trx: Db): Promise<{ recordings: CatalogueRecording[]; works: CatalogueWork[] }>;
  /** Whether a work or recording of this id exists (a manual match must name a real one). */
  has(trx: Db, target: { work_id: string } | { recording_id: string }): Promise<boolean>;
  /**
   * Each work's payees by its controlled writers' shares on each of its fully signed split sheets, oldest
   * day first (a work without one has none, and its money is held), each recording's by its master
   * payees' shares.
   */
  splits(
    trx: Db,
    items: { workIds: string[]; recordingIds: string[] },
  ): Promise<{ works: Map<string, DatedSplit[]>; recordings: Map<string, PayeeSplit> }>;
  terms(trx: Db, payeeIds: string[]): Promise<PayeeTerms[]>;
}
