import { CWR_ACK_STATUSES, SOCIETIES } from "@app/contracts";

type Acknowledgement = {
  work_id: string;
  society_code: string;
  status: string;
  society_work_id: string | null;
};

/** A society by its name where the catalogue knows it, else by its CISAC code. */
export function societyName(code: string): string {
  return (SOCIETIES as Record<string, string>)[code] ?? `Society ${code}`;
}

/** A CISAC transaction status in words, with its code: "Registration accepted (AS)". */
export function ackStatusLabel(status: string): string {
  const words = (CWR_ACK_STATUSES as Record<string, string>)[status];
  return words ? `${words} (${status})` : status;
}

/**
 * What each society last said of each work, from acknowledgements read latest first: the first seen per
 * work and society is the one in force.
 */
export function latestAcknowledgements<A extends Acknowledgement>(
  latestFirst: readonly A[],
): Map<string, A[]> {
  const byWork = new Map<string, A[]>();
  for (const ack of latestFirst) {
    const known = byWork.get(ack.work_id) ?? [];
    if (known.some((k) => k.society_code === ack.society_code)) continue;
    byWork.set(ack.work_id, [...known, ack]);
  }
  return byWork;
}

/** One society's word on a work as a line: "STIM (SE): Registration accepted (AS), work no. 7012345". */
export function acknowledgementLine(ack: Acknowledgement): string {
  const number = ack.society_work_id ? `, work no. ${ack.society_work_id}` : "";
  return `${societyName(ack.society_code)}: ${ackStatusLabel(ack.status)}${number}`;
}
