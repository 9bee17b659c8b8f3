import { WHOLE_SHARE_BP } from "@app/contracts";
import type { CwrWork, CwrWriter, PublishingAgreement } from "./types";

/** Ownership shares of one party in basis points, per right. */
export interface RightShares {
  pr: number;
  mr: number;
  sr: number;
}

interface WriterShares {
  writer: CwrWriter;
  /** What the writer keeps. */
  own: RightShares;
  /** What the business publishes of the writer's share (zero for an uncontrolled writer). */
  published: RightShares;
}

export interface WorkShares {
  writers: WriterShares[];
  /** The business's SPU: the sum of what it publishes of each controlled writer. */
  publisher: RightShares;
}

const RIGHTS = ["pr", "mr", "sr"] as const;

/**
 * A work's ownership shares per right, from its writers' manuscript shares and the publishing agreement.
 * A controlled writer's share is divided between the writer and the business as the agreement says
 * (rounded down for the business, so writer and publisher always add up to the manuscript share); a
 * writer the business does not control keeps the whole of theirs, unpublished as far as it knows.
 */
export function workShares(work: CwrWork, agreement: PublishingAgreement): WorkShares {
  const writers = work.writers.map((writer) => {
    const published = { pr: 0, mr: 0, sr: 0 };
    const own = { pr: 0, mr: 0, sr: 0 };
    for (const right of RIGHTS) {
      published[right] = writer.controlled
        ? Math.floor((writer.manuscriptShareBp * agreement[right]) / WHOLE_SHARE_BP)
        : 0;
      own[right] = writer.manuscriptShareBp - published[right];
    }
    return { writer, own, published };
  });
  const publisher = { pr: 0, mr: 0, sr: 0 };
  for (const { published } of writers) for (const right of RIGHTS) publisher[right] += published[right];
  return { writers, publisher };
}

const percent = (bp: number) => `${(bp / 100).toLocaleString("en", { maximumFractionDigits: 2 })} %`;
const RIGHT_NAMES = { pr: "performing", mr: "mechanical", sr: "synchronisation" } as const;

/**
 * What CISAC's validation would reject in a work's registration, as sentences; empty when it passes.
 * Exact sums: shares here are whole basis points, so the ±0.06 % CISAC allows for rounding is not needed.
 */
export function shareRuleProblems(work: CwrWork, shares: WorkShares): string[] {
  const problems: string[] = [];
  if (work.writers.length === 0) problems.push("it has no writers");
  if (!work.writers.some((w) => w.controlled)) problems.push("the business controls none of its writers");
  for (const { writer } of shares.writers) {
    const who = `${writer.firstName} ${writer.lastName}`.trim();
    if (writer.controlled && !(writer.ipiNameNumber && writer.society)) {
      problems.push(`${who} is controlled but has no IPI name number or no society`);
    }
  }
  for (const right of RIGHTS) {
    const writersTotal = shares.writers.reduce((sum, w) => sum + w.own[right], 0);
    const total = writersTotal + shares.publisher[right];
    if (total !== WHOLE_SHARE_BP && total !== 0) {
      problems.push(`its ${RIGHT_NAMES[right]} shares add up to ${percent(total)}, not 100 %`);
    }
    if (right === "pr" && writersTotal !== 0 && writersTotal < WHOLE_SHARE_BP / 2) {
      problems.push(`its writers' performing share is ${percent(writersTotal)}, less than 50 %`);
    }
  }
  if (shares.publisher.pr > WHOLE_SHARE_BP / 2) {
    problems.push(`the publisher's performing share is ${percent(shares.publisher.pr)}, more than 50 %`);
  }
  return problems;
}
