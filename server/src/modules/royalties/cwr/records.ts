import { blank, cwrText, hhmmss, num, record, share, text } from "./fixed-width";
import type { RightShares } from "./shares";
import type { CwrPublisher, CwrRecording, CwrVersion, CwrWork, CwrWriter } from "./types";

/**
 * The records of a CWR 2.1 / 2.2 file, one builder each, at the positions of CISAC's layouts. A
 * transaction's records start with their type, the transaction's sequence number within its group
 * (4-11) and the record's within the transaction (12-19).
 */

export interface Sequence {
  transaction: number;
  record: number;
}

const prefix = (seq: Sequence) => [num(4, 8, seq.transaction), num(12, 8, seq.record)];

/** The whole world (TIS 2136), included, from position `at`: the territory of every share registered. */
const worldFrom = (at: number) => [
  text(at, 1, "I"),
  num(at + 1, 4, 2136),
  text(at + 5, 1, "N"),
  num(at + 6, 3, 1),
];

export interface HeaderFields {
  version: CwrVersion;
  publisher: CwrPublisher;
  /** Stockholm's date YYYYMMDD and time HHMMSS of the file's creation. */
  date: string;
  time: string;
  software: { name: string; version: string };
}

/**
 * HDR. The sender is the publisher by its IPI name number: nine digits after the sender type PB when the
 * number's first two digits are zeros, otherwise all eleven from position 4 (the sender type's place
 * holds the leading digits of a longer sender id).
 */
export function hdr(h: HeaderFields): string {
  const ipi = h.publisher.ipiNameNumber;
  const sender = ipi.startsWith("00") ? [text(4, 2, "PB"), num(6, 9, ipi.slice(2))] : [num(4, 11, ipi)];
  const common = [
    ...sender,
    text(15, 45, cwrText(h.publisher.name)),
    text(60, 5, "01.10"),
    num(65, 8, h.date),
    num(73, 6, h.time),
    num(79, 8, h.date),
    blank(87, 15),
  ];
  if (h.version === "2.1") return record("HDR", 101, common);
  return record("HDR", 167, [
    ...common,
    text(102, 3, "2.2"),
    num(105, 3, 2),
    text(108, 30, cwrText(h.software.name)),
    text(138, 30, cwrText(h.software.version)),
  ]);
}

/** GRH: a group of one transaction type. */
export function grh(type: "NWR" | "REV", groupId: number, version: CwrVersion): string {
  return record("GRH", 28, [
    text(4, 3, type),
    num(7, 5, groupId),
    text(12, 5, version === "2.1" ? "02.10" : "02.20"),
    num(17, 10, 0),
    blank(27, 2),
  ]);
}

/** GRT: the group's transactions, and its records counting GRH and GRT themselves. */
export function grt(groupId: number, transactions: number, records: number): string {
  return record("GRT", 37, [
    num(4, 5, groupId),
    num(9, 8, transactions),
    num(17, 8, records),
    blank(25, 3),
    num(28, 10, 0),
  ]);
}

/** TRL: the file's groups, transactions, and records counting HDR and TRL themselves. */
export function trl(groups: number, transactions: number, records: number): string {
  return record("TRL", 24, [num(4, 5, groups), num(9, 8, transactions), num(17, 8, records)]);
}

/** NWR or REV: the work itself. Its duration is its first recording's. */
export function workRecord(type: "NWR" | "REV", seq: Sequence, work: CwrWork): string {
  const first = work.recordings[0];
  return record(type, 260, [
    ...prefix(seq),
    text(20, 60, cwrText(work.title)),
    blank(80, 2),
    text(82, 14, work.submitterWorkId),
    text(96, 11, work.iswc ?? ""),
    num(107, 8, 0),
    blank(115, 12),
    text(127, 3, "UNC"),
    num(130, 6, hhmmss(first?.durationSeconds)),
    text(136, 1, work.recordings.length > 0 ? "Y" : "U"),
    blank(137, 6),
    text(143, 3, "ORI"),
    blank(146, 51),
    text(197, 1, "N"),
    num(198, 3, 0),
    num(201, 8, 0),
    blank(209, 51),
    text(260, 1, "N"),
  ]);
}

/** SPU: the business as the original publisher (E) of the controlled shares, with its ownership. */
export function spu(seq: Sequence, publisher: CwrPublisher, owns: RightShares): string {
  return record("SPU", 183, [
    ...prefix(seq),
    num(20, 2, 1),
    text(22, 9, publisher.senderCode),
    text(31, 45, cwrText(publisher.name)),
    blank(76, 1),
    text(77, 2, "E"),
    num(79, 9, 0),
    num(88, 11, publisher.ipiNameNumber),
    blank(99, 14),
    num(113, 3, publisher.prSociety),
    share(116, owns.pr),
    num(121, 3, publisher.mrSociety),
    share(124, owns.mr),
    num(129, 3, publisher.mrSociety),
    share(132, owns.sr),
    blank(137, 1),
    text(138, 1, "N"),
    blank(139, 45),
  ]);
}

