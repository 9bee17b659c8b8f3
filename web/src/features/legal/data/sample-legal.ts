import { z } from "zod";

/*
 * Spec §3: legal templates, documents and clauses have no server tables yet; the screens show these
 * samples. Schemas and samples live here alone, so real endpoints later replace this module only.
 */
export const TEMPLATE_CATEGORIES = ["NDA", "Producer Agreement", "Split Sheet", "License", "Custom"] as const;
export const templateCategorySchema = z.enum(TEMPLATE_CATEGORIES);
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

export const DOCUMENT_STATUSES = [
  "draft",
  "awaiting_signatures",
  "partially_signed",
  "fully_signed",
  "void",
] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: "Draft",
  awaiting_signatures: "Awaiting Signatures",
  partially_signed: "Partially Signed",
  fully_signed: "Fully Signed",
  void: "Void",
};

export const templateVariableSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  type: z.enum(["text", "date"]),
  source: z.array(z.string()),
});

export const legalTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: templateCategorySchema,
  variables: z.array(templateVariableSchema),
  body_md: z.string(),
  is_shared: z.boolean(),
  owner_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LegalTemplate = z.infer<typeof legalTemplateSchema>;

export const legalDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: documentStatusSchema,
  template_id: z.string().nullable(),
  owner_id: z.string(),
  payload: z.object({
    variables: z.record(z.string(), z.string()),
    source_refs: z.object({
      contact_id: z.string().optional(),
      project_id: z.string().optional(),
      song_id: z.string().optional(),
    }),
  }),
  rendered_html: z.string().nullable(),
  rendered_pdf_url: z.string().nullable(),
  rendered_docx_url: z.string().nullable(),
  audit: z.array(z.object({ at: z.string(), action: z.string(), actor: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalClauseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  body_md: z.string(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  owner_id: z.string(),
});
export type LegalClause = z.infer<typeof legalClauseSchema>;

const OWNER = "00000000-0000-4000-8000-000000000001";

export const SAMPLE_TEMPLATES: LegalTemplate[] = z.array(legalTemplateSchema).parse([
  {
    id: "tpl-nda",
    title: "Mutual NDA",
    description: "Two-way confidentiality agreement for pitches and demos.",
    category: "NDA",
    variables: [
      { key: "party_name", label: "Party name", required: true, type: "text", source: ["contact"] },
      { key: "effective_date", label: "Effective date", required: true, type: "date", source: [] },
    ],
    body_md: "This agreement between {{party_name}} and the company starts on {{effective_date}}.",
    is_shared: true,
    owner_id: OWNER,
    created_at: "2024-03-02T09:00:00Z",
    updated_at: "2024-05-10T14:30:00Z",
  },
  {
    id: "tpl-producer",
    title: "Producer Agreement",
    description: "Producer fee, points and credit for a single master.",
    category: "Producer Agreement",
    variables: [
      { key: "producer_name", label: "Producer", required: true, type: "text", source: ["contact"] },
      { key: "song_title", label: "Song", required: true, type: "text", source: ["song"] },
    ],
    body_md: "{{producer_name}} produces {{song_title}} for the fee and points below.",
    is_shared: true,
    owner_id: OWNER,
    created_at: "2024-02-11T09:00:00Z",
    updated_at: "2024-04-22T08:15:00Z",
  },
  {
    id: "tpl-split",
    title: "Split Sheet",
    description: "Writer and publisher shares for one composition.",
    category: "Split Sheet",
    variables: [{ key: "song_title", label: "Song", required: true, type: "text", source: ["song"] }],
    body_md: "Ownership shares of {{song_title}}.",
    is_shared: false,
    owner_id: OWNER,
    created_at: "2024-01-20T09:00:00Z",
    updated_at: "2024-01-20T09:00:00Z",
  },
  {
    id: "tpl-sync",
    title: "Sync License",
    description: "Licence to synchronise a master in film, TV or advertising.",
    category: "License",
    variables: [{ key: "licensee", label: "Licensee", required: true, type: "text", source: ["contact"] }],
    body_md: "The company licenses the master to {{licensee}}.",
    is_shared: true,
    owner_id: OWNER,
    created_at: "2024-04-01T09:00:00Z",
    updated_at: "2024-06-01T10:00:00Z",
  },
]);

export const SAMPLE_DOCUMENTS: LegalDocument[] = z.array(legalDocumentSchema).parse([
  {
    id: "doc-nda-nova",
    title: "NDA – Nova Lind",
    status: "draft",
    template_id: "tpl-nda",
    owner_id: OWNER,
    payload: { variables: { party_name: "Nova Lind" }, source_refs: { contact_id: "c-nova" } },
    rendered_html: null,
    rendered_pdf_url: null,
    rendered_docx_url: null,
    audit: [{ at: "2024-06-03T10:00:00Z", action: "created", actor: "Maja Holm" }],
    created_at: "2024-06-03T10:00:00Z",
    updated_at: "2024-06-03T10:00:00Z",
  },
  {
    id: "doc-producer-omar",
    title: "Producer Agreement – Omar Haddad",
    status: "awaiting_signatures",
    template_id: "tpl-producer",
    owner_id: OWNER,
    payload: {
      variables: { producer_name: "Omar Haddad", song_title: "Slussen Nights" },
      source_refs: { contact_id: "c-omar", song_id: "s-slussen" },
    },
    rendered_html: "<p>Producer agreement</p>",
    rendered_pdf_url: "/files/legal/doc-producer-omar.pdf",
    rendered_docx_url: null,
    audit: [
      { at: "2024-05-28T09:00:00Z", action: "created", actor: "Maja Holm" },
      { at: "2024-05-29T09:00:00Z", action: "sent", actor: "Maja Holm" },
    ],
    created_at: "2024-05-28T09:00:00Z",
    updated_at: "2024-05-29T09:00:00Z",
  },
  {
    id: "doc-split-slussen",
    title: "Split Sheet – Slussen Nights",
    status: "partially_signed",
    template_id: "tpl-split",
    owner_id: OWNER,
    payload: { variables: { song_title: "Slussen Nights" }, source_refs: { song_id: "s-slussen" } },
    rendered_html: "<p>Split sheet</p>",
    rendered_pdf_url: "/files/legal/doc-split-slussen.pdf",
    rendered_docx_url: "/files/legal/doc-split-slussen.docx",
    audit: [
      { at: "2024-05-20T09:00:00Z", action: "created", actor: "Elias Berg" },
      { at: "2024-05-21T11:00:00Z", action: "signed", actor: "Elias Berg" },
    ],
    created_at: "2024-05-20T09:00:00Z",
    updated_at: "2024-05-21T11:00:00Z",
  },
  {
    id: "doc-sync-ferry",
    title: "Sync License – Ferry Co",
    status: "fully_signed",
    template_id: "tpl-sync",
    owner_id: OWNER,
    payload: { variables: { licensee: "Ferry Co" }, source_refs: { project_id: "p-ferry" } },
    rendered_html: "<p>Sync licence</p>",
    rendered_pdf_url: "/files/legal/doc-sync-ferry.pdf",
    rendered_docx_url: "/files/legal/doc-sync-ferry.docx",
    audit: [
      { at: "2024-04-10T09:00:00Z", action: "created", actor: "Maja Holm" },
      { at: "2024-04-11T09:00:00Z", action: "signed", actor: "Ferry Co" },
      { at: "2024-04-12T09:00:00Z", action: "signed", actor: "Maja Holm" },
    ],
    created_at: "2024-04-10T09:00:00Z",
    updated_at: "2024-04-12T09:00:00Z",
  },
  {
    id: "doc-nda-void",
    title: "NDA – Withdrawn pitch",
    status: "void",
    template_id: "tpl-nda",
    owner_id: OWNER,
    payload: { variables: {}, source_refs: {} },
    rendered_html: null,
    rendered_pdf_url: null,
    rendered_docx_url: null,
    audit: [{ at: "2024-03-01T09:00:00Z", action: "voided", actor: "Maja Holm" }],
    created_at: "2024-02-25T09:00:00Z",
    updated_at: "2024-03-01T09:00:00Z",
  },
]);

export const SAMPLE_CLAUSES: LegalClause[] = z.array(legalClauseSchema).parse([
  {
    id: "clause-confidentiality",
    slug: "confidentiality_standard_v1",
    title: "Confidentiality (standard)",
    body_md: "Each party keeps the other's confidential information secret for three years.",
    tags: ["nda", "confidentiality", "standard", "mutual"],
    created_at: "2024-01-15T09:00:00Z",
    updated_at: "2024-05-02T09:00:00Z",
    owner_id: OWNER,
  },
  {
    id: "clause-work-for-hire",
    slug: "work_for_hire_master_v1",
    title: "Work for hire (master)",
    body_md: "The master recording is a work made for hire owned by the company.",
    tags: ["producer", "master"],
    created_at: "2024-02-01T09:00:00Z",
    updated_at: "2024-04-18T09:00:00Z",
    owner_id: OWNER,
  },
]);
