import type { LegalVariable } from "@app/contracts";
import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { insertAll } from "./seed-rows";

const CLAUSES = [
  {
    slug: "confidentiality_standard_v1",
    title: "Confidentiality (standard)",
    tags: ["confidentiality", "NDA", "standard"],
    body_md:
      "Each party keeps the other's **Confidential Information** secret and uses it only for the purpose " +
      "of this agreement. Confidential Information includes unreleased recordings, stems, lyrics, " +
      "artwork, release dates and commercial terms.\n\n" +
      "This duty does not cover information that:\n\n" +
      "1. is or becomes public through no fault of the receiving party;\n" +
      "2. the receiving party already lawfully held; or\n" +
      "3. must be disclosed by law or by order of a court.\n\n" +
      "The duty lasts for *three (3) years* after this agreement ends.",
  },
  {
    slug: "work_for_hire_master_v1",
    title: "Work for hire (master recording)",
    tags: ["producer", "masters", "ownership"],
    body_md:
      "All master recordings, stems and mixes the Producer delivers under this agreement are made for " +
      "hire. The Company owns them, and every right in them, from the moment they are made, worldwide and " +
      "for the full term of those rights. The Producer keeps the right to be credited as set out below.",
  },
  {
    slug: "payment_terms_sek_v1",
    title: "Payment terms (SEK, 30 days)",
    tags: ["payment", "SEK"],
    body_md:
      "Fees are in Swedish kronor (SEK), excluding VAT, and are paid within **30 days** of a correct " +
      "invoice. Late payment bears interest under the Swedish Interest Act (räntelagen).",
  },
  {
    slug: "governing_law_sweden_v1",
    title: "Governing law (Sweden)",
    tags: ["governing law", "disputes", "Sweden"],
    body_md:
      "This agreement is governed by Swedish law. Disputes are settled by Stockholms tingsrätt " +
      "(Stockholm District Court) as the court of first instance.",
  },
] as const;

const party = (key: string, label: string, source: "contact" | null = null): LegalVariable => ({
  key,
  label,
  required: true,
  type: "party",
  source,
});

