import { z } from "zod";
import { societyCodeSchema } from "../royalties/catalogue";
import { CWR_ACK_STATUSES, CWR_VERSIONS } from "../royalties/cwr";
import { column, defineTable } from "./define-table";
import { serverWritten } from "./royalty-ledger.table";

/**
 * A CWR registration file as it was sent: numbered within its year, never changed. Made only by
 * `POST /api/royalties/cwr`, and answered again as a file by `GET /api/royalties/cwr/:id`; read here
 * for the list of files made.
 */
export const cwrExportsTable = defineTable({
  name: "cwr_exports",
  area: "money",
  description:
    "CWR registration files made, each numbered within its year and kept as sent (written only by the CWR export; staff read)",
  columns: {
    id: column.uuid().withDefault(),
    year: column.integer(),
    number_in_year: column.integer().refine(z.number().int().min(1).max(9999), 1),
    /** CISAC's name, CWyynnnnsss_rrr.V21 or .V22. */
    file_name: column.text(30),
    version: column.enum(CWR_VERSIONS),
    /** The file itself, CR LF lines; fetch it as a file from its own route rather than in a list. */
    content: column.text(10_000_000),
    work_count: column.integer().withDefault(),
    created_by: column.uuid().orNull(),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.desc",
  maxRows: 500,
  policy: serverWritten,
});

/** A society's acknowledgement (ACK) file as received: kept by the ACK import, never changed. */
export const cwrAckImportsTable = defineTable({
  name: "cwr_ack_imports",
  area: "money",
  description:
    "societies' CWR acknowledgement files as received (written only by the ACK import; staff read)",
  columns: {
    id: column.uuid().withDefault(),
    society_code: column.text(3).refine(societyCodeSchema, "079"),
    /** The name the file was uploaded under, printable characters only. */
    file_name: column.text(100),
    content: column.text(20_000_000),
    created_by: column.uuid().orNull(),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.desc",
  maxRows: 500,
  policy: serverWritten,
});

/**
 * What a society's acknowledgement file said of one of our works: its status and the society's own
 * number for the work, which the society's statements are keyed by. Written only by the ACK import.
 */
export const workAcknowledgementsTable = defineTable({
  name: "work_acknowledgements",
  area: "money",
  description:
    "each society's acknowledgement of a registered work: status and society work number (written only by the ACK import; staff read)",
  columns: {
    id: column.uuid().withDefault(),
    /** The acknowledgement file it came from. */
    import_id: column.uuid().foreignKeyTo("cwr_ack_imports"),
    work_id: column.uuid().foreignKeyTo("works"),
    society_code: column.text(3).refine(societyCodeSchema, "079"),
    // The import writes only statuses CISAC defines; the database holds the code as text, unchecked.
    status: column.text(2).refine(
      z.string().refine((code) => Object.hasOwn(CWR_ACK_STATUSES, code), "Not a CWR transaction status"),
      "AS",
    ),
    society_work_id: column.text(20).orNull(),
    processed_on: column.date(),
  },
  defaultOrder: "processed_on.desc",
  maxRows: 1000,
  policy: serverWritten,
});
