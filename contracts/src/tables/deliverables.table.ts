import { z } from "zod";
import { MAX_UNIT_PRICE_ORE } from "../money/invoice-math";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

export const DELIVERABLE_KINDS = [
  "master_wav",
  "stems",
  "instrumental",
  "tv_mix",
  "a_cappella",
  "lyric_sheet",
  "split_sheet",
  "artwork",
  "other",
] as const;
export type DeliverableKind = (typeof DELIVERABLE_KINDS)[number];

export const DELIVERABLE_KIND_LABELS: Record<DeliverableKind, string> = {
  master_wav: "Master WAV",
  stems: "Stems",
  instrumental: "Instrumental",
  tv_mix: "TV mix",
  a_cappella: "A cappella",
  lyric_sheet: "Lyric sheet",
  split_sheet: "Split sheet",
  artwork: "Artwork",
  other: "Other",
};

export const DELIVERABLE_STATUSES = [
  "pending",
  "in_progress",
  "submitted",
  "changes_requested",
  "approved",
] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];

export const DELIVERABLE_STATUS_LABELS: Record<DeliverableStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  submitted: "Submitted",
  changes_requested: "Changes Requested",
  approved: "Approved",
};

/**
 * The one table of allowed moves the server checks. Work starts, a version is submitted (again after
 * changes were asked for), and only the client's decision on a submitted version approves it or sends it
 * back; an approved deliverable is done.
 */
export const DELIVERABLE_TRANSITIONS: Record<DeliverableStatus, readonly DeliverableStatus[]> = {
  pending: ["in_progress", "submitted"],
  in_progress: ["submitted"],
  submitted: ["submitted", "changes_requested", "approved"],
  changes_requested: ["in_progress", "submitted"],
  approved: [],
};

/** Where a version stands with the client: asked, decided, or passed over by a newer version. */
export const APPROVAL_STATES = ["awaiting", "approved", "changes_requested", "superseded"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/**
 * A loudness target in LUFS as written on a spec sheet ("-14", "-23.0"): an exact decimal, kept as text
 * so no float rounding ever changes what was agreed.
 */
export const loudnessSchema = z
  .string()
  .regex(/^-?\d{1,2}(\.\d{1,2})?$/, "A loudness target is a number of LUFS such as -14 or -23.0");

/** Work the business owes a client on a project: what, to which spec, by when, by whom. */
export const deliverablesTable = defineTable({
  name: "deliverables",
  area: "money",
  description:
    "what a project delivers, to which spec, by when; its status moves only by versions and approvals",
  columns: {
    id: column.uuid().withDefault(),
    project_id: column.uuid().foreignKeyTo("projects"),
    kind: column.enum(DELIVERABLE_KINDS),
    title: column
      .text(200)
      .refine(z.string().trim().min(1, "A deliverable needs a title").max(200), "Master"),
    format: column.text(50).orNull(),
    sample_rate_hz: column.integer().refine(z.number().int().min(8000).max(768_000), 48_000).orNull(),
    bit_depth: column
      .integer()
      .refine(z.union([z.literal(16), z.literal(24), z.literal(32)]), 24)
      .orNull(),
    loudness_target_lufs: column.text(6).refine(loudnessSchema, "-14").orNull(),
    due_date: column.date().orNull(),
    /** The team member (a back-office account) who delivers it: "My Tasks" is theirs. */
    assignee_id: column.uuid().orNull(),
    /** What the deliverable is billed at, in öre: the unit price of the invoice line made from it; null while not priced. */
    fee_ore: column.integer().refine(z.number().int().min(0).max(MAX_UNIT_PRICE_ORE), 1_500_000).orNull(),
    /** Read-only here: versions submit it and the client's decision approves it or sends it back. */
    status: column.enum(DELIVERABLE_STATUSES).generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "due_date.asc",
  maxRows: 500,
  policy: staffOnly,
});

/** Each generated row's own object path (the column is unique). */
let samplePaths = 0;

/**
 * One uploaded file of a deliverable. Every upload is a new row and a new object of the `deliverables`
 * bucket; the server numbers it, hashes its bytes and records who sent it. Nobody writes it through the
 * data API.
 */
export const deliverableVersionsTable = defineTable({
  name: "deliverable_versions",
  area: "money",
  description:
    "every uploaded version of a deliverable with its SHA-256 (staff read; only the server writes)",
  // Only the server writes a version (the policy grants no writes), so its columns are plain ones.
  columns: {
    id: column.uuid().withDefault(),
    deliverable_id: column.uuid().foreignKeyTo("deliverables"),
    /** 1, 2, 3 … per deliverable, in upload order. */
    version: column.integer().refine(z.number().int().min(1), 1),
    /** The object's key in the private `deliverables` bucket. */
    object_path: column.text(1024).refine(z.string().min(1).max(1024), () => `sample/${++samplePaths}.wav`),
    sha256: column.text(64).refine(z.string().regex(/^[0-9a-f]{64}$/), "0".repeat(64)),
    size: column.integer().refine(z.number().int().min(0), 1024),
    content_type: column.text(200),
    note: column.text(2000).orNull(),
    uploaded_by: column.uuid().orNull(),
    uploaded_at: column.timestamp().generated(),
    approval_state: column.enum(APPROVAL_STATES).orNull(),
    approval_requested_at: column.timestamp().orNull(),
    /** When the newest link sent for this version stops working; a client can decide only before it. */
    approval_expires_at: column.timestamp().orNull(),
    decided_at: column.timestamp().orNull(),
    /** The client's comment with a request for changes. */
    decision_comment: column.text(5000).orNull(),
  },
  defaultOrder: "uploaded_at.desc",
  maxRows: 500,
  policy: { select: ["staff", "admin"], insert: [], update: [], delete: [] },
});
