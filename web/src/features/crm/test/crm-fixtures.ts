import type {
  Activity,
  Brief,
  Company,
  Contact,
  Deal,
  StudioRoom,
  StudioSession,
} from "@/features/crm/api/crm-types";

/** Factories for CRM rows as the API answers them; each call gets its own id unless one is given. */
let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`;
};
const READ_AT = "2026-11-01T10:00:00.000Z";

export function makeContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: nextId(),
    first_name: "Nova",
    last_name: "Lind",
    stage_name: "NOVA",
    roles: ["Vocalist", "Songwriter", "Topliner"],
    genres: ["Pop"],
    languages: ["Swedish"],
    location: "Stockholm",
    email: "nova@example.se",
    reliability_score: 9,
    strengths: { melody: 8 },
    notes: null,
    kind: "talent",
    company_id: null,
    phone: null,
    pro_society: "STIM",
    ipi: null,
    archived_at: null,
    last_activity_at: READ_AT,
    created_at: READ_AT,
    updated_at: READ_AT,
    ...overrides,
  };
}

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: nextId(),
    name: "Hornstull Records",
    org_number: "556016-0680",
    kind: "label",
    website: null,
    city: "Stockholm",
    notes: null,
    archived_at: null,
    created_at: READ_AT,
    updated_at: READ_AT,
    ...overrides,
  };
}

export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: nextId(),
    title: "Writing camp",
    company_id: null,
    contact_id: null,
    stage: "prospect",
    value_sek: 10_000,
    expected_close_on: null,
    owner_id: null,
    position: 0,
    created_at: READ_AT,
    updated_at: READ_AT,
    ...overrides,
  };
}

export function makeBrief(overrides: Partial<Brief> = {}): Brief {
  return {
    id: nextId(),
    title: "Summer single",
    company_id: null,
    description: null,
    budget_sek: 40_000,
    due_on: null,
    status: "draft",
    position: 0,
    created_at: READ_AT,
    updated_at: READ_AT,
    ...overrides,
  };
}

export function makeActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: nextId(),
    record_type: "crm_contacts",
    record_id: nextId(),
    action: "created",
    changes: {},
    actor_id: null,
    actor_role: null,
    note: null,
    created_at: READ_AT,
    ...overrides,
  };
}

export function makeRoom(overrides: Partial<StudioRoom> = {}): StudioRoom {
  return {
    id: nextId(),
    name: "Studio A – Södermalm",
    kind: "recording",
    hourly_rate_sek: 1200,
    active: true,
    created_at: READ_AT,
    updated_at: READ_AT,
    ...overrides,
  };
}

export function makeSession(overrides: Partial<StudioSession> = {}): StudioSession {
  return {
    id: nextId(),
    title: "Vocal session",
    room_id: nextId(),
    starts_at: "2026-12-01T09:00:00.000Z",
    ends_at: "2026-12-01T11:00:00.000Z",
    status: "confirmed",
    brief_id: null,
    project_id: null,
    notes: null,
    created_at: READ_AT,
    updated_at: READ_AT,
    ...overrides,
  };
}

/** A row as a read that embeds its company's name answers it (`company:crm_companies(name)`). */
export function withCompany<R extends { company_id: string | null }>(
  row: R,
  companies: readonly { id: string; name: string }[],
) {
  const company = companies.find((c) => c.id === row.company_id);
  return { ...row, company: company ? { name: company.name } : null };
}
