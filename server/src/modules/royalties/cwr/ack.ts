/**
 * A society's CWR acknowledgement (ACK) file, read: who sent it and, for each work it answers, the
 * status it gave and the society's own work number (the key its royalty statements use). Positions are
 * CISAC's, 1-based and inclusive.
 */

import { CWR_ACK_STATUSES, type CwrAckStatus } from "@app/contracts";

interface WorkAcknowledgement {
  /** Our Submitter Work # the society answers. */
  submitterWorkId: string;
  /** The society's number for the work, when it gave one. */
  societyWorkId: string | null;
  status: CwrAckStatus;
  /** YYYY-MM-DD. */
  processedOn: string;
  title: string;
  originalTransactionType: string;
}

export interface AckFile {
  /** The sending society's three-digit code. */
  societyCode: string;
  societyName: string;
  acknowledgements: WorkAcknowledgement[];
}

export class AckFormatError extends Error {
  override name = "AckFormatError";
}

const at = (line: string, start: number, end: number) => line.slice(start - 1, end).trim();
const isoDate = (yyyymmdd: string) =>
  /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}` : null;

/** Reads an ACK file; a file that is not one (no society header, an unknown status) is an AckFormatError. */
export function parseAck(content: string): AckFile {
  const lines = content.split(/\r?\n/).filter((line) => line.trim() !== "");
  const hdr = lines[0];
  if (!hdr?.startsWith("HDR")) throw new AckFormatError("The file does not start with a CWR header (HDR)");
  if (at(hdr, 4, 5) !== "SO") throw new AckFormatError("The file was not sent by a society (sender type SO)");
  const societyCode = at(hdr, 6, 14).replace(/^0+(?=\d{3})/, "");
  if (!/^\d{3}$/.test(societyCode)) throw new AckFormatError("The header's sender is not a society code");
  const acknowledgements = lines
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => line.startsWith("ACK"))
    .map(({ line, number }) => {
      const status = at(line, 158, 159);
      if (!Object.hasOwn(CWR_ACK_STATUSES, status)) {
        throw new AckFormatError(`Line ${number}: "${status}" is not a CWR transaction status`);
      }
      const processedOn = isoDate(at(line, 150, 157));
      const submitterWorkId = at(line, 110, 129);
      if (!processedOn || !submitterWorkId) {
        throw new AckFormatError(
          `Line ${number}: an acknowledgement needs a work number and a processing date`,
        );
      }
      return {
        submitterWorkId,
        societyWorkId: at(line, 130, 149) || null,
        status: status as CwrAckStatus,
        processedOn,
        title: at(line, 50, 109),
        originalTransactionType: at(line, 47, 49),
      };
    });
  if (acknowledgements.length === 0) throw new AckFormatError("The file holds no acknowledgements (ACK)");
  return { societyCode, societyName: at(hdr, 15, 59), acknowledgements };
}