const TEMPLATES: {
  title: string;
  description: string;
  category: string;
  variables: LegalVariable[];
  body_md: string;
}[] = [
  {
    title: "Mutual NDA",
    description: "Two-way confidentiality for demos, unreleased masters and deal terms.",
    category: "NDA",
    variables: [
      party("counterparty", "Counterparty", "contact"),
      { key: "effective_date", label: "Effective date", required: true, type: "date" },
      { key: "purpose", label: "Purpose", required: true, type: "text" },
      { key: "term_months", label: "Term (months)", required: false, type: "number" },
    ],
    body_md:
      "# Mutual Non-Disclosure Agreement\n\n" +
      "This agreement is made on **{{effective_date}}** between **Slussen Sound AB**, Götgatan 14, " +
      "118 46 Stockholm (*the Company*), and **{{counterparty}}** ({{counterparty.email}}) (*the Counterparty*).\n\n" +
      "## 1. Purpose\n\n{{purpose}}\n\n" +
      "## 2. Confidentiality\n\n{{clause:confidentiality_standard_v1}}\n\n" +
      "## 3. Term\n\nThis agreement lasts for {{term_months}} months from the date above.\n\n" +
      "## 4. Governing law\n\n{{clause:governing_law_sweden_v1}}\n",
  },
  {
    title: "Producer Agreement",
    description: "A producer's fee, royalty and credit for one project; the masters are the Company's.",
    category: "Producer Agreement",
    variables: [
      party("producer", "Producer", "contact"),
      { key: "project_title", label: "Project title", required: true, type: "text" },
      { key: "artist_name", label: "Artist", required: true, type: "text" },
      { key: "fee_sek", label: "Fee (SEK)", required: true, type: "number" },
      { key: "royalty_percent", label: "Producer royalty", required: true, type: "percent" },
      { key: "delivery_date", label: "Delivery date", required: true, type: "date" },
    ],
    body_md:
      "# Producer Agreement\n\n" +
      "Between **Slussen Sound AB**, Götgatan 14, 118 46 Stockholm (*the Company*) and " +
      "**{{producer}}** (IPI {{producer.ipi}}, {{producer.society}}) (*the Producer*).\n\n" +
      "## 1. The project\n\nThe Producer produces *{{project_title}}* by {{artist_name}} and delivers the " +
      "final mixes and stems by **{{delivery_date}}**.\n\n" +
      "## 2. Ownership\n\n{{clause:work_for_hire_master_v1}}\n\n" +
      "## 3. Fee and royalty\n\n" +
      "| Item | Amount |\n|---|---|\n| Fee | {{fee_sek}} SEK |\n| Producer royalty | {{royalty_percent}} of net receipts |\n\n" +
      "{{clause:payment_terms_sek_v1}}\n\n" +
      "## 4. Credit\n\nThe Producer is credited as *Produced by {{producer}}* wherever producers are credited.\n\n" +
      "## 5. Governing law\n\n{{clause:governing_law_sweden_v1}}\n",
  },
  {
    title: "Split Sheet",
    description: "Who wrote what on a song, and each writer's share: the basis of every royalty statement.",
    category: "Split Sheet",
    variables: [
      { key: "song_title", label: "Song title", required: true, type: "text" },
      { key: "alternate_titles", label: "Alternate titles", required: false, type: "text" },
      { key: "session_date", label: "Session date", required: true, type: "date" },
      { key: "session_location", label: "Session location", required: false, type: "text" },
    ],
    body_md:
      "# Split Sheet\n\n" +
      "**Song title:** {{song_title}}  \n**Alternate titles:** {{alternate_titles}}  \n" +
      "**Session date:** {{session_date}}  \n**Session location:** {{session_location}}\n\n" +
      "## Writers and shares\n\n{{writers}}\n\n" +
      "The writers agree that the shares above are their shares of the composition (music and lyrics) and " +
      "that they add up to 100 %. Each writer registers the song with their society on these shares.\n\n" +
      "{{clause:governing_law_sweden_v1}}\n",
  },
];

const audit = (when: string, action: string, detail: Record<string, unknown> = {}) => ({
  at: when,
  action,
  actor_id: null,
  actor: null,
  ip: null,
  user_agent: null,
  detail,
});