/** SPT: what the publisher collects, worldwide: its ownership, as the chain rule wants. */
export function spt(seq: Sequence, publisher: CwrPublisher, collects: RightShares): string {
  return record("SPT", 58, [
    ...prefix(seq),
    text(20, 9, publisher.senderCode),
    blank(29, 6),
    share(35, collects.pr),
    share(40, collects.mr),
    share(45, collects.sr),
    ...worldFrom(50),
  ]);
}

/** SWR or OWR: a writer the business controls, or another, with what they keep. */
export function writerRecord(
  type: "SWR" | "OWR",
  seq: Sequence,
  writer: CwrWriter,
  owns: RightShares,
): string {
  const society = (bp: number) => (bp > 0 || type === "SWR" ? writer.society : null);
  return record(type, 180, [
    ...prefix(seq),
    text(20, 9, writer.ipNumber),
    text(29, 45, cwrText(writer.lastName)),
    text(74, 30, cwrText(writer.firstName)),
    blank(104, 1),
    text(105, 2, writer.role),
    num(107, 9, 0),
    writer.ipiNameNumber ? num(116, 11, writer.ipiNameNumber) : blank(116, 11),
    society(owns.pr) ? num(127, 3, writer.society) : blank(127, 3),
    share(130, owns.pr),
    blank(135, 3),
    share(138, owns.mr),
    blank(143, 3),
    share(146, owns.sr),
    blank(151, 1),
    text(152, 1, type === "SWR" ? "N" : ""),
    blank(153, 28),
  ]);
}

/** SWT: what a controlled writer collects, worldwide. */
export function swt(seq: Sequence, writer: CwrWriter, collects: RightShares): string {
  return record("SWT", 52, [
    ...prefix(seq),
    text(20, 9, writer.ipNumber),
    share(29, collects.pr),
    share(34, collects.mr),
    share(39, collects.sr),
    ...worldFrom(44),
  ]);
}

/** PWR: the controlled writer's publisher, linking SWR to the SPU chain (2.2 names the chain's sequence). */
export function pwr(seq: Sequence, publisher: CwrPublisher, writer: CwrWriter, version: CwrVersion): string {
  const fields = [
    ...prefix(seq),
    text(20, 9, publisher.senderCode),
    text(29, 45, cwrText(publisher.name)),
    blank(74, 14),
    blank(88, 14),
    text(102, 9, writer.ipNumber),
  ];
  return version === "2.1" ? record("PWR", 110, fields) : record("PWR", 112, [...fields, num(111, 2, 1)]);
}

/** ALT: another title the work is known by. */
export function alt(seq: Sequence, title: string): string {
  return record("ALT", 83, [...prefix(seq), text(20, 60, cwrText(title)), text(80, 2, "AT"), blank(82, 2)]);
}

/**
 * PER: an artist who performs the work. An artist is held as one display name (a band, a stage name),
 * so it is written whole as the last name, as societies file acts.
 */
export function per(seq: Sequence, artist: string): string {
  return record("PER", 118, [...prefix(seq), text(20, 45, cwrText(artist)), blank(65, 30), blank(95, 24)]);
}

/** The EAN-13 of a release: a 12-digit UPC is the same number with a leading zero. */
const ean = (upc: string | null) => (upc ? upc.padStart(13, "0") : "");

/** REC: a recording of the work; 2.2 adds its title, artist and the submitter's id for it. */
export function rec(seq: Sequence, recording: CwrRecording, version: CwrVersion): string {
  const fields = [
    ...prefix(seq),
    num(20, 8, 0),
    blank(28, 60),
    num(88, 6, hhmmss(recording.durationSeconds)),
    blank(94, 5),
    blank(99, 60),
    blank(159, 60),
    blank(219, 18),
    text(237, 13, ean(recording.upc)),
    text(250, 12, recording.isrc ?? ""),
    blank(262, 5),
  ];
  if (version === "2.1") return record("REC", 266, fields);
  return record("REC", 540, [
    ...fields,
    text(267, 60, cwrText(recording.title)),
    blank(327, 60),
    text(387, 60, cwrText(recording.artist ?? "")),
    blank(447, 60),
    blank(507, 20),
    text(527, 14, recording.id),
  ]);
}
