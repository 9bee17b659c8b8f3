import { z } from "zod";
import { VAT_RATES } from "../money";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

export const PROJECT_KINDS = ["production", "co-write", "mix", "master", "sync", "event"] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

export const PROJECT_STATUSES = ["lead", "active", "delivered", "invoiced", "closed", "cancelled"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  lead: "Lead",
  active: "Active",
  delivered: "Delivered",
  invoiced: "Invoiced",
  closed: "Closed",
  cancelled: "Cancelled",
};

/**
 * A project's lifecycle, the one table of allowed moves the server checks: work goes forward one step
 * at a time, anything not yet invoiced can be cancelled, and a closed or cancelled project stays so.
 */
export const PROJECT_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  lead: ["active", "cancelled"],
  active: ["delivered", "cancelled"],
  delivered: ["invoiced", "cancelled"],
  invoiced: ["closed"],
  closed: [],
  cancelled: [],
};

/** The states a project may be created in: one not yet agreed, or one already under way. */
export const PROJECT_START_STATUSES: readonly ProjectStatus[] = ["lead", "active"];

export const FEE_MODELS = ["fixed", "hourly", "daily"] as const;
export type FeeModel = (typeof FEE_MODELS)[number];

export const PROJECT_MEMBER_ROLES = ["producer", "engineer", "writer", "artist", "coordinator"] as const;
export type ProjectMemberRole = (typeof PROJECT_MEMBER_ROLES)[number];

/** A share of a project's fee in basis points: 10 000 is the whole fee. */
export const WHOLE_FEE_BP = 10_000;

/** `P-2026-014`: the year the project was created, then its number within that year (three digits or more). */
export const PROJECT_CODE_PATTERN = /^P-\d{4}-\d{3,}$/;

const date = column.date();

/** Money in öre: whole numbers only, so no sum is ever off by a rounding. */
const ore = (max: number) => z.number().int("An amount is whole öre").min(0).max(max);

export const projectsTable = defineTable({
  name: "projects",
  area: "money",
  description:
    "the business's projects: client, dates, budget in öre and a status that moves only as its lifecycle allows (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    /** Given by the server when the project is created (P-<year>-<number>), never written by a client. */
    code: column.text(20).generated(),
    title: column.text(200).refine(z.string().trim().min(1, "A project needs a title").max(200), "Album mix"),
    company_id: column.uuid().foreignKeyTo("crm_companies").orNull(),
    contact_id: column.uuid().foreignKeyTo("crm_contacts").orNull(),
    kind: column.enum(PROJECT_KINDS).withDefault(),
    status: column.enum(PROJECT_STATUSES).withDefault(),
    start_date: date.refine(date.schema, "2026-03-02").orNull(),
    /** Not before start_date (a check on both engines). */
    due_date: date.refine(date.schema, "2026-04-30").orNull(),
    budget_ore: column.integer().refine(ore(100_000_000_000), 2_500_000).withDefault(),
    fee_model: column.enum(FEE_MODELS).withDefault(),
    default_vat_rate: column
      .integer()
      .refine(
        z
          .number()
          .int()
          .refine((rate) => (VAT_RATES as readonly number[]).includes(rate), "VAT is 25, 12, 6 or 0 %"),
        25,
      )
      .withDefault(),
    notes: column.text(10_000).orNull(),
    /** The signed contract. */
    legal_document_id: column.uuid().foreignKeyTo("legal_documents").orNull(),
    /** The won deal the project came from; one project per deal. */
    deal_id: column.uuid().foreignKeyTo("crm_deals").orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.desc",
  maxRows: 500,
  policy: staffOnly,
});

/** Who works on a project, in which role, at an optional rate (öre per hour or day, as the fee model says). */
export const projectMembersTable = defineTable({
  name: "project_members",
  area: "money",
  description: "a project's team: a contact in a role, at an optional rate in öre (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    project_id: column.uuid().foreignKeyTo("projects"),
    contact_id: column.uuid().foreignKeyTo("crm_contacts"),
    role: column.enum(PROJECT_MEMBER_ROLES),
    rate_ore: column.integer().refine(ore(100_000_000), 95_000).orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 500,
  policy: staffOnly,
});

/** A step of a project with its due date and, optionally, the share of the fee billed when it is reached. */
export const projectMilestonesTable = defineTable({
  name: "project_milestones",
  area: "money",
  description:
    "a project's milestones: due date and an optional billing share; a project's shares add up to at most 100 % (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    project_id: column.uuid().foreignKeyTo("projects"),
    title: column.text(200).refine(z.string().trim().min(1, "A milestone needs a title").max(200), "Signing"),
    due_date: column.date().orNull(),
    // The sample bills nothing, so it fits any project, however much of its fee is already planned.
    billing_share_bp: column
      .integer()
      .refine(z.number().int().min(0).max(WHOLE_FEE_BP, "A share is at most 100 %"), 0)
      .orNull(),
    /** The team member (a back-office account) who sees to it: "My Tasks" is theirs. */
    assignee_id: column.uuid().orNull(),
    reached_at: column.timestamp().orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "due_date.asc",
  maxRows: 500,
  policy: staffOnly,
});
