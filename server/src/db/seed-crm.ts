import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { insertAll } from "./seed-rows";

/** Stockholm companies, industry contacts, a living deal pipeline and brief board, and their timeline. */
const COMPANIES = [
  {
    name: "Hornstull Records",
    kind: "label",
    city: "Stockholm",
    org_number: "556016-0680",
    website: "https://hornstull.example.se",
  },
  { name: "Söder Songs Publishing", kind: "publisher", city: "Stockholm", org_number: null, website: null },
  {
    name: "Fasching",
    kind: "venue",
    city: "Stockholm",
    org_number: null,
    website: "https://fasching.example.se",
  },
  { name: "Nordljus Brand Studio", kind: "brand", city: "Göteborg", org_number: null, website: null },
  { name: "Atlantis Studios", kind: "studio", city: "Stockholm", org_number: null, website: null },
  { name: "Kajplats 9 Events", kind: "other", city: "Malmö", org_number: null, website: null },
] as const;

const INDUSTRY = [
  { first_name: "Maja", last_name: "Ekström", company: 0, phone: "+46 70 123 45 01" },
  { first_name: "Johan", last_name: "Lindqvist", company: 1, phone: "+46 70 123 45 02" },
  { first_name: "Sara", last_name: "Öberg", company: 2, phone: null },
  { first_name: "Ali", last_name: "Haddad", company: 3, phone: "+46 73 555 01 10" },
  { first_name: "Elsa", last_name: "Nyström", company: 4, phone: null },
  { first_name: "Viktor", last_name: "Åberg", company: 5, phone: "+46 76 200 30 40" },
] as const;

const DEALS = [
  ["Sync: Nordljus spring campaign", 3, "prospect", 45_000, 10],
  ["Topline package, Hornstull EP", 0, "prospect", 30_000, 4],
  ["Publishing admin, Söder Songs", 1, "negotiation", 120_000, 8],
  ["Fasching showcase night", 2, "negotiation", 18_000, 22],
  ["Mastering retainer, Atlantis", 4, "contract", 60_000, 1],
  ["Festival stage production, Kajplats 9", 5, "contract", 240_000, 15],
  ["Writing camp, Hornstull", 0, "won", 85_000, 3],
  ["Podcast theme, Nordljus", 3, "won", 12_000, 9],
  ["Label services pilot", 1, "lost", 50_000, 30],
] as const;

const BRIEFS = [
  ["Summer single for a pop duo", 0, "sourcing", 40_000],
  ["Jingle for a Göteborg coffee brand", 3, "draft", 15_000],
  ["Film trailer cue, dark synth", 5, "in_session", 60_000],
  ["Swedish-language ballad, festival closer", 2, "in_review", 25_000],
  ["Game soundtrack stems", 4, "shipped", 90_000],
] as const;

export async function seedCrm(trx: Db, engine: Engine) {
  const created = at(-60, 9);
  const companyId = (i: number) => seedId("company", i);
  const companies = await insertAll(
    trx,
    engine,
    "crm_companies",
    COMPANIES.map((c, i) => ({
      id: companyId(i),
      ...c,
      notes: null,
      created_at: created,
      updated_at: created,
    })),
  );
  const contacts = await insertAll(
    trx,
    engine,
    "crm_contacts",
    INDUSTRY.map((p, i) => ({
      id: seedId("industry", i),
      first_name: p.first_name,
      last_name: p.last_name,
      kind: "industry",
      company_id: companyId(p.company),
      phone: p.phone,
      email: `${p.first_name}.${p.last_name}@example.se`
        .toLowerCase()
        .replace(/[åä]/g, "a")
        .replace(/ö/g, "o"),
      location: COMPANIES[p.company].city,
      last_activity_at: at(-(i * 6), 11),
      created_at: created,
      updated_at: created,
    })),
  );
  const deals = await insertAll(
    trx,
    engine,
    "crm_deals",
    DEALS.map(([title, company, stage, value, closeIn], i) => ({
      id: seedId("deal", i),
      title,
      company_id: companyId(company),
      contact_id: seedId("industry", company),
      stage,
      value_sek: value,
      expected_close_on: at(closeIn, 12).slice(0, 10),
      position: i,
      created_at: created,
      updated_at: created,
    })),
  );
  const briefs = await insertAll(
    trx,
    engine,
    "crm_briefs",
    BRIEFS.map(([title, company, status, budget], i) => ({
      id: seedId("brief", i),
      title,
      company_id: companyId(company),
      description: null,
      budget_sek: budget,
      due_on: at(14 + i * 7, 12).slice(0, 10),
      status,
      position: i,
      created_at: created,
      updated_at: created,
    })),
  );
  const timeline = [
    ...DEALS.map((_, i) => ({ type: "crm_deals", id: seedId("deal", i), n: i })),
    ...BRIEFS.map((_, i) => ({ type: "crm_briefs", id: seedId("brief", i), n: 20 + i })),
    ...COMPANIES.map((_, i) => ({ type: "crm_companies", id: companyId(i), n: 40 + i })),
  ];
  const activity = await insertAll(
    trx,
    engine,
    "crm_activity",
    timeline.map(({ type, id, n }) => ({
      id: seedId("activity", n),
      record_type: type,
      record_id: id,
      action: "created",
      changes: {},
      actor_id: null,
      created_at: at(-(60 - (n % 30)), 9 + (n % 8)),
    })),
  );
  return { companies, contacts, deals, briefs, activity };
}
