import { z } from "zod";

/*
 * Spec §2: the A&R dashboard and the empty CRM boards show hard-coded samples. They live here alone, typed
 * by these schemas, so replacing one with server data later changes this module only. Dates are relative
 * to the moment the module loads so the 30-day and 7-day rules have something true to show.
 */
export const briefStatusSchema = z.enum(["draft", "sourcing", "in_session", "in_review", "shipped"]);
export type BriefStatus = z.infer<typeof briefStatusSchema>;

export const BRIEF_COLUMNS: { status: BriefStatus; label: string }[] = [
  { status: "draft", label: "Draft" },
  { status: "sourcing", label: "Sourcing" },
  { status: "in_session", label: "In Session" },
  { status: "in_review", label: "In Review" },
  { status: "shipped", label: "Shipped" },
];

export const briefSchema = z.object({
  id: z.string(),
  title: z.string(),
  client: z.string(),
  status: briefStatusSchema,
});
export type Brief = z.infer<typeof briefSchema>;

export const arMetricsSchema = z.object({
  matches_made: z.number().int(),
  sessions_booked: z.number().int(),
  active_briefs: z.number().int(),
  new_releases: z.number().int(),
  contracts_signed: z.number().int(),
  royalty_accrual_sek: z.number(),
});
export type ArMetrics = z.infer<typeof arMetricsSchema>;

export const nurtureCandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  last_activity_at: z.string(),
});
export type NurtureCandidate = z.infer<typeof nurtureCandidateSchema>;

export const crmSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  studio: z.string(),
  starts_at: z.string(),
});
export type CrmSession = z.infer<typeof crmSessionSchema>;

export const companySchema = z.object({ id: z.string(), name: z.string(), kind: z.string() });
export type Company = z.infer<typeof companySchema>;

export const crmSampleSchema = z.object({
  metrics: arMetricsSchema,
  nurtureCandidates: z.array(nurtureCandidateSchema),
  upcomingSessions: z.array(crmSessionSchema),
  briefs: z.array(briefSchema),
  companies: z.array(companySchema),
  sessions: z.array(crmSessionSchema),
});
export type CrmSample = z.infer<typeof crmSampleSchema>;

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const SAMPLE_CRM: CrmSample = crmSampleSchema.parse({
  metrics: {
    matches_made: 12,
    sessions_booked: 7,
    active_briefs: 3,
    new_releases: 2,
    contracts_signed: 4,
    royalty_accrual_sek: 86_500,
  },
  // Two are past the 30-day line and belong in the queue; the third was in touch last week.
  nurtureCandidates: [
    {
      id: "n1",
      name: "Astrid Nyström",
      roles: ["Songwriter", "Topliner"],
      last_activity_at: daysFromNow(-45),
    },
    { id: "n2", name: "Omar Haddad", roles: ["Producer"], last_activity_at: daysFromNow(-31) },
    { id: "n3", name: "Linnea Ek", roles: ["Vocalist"], last_activity_at: daysFromNow(-6) },
  ],
  // Two fall inside the next 7 days; the third is further out and stays off the list.
  upcomingSessions: [
    { id: "s1", title: "Topline session: 'Ferry Lights'", studio: "Studio A", starts_at: daysFromNow(1) },
    { id: "s2", title: "Drum tracking: Midsummer EP", studio: "Studio B", starts_at: daysFromNow(5) },
    { id: "s3", title: "Vocal comp: 'Slussen Nights'", studio: "Studio A", starts_at: daysFromNow(12) },
  ],
  // The briefs board, companies and sessions lists are empty in the spec.
  briefs: [],
  companies: [],
  sessions: [],
});
