import { stockholmWallTime } from "@app/contracts/stockholm-time";
import {
  alt,
  grh,
  grt,
  hdr,
  per,
  pwr,
  rec,
  type Sequence,
  spt,
  spu,
  swt,
  trl,
  workRecord,
  writerRecord,
} from "./records";
import { shareRuleProblems, type WorkShares, workShares } from "./shares";
import { type CwrFile, type CwrFileRequest, type CwrWork, LONDON_RULE } from "./types";

/** Works CISAC's validation would reject: each work's submitter id and title, with what is wrong. */
export class CwrRuleError extends Error {
  constructor(readonly problems: { work: string; problems: string[] }[]) {
    super(problems.map((p) => `${p.work}: ${p.problems.join("; ")}`).join(". "));
    this.name = "CwrRuleError";
  }
}

/** `CWyynnnnsss_rrr.V21`: year, the sender's number for the file, sender code, receiver, version. */
function cwrFileName(
  request: Pick<CwrFileRequest, "version" | "sequence" | "receiver" | "createdAt" | "publisher">,
) {
  if (!Number.isInteger(request.sequence) || request.sequence < 1 || request.sequence > 9999) {
    throw new RangeError("A CWR file's number within its year is 1 to 9999");
  }
  const yy = stockholmWallTime(request.createdAt).date.slice(2, 4);
  const nnnn = String(request.sequence).padStart(4, "0");
  const extension = request.version === "2.1" ? "V21" : "V22";
  return `CW${yy}${nnnn}${request.publisher.senderCode}_${request.receiver ?? "000"}.${extension}`;
}

/** One work's transaction: its records in CISAC's order, numbered within the transaction. */
function transaction(
  type: "NWR" | "REV",
  transactionNumber: number,
  work: CwrWork,
  shares: WorkShares,
  request: CwrFileRequest,
): string[] {
  const records: string[] = [];
  const next = (): Sequence => ({ transaction: transactionNumber, record: records.length });
  const { publisher, version } = request;
  records.push(workRecord(type, next(), work));
  records.push(spu(next(), publisher, shares.publisher));
  records.push(spt(next(), publisher, shares.publisher));
  for (const { writer, own } of shares.writers.filter((w) => w.writer.controlled)) {
    records.push(writerRecord("SWR", next(), writer, own));
    records.push(swt(next(), writer, own));
    records.push(pwr(next(), publisher, writer, version));
  }
  for (const { writer, own } of shares.writers.filter((w) => !w.writer.controlled)) {
    records.push(writerRecord("OWR", next(), writer, own));
  }
  for (const title of work.alternateTitles) records.push(alt(next(), title));
  const artists = new Set(
    work.recordings.map((r) => r.artist?.trim()).filter((a): a is string => Boolean(a)),
  );
  for (const artist of artists) records.push(per(next(), artist));
  for (const recording of work.recordings) records.push(rec(next(), recording, version));
  return records;
}

/**
 * A CWR 2.1 or 2.2 registration file for works: new works in an NWR group, works sent before in a REV
 * group, each work's shares derived from its manuscript shares by the publishing agreement (the London
 * rule unless told) and checked against CISAC's share rules first: a file with a work that breaks them
 * is not made (CwrRuleError). Lines end in CR LF.
 */
export function generateCwr(request: CwrFileRequest): CwrFile {
  const agreement = request.agreement ?? LONDON_RULE;
  const checked = request.works.map((work) => ({ work, shares: workShares(work, agreement) }));
  const refused = checked
    .map(({ work, shares }) => ({
      work: `${work.submitterWorkId} ${work.title}`,
      problems: shareRuleProblems(work, shares),
    }))
    .filter((r) => r.problems.length > 0);
  if (request.works.length === 0)
    throw new CwrRuleError([{ work: "the file", problems: ["it has no works"] }]);
  if (refused.length > 0) throw new CwrRuleError(refused);

  const wall = stockholmWallTime(request.createdAt);
  const seconds = String(request.createdAt.getUTCSeconds()).padStart(2, "0");
  const lines = [
    hdr({
      version: request.version,
      publisher: request.publisher,
      date: wall.date.replaceAll("-", ""),
      time: `${wall.time.replace(":", "")}${seconds}`,
      software: request.software ?? { name: "", version: "" },
    }),
  ];
  let groups = 0;
  let transactions = 0;
  for (const type of ["NWR", "REV"] as const) {
    const works = checked.filter(({ work }) => work.registered === (type === "REV"));
    if (works.length === 0) continue;
    groups += 1;
    const group = [grh(type, groups, request.version)];
    for (const [i, { work, shares }] of works.entries()) {
      group.push(...transaction(type, i, work, shares, request));
    }
    group.push(grt(groups, works.length, group.length + 1));
    lines.push(...group);
    transactions += works.length;
  }
  lines.push(trl(groups, transactions, lines.length + 1));
  return { name: cwrFileName(request), content: `${lines.join("\r\n")}\r\n` };
}