/** The clause library, the NDA, Producer Agreement and Split Sheet templates, and a few documents. */
export async function seedLegal(trx: Db, engine: Engine) {
  const created = at(-30, 9);
  const clauses = await insertAll(
    trx,
    engine,
    "legal_clauses",
    CLAUSES.map((c, i) => ({
      id: seedId("legal-clause", i),
      ...c,
      tags: [...c.tags],
      search_text: [c.title, c.slug, ...c.tags].join(" ").toLowerCase(),
      created_at: created,
      updated_at: created,
    })),
  );
  const templateId = (i: number) => seedId("legal-template", i);
  const templates = await insertAll(
    trx,
    engine,
    "legal_templates",
    TEMPLATES.map((t, i) => ({
      id: templateId(i),
      ...t,
      is_shared: true,
      created_at: created,
      updated_at: created,
    })),
  );
  const talent = seedId("talent", 1);
  const industry = seedId("industry", 1);
  const drafted = at(-3, 10);
  const documents = await insertAll(trx, engine, "legal_documents", [
    {
      id: seedId("legal-document", 0),
      title: "NDA: Söder Songs Publishing",
      template_id: templateId(0),
      payload: {
        variables: {
          counterparty: {
            name: "Johan Lindqvist",
            email: "johan.lindqvist@example.se",
            ipi: null,
            society: null,
          },
          effective_date: at(0, 12).slice(0, 10),
          purpose: "Evaluating a publishing administration deal for the 2027 catalogue.",
          term_months: 24,
        },
        source_refs: { contact_id: industry },
      },
      parties: [
        { name: "Johan Lindqvist", email: "johan.lindqvist@example.se", role: "signer" },
        { name: "Slussen Sound AB", email: "legal@slussensound.example.se", role: "signer" },
      ],
      audit: [audit(drafted, "created", { template_id: templateId(0) })],
      created_at: drafted,
      updated_at: drafted,
    },
    {
      id: seedId("legal-document", 1),
      title: "Producer Agreement: Velvet Arc EP",
      template_id: templateId(1),
      payload: {
        variables: {
          producer: {
            name: "Elias Lund",
            email: "elias.lund.1@example.com",
            ipi: "00456789103",
            society: "STIM",
          },
          project_title: "Velvet Arc EP",
          artist_name: "Velvet Arc",
          fee_sek: 45_000,
          royalty_percent: 3,
          delivery_date: at(21, 12).slice(0, 10),
        },
        source_refs: { contact_id: talent },
      },
      parties: [{ name: "Elias Lund", email: "elias.lund.1@example.com", role: "signer" }],
      audit: [audit(drafted, "created", { template_id: templateId(1) })],
      created_at: drafted,
      updated_at: drafted,
    },
    {
      id: seedId("legal-document", 2),
      title: "Split Sheet: Midnatt på Mälaren",
      template_id: templateId(2),
      payload: {
        variables: {
          song_title: "Midnatt på Mälaren",
          alternate_titles: "Midnight on Lake Mälaren",
          session_date: at(-10, 12).slice(0, 10),
          session_location: "Studio Hornstull, Stockholm",
        },
        writers: [
          {
            legal_name: "Alva Lindqvist",
            credited_name: "Nightjar",
            email: "alva.lindqvist.0@example.com",
            contribution: ["lyrics", "music"],
            share_percent: 40,
            society: "STIM",
            ipi: "00014107338",
            publisher: "Söder Songs Publishing",
            publisher_ipi: "00123456790",
          },
          {
            legal_name: "Elias Berg",
            credited_name: null,
            email: "elias.berg.1@example.com",
            contribution: ["music", "production"],
            share_percent: 33.33,
            society: "STIM",
            ipi: "00456789103",
            publisher: null,
            publisher_ipi: null,
          },
          {
            legal_name: "Maja Nyström",
            credited_name: "Maja N",
            email: "maja.nystrom.2@example.com",
            contribution: ["lyrics"],
            share_percent: 26.67,
            society: "TONO",
            ipi: "00246802468",
            publisher: null,
            publisher_ipi: null,
          },
        ],
      },
      parties: [
        { name: "Alva Lindqvist", email: "alva.lindqvist.0@example.com", role: "signer" },
        { name: "Elias Berg", email: "elias.berg.1@example.com", role: "signer" },
        { name: "Maja Nyström", email: "maja.nystrom.2@example.com", role: "signer" },
        { name: "Söder Songs Publishing", email: "johan.lindqvist@example.se", role: "viewer" },
      ],
      audit: [audit(drafted, "created", { template_id: templateId(2) })],
      created_at: drafted,
      updated_at: drafted,
    },
    {
      id: seedId("legal-document", 3),
      title: "NDA: Nordljus (withdrawn)",
      template_id: templateId(0),
      status: "void",
      void_reason: "The campaign was cancelled before the NDA was sent.",
      payload: {
        variables: { purpose: "Spring campaign sync pitch." },
        source_refs: { contact_id: seedId("industry", 3) },
      },
      parties: [{ name: "Ali Haddad", email: "ali.haddad@example.se", role: "signer" }],
      audit: [
        audit(at(-12, 9), "created", { template_id: templateId(0) }),
        audit(at(-11, 9), "voided", {
          reason: "The campaign was cancelled before the NDA was sent.",
          from: "draft",
        }),
      ],
      created_at: at(-12, 9),
      updated_at: at(-11, 9),
    },
  ]);
  return { legal_clauses: clauses, legal_templates: templates, legal_documents: documents };
}
