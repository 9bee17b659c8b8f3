import type { Talent } from "@app/contracts";

function createTalent(overrides: Partial<Talent> & { id: string }): Talent {
  return {
    first_name: "Nova",
    last_name: "Lind",
    stage_name: null,
    roles: [],
    genres: [],
    languages: [],
    location: null,
    email: null,
    reliability_score: null,
    strengths: {},
    notes: null,
    kind: "talent",
    company_id: null,
    phone: null,
    pro_society: null,
    ipi: null,
    archived_at: null,
    last_activity_at: null,
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-01T00:00:00Z",
    ...overrides,
  };
}

export const NOVA = createTalent({
  id: "11111111-1111-4111-8111-111111111111",
  first_name: "Nova",
  last_name: "Lind",
  stage_name: "NOVA",
  roles: ["Vocalist", "Songwriter", "Topliner", "Producer"],
  genres: ["Pop", "Synth-pop"],
  languages: ["Swedish", "English"],
  location: "Stockholm",
  email: "nova@example.test",
  reliability_score: 9,
  strengths: { Vocals: 9, Lyrics: 7 },
  notes: "Prefers morning sessions.",
});

export const OMAR = createTalent({
  id: "22222222-2222-4222-8222-222222222222",
  first_name: "Omar",
  last_name: "Haddad",
  roles: ["Producer"],
  reliability_score: 8,
});

export const ASTRID = createTalent({
  id: "33333333-3333-4333-8333-333333333333",
  first_name: "Astrid",
  last_name: "Nyström",
  roles: ["Songwriter"],
  reliability_score: 6.5,
});
