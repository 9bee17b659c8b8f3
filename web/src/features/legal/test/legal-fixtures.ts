import type {
  LegalClause,
  LegalDocument,
  LegalTemplate,
  ListedDocument,
} from "@/features/legal/api/legal-types";

/** Rows shaped as the data API answers them, for the legal screens' unit tests. */
const OWNER = "00000000-0000-4000-8000-000000000001";
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function templateRow(overrides: Partial<LegalTemplate> = {}): LegalTemplate {
  return {
    id: uuid(100),
    title: "Mutual NDA",
    description: "Two-way confidentiality agreement for pitches and demos.",
    category: "NDA",
    variables: [
      { key: "counterparty", label: "Counterparty", required: true, type: "party", source: "contact" },
      { key: "effective_date", label: "Effective date", required: true, type: "date" },
    ],
    body_md: "Between {{counterparty}} and the company from {{effective_date}}.",
    is_shared: true,
    owner_id: OWNER,
    created_at: "2024-03-02T09:00:00Z",
    updated_at: "2024-05-10T14:30:00Z",
    ...overrides,
  };
}

export function documentRow(overrides: Partial<LegalDocument> = {}): LegalDocument {
  return {
    id: uuid(200),
    title: "NDA – Nova Lind",
    status: "draft",
    template_id: uuid(100),
    owner_id: OWNER,
    payload: { variables: { effective_date: "2024-06-03" }, source_refs: { contact_id: null } },
    parties: [{ name: "Nova Lind", email: "nova@example.com", role: "signer" }],
    rendered_md: null,
    rendered_html: null,
    rendered_pdf_url: null,
    rendered_docx_url: null,
    content_sha256: null,
    signed_pdf_url: null,
    signed_sha256: null,
    void_reason: null,
    audit: [],
    created_at: "2024-06-03T10:00:00Z",
    updated_at: "2024-06-03T10:00:00Z",
    ...overrides,
  };
}

/** A document as the list reads it, its template's title embedded (`template:legal_templates(title)`). */
export function listedDocument(overrides: Partial<ListedDocument> = {}): ListedDocument {
  const { template = { title: templateRow().title }, ...row } = overrides;
  return { ...documentRow(row), template };
}

export function clauseRow(overrides: Partial<LegalClause> = {}): LegalClause {
  const row = {
    id: uuid(300),
    slug: "confidentiality_standard_v1",
    title: "Confidentiality (standard)",
    body_md: "Each party keeps the other's confidential information secret for three years.",
    tags: ["nda", "confidentiality", "standard", "mutual"],
    owner_id: OWNER,
    created_at: "2024-01-15T09:00:00Z",
    updated_at: "2024-05-02T09:00:00Z",
    ...overrides,
  };
  return { ...row, search_text: [row.title, row.slug, ...row.tags].join(" ").toLowerCase() };
}

export const TEMPLATES: LegalTemplate[] = [
  templateRow(),
  templateRow({
    id: uuid(101),
    title: "Producer Agreement",
    description: "Producer fee, points and credit for a single master.",
    category: "Producer Agreement",
  }),
  templateRow({
    id: uuid(102),
    title: "Split Sheet",
    description: "Writer shares.",
    category: "Split Sheet",
  }),
  templateRow({
    id: uuid(103),
    title: "Sync License",
    description: "Licence to synchronise a master in film.",
    category: "License",
  }),
];

export const DOCUMENTS: ListedDocument[] = [
  listedDocument(),
  listedDocument({ id: uuid(201), title: "Producer Agreement – Omar", status: "awaiting_signatures" }),
  listedDocument({ id: uuid(202), title: "Split Sheet – Slussen Nights", status: "partially_signed" }),
  listedDocument({ id: uuid(203), title: "Sync License – Ferry Co", status: "fully_signed" }),
  listedDocument({
    id: uuid(204),
    title: "NDA – Withdrawn pitch",
    status: "void",
    void_reason: "Pitch withdrawn",
  }),
];

export const CLAUSES: LegalClause[] = [
  clauseRow(),
  clauseRow({
    id: uuid(301),
    slug: "work_for_hire_master_v1",
    title: "Work for hire (master)",
    tags: ["producer", "master"],
    updated_at: "2024-04-18T09:00:00Z",
  }),
];
