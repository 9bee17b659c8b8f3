import type { WriterRole } from "@app/contracts";

export type CwrVersion = "2.1" | "2.2";

/** The business as the publisher that submits the file. */
export interface CwrPublisher {
  name: string;
  /** 11 digits. */
  ipiNameNumber: string;
  /** Its CISAC sender code, two or three characters: it names the file and the publisher's party. */
  senderCode: string;
  prSociety: string;
  mrSociety: string;
}

export interface CwrWriter {
  /** The submitter's own id for the writer (at most 9 characters), the same in every file. */
  ipNumber: string;
  firstName: string;
  lastName: string;
  ipiNameNumber: string | null;
  society: string | null;
  role: WriterRole;
  controlled: boolean;
  /** Basis points; a work's add up to 10 000. */
  manuscriptShareBp: number;
}

export interface CwrRecording {
  title: string;
  isrc: string | null;
  /** The UPC (12 digits) or EAN-13 of its first release. */
  upc: string | null;
  durationSeconds: number | null;
  artist: string | null;
  /** The submitter's own id for the recording. */
  id: string;
}

export interface CwrWork {
  submitterWorkId: string;
  title: string;
  alternateTitles: readonly string[];
  /** Stored form, `T` and ten digits. */
  iswc: string | null;
  /** Sent before: revised (REV) rather than new (NWR). */
  registered: boolean;
  writers: readonly CwrWriter[];
  recordings: readonly CwrRecording[];
}

/**
 * What the publishing agreement gives the publisher of each controlled writer's share, in basis points
 * of it, per right: performing (PR), mechanical (MR) and synchronisation (SR).
 */
export interface PublishingAgreement {
  pr: number;
  mr: number;
  sr: number;
}

/** The London rule: the publisher takes half of the performing share and all of the mechanical and sync. */
export const LONDON_RULE: PublishingAgreement = { pr: 5000, mr: 10_000, sr: 10_000 };

export interface CwrFileRequest {
  version: CwrVersion;
  /** The sender's number for this file within its year, 1–9999. */
  sequence: number;
  /** The receiving society's code, or 000 for a file to several. */
  receiver?: string;
  createdAt: Date;
  publisher: CwrPublisher;
  works: readonly CwrWork[];
  agreement?: PublishingAgreement;
  software?: { name: string; version: string };
}

export interface CwrFile {
  name: string;
  content: string;
}
