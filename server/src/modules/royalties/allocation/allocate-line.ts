import { divideHalfEven } from "@app/contracts";
import { splitByLargestRemainder } from "./largest-remainder";

/** One payee's part of a work or recording: its share and what the business keeps of it. */
export interface PayeeShare {
  payee_id: string;
  /** Manuscript share (writers) or master share, in basis points: 10 000 is all of it. */
  share_bp: number;
  /** The publisher fee on this payee's part, in basis points (the writer's rate or the work's override). */
  fee_bp: number;
}

export interface AllocatedPart {
  payee_id: string;
  /** The payee's part of the line before the fee. */
  gross_ore: number;
  /** What the business keeps. */
  fee_ore: number;
  /** What is credited to the payee: gross − fee. */
  net_ore: number;
}

/**
 * A line's öre among its payees by share with the largest-remainder rule, then each part's fee rounded
 * half to even: the parts' gross add up to the line and each part's fee and net add up to its gross, so
 * nothing is made or lost, negative lines included.
 */
export function allocateLine(amountOre: number, shares: readonly PayeeShare[]): AllocatedPart[] {
  if (shares.length === 0) throw new RangeError("A line is allocated to at least one payee");
  for (const share of shares)
    if (!Number.isInteger(share.fee_bp) || share.fee_bp < 0 || share.fee_bp > 10_000)
      throw new RangeError("A publisher fee is between 0 and 10 000 basis points");
  const parts = splitByLargestRemainder(
    amountOre,
    shares.map((share) => share.share_bp),
  );
  return shares.map((share, i) => {
    const gross = parts[i] as number;
    const fee = Number(divideHalfEven(BigInt(gross) * BigInt(share.fee_bp), 10_000n));
    return { payee_id: share.payee_id, gross_ore: gross, fee_ore: fee, net_ore: gross - fee };
  });
}
