import { tables } from "@app/contracts";
import { sql } from "kysely";
import type { Database } from "./database";
import type { NewCrmContactRow, NewEventRow } from "./schema";
import { seedCrm } from "./seed-crm";
import { at, seedId } from "./seed-ids";
import { seedLegal } from "./seed-legal";
import { seedMoney } from "./seed-money";
import { seedPortfolio } from "./seed-portfolio";
import { seedProjects } from "./seed-projects";
import { seedRoyalties } from "./seed-royalties";
import { seedRoyaltyLedger } from "./seed-royalty-ledger";
import { seedStudio } from "./seed-studio";
import { toStoredRow } from "./stored-values";

function demoEvents(): NewEventRow[] {
  const events: Omit<NewEventRow, "id">[] = [
    {
      title: "Songwriter Circle: Södermalm Sessions",
      description: "Four writers, one stage, stories behind the songs. Acoustic and up close.",
      event_date: at(12, 18),
      status: "upcoming",
      location: "Södra Teatern, Stockholm",
      event_type: "Live music",
      max_attendees: 120,
      image_url: "/images/events/songwriter-circle.svg",
      external_link: "https://example.com/events/songwriter-circle",
    },
    {
      title: "Topline Workshop for Emerging Writers",
      description: "A hands-on afternoon on melody, hooks and co-writing etiquette with our A&R team.",
      event_date: at(26, 13),
      status: "upcoming",
      location: "Studio Hornstull, Stockholm",
      event_type: "Workshop",
      max_attendees: 24,
      image_url: "/images/events/topline-workshop.svg",
      external_link: null,
    },
    {
      title: "Producer Meetup: Mixing for Streaming",
      description: "Loudness targets, stems and delivery specs explained by working mix engineers.",
      event_date: at(40, 17),
      status: "upcoming",
      location: "Kulturhuset, Stockholm",
      event_type: "Meetup",
      max_attendees: 60,
      image_url: null,
      external_link: "https://example.com/events/mixing-for-streaming",
    },
    {
      title: "Winter Showcase",
      description: "Our roster's newest releases performed live, followed by a DJ set.",
      event_date: at(58, 19),
      status: "upcoming",
      location: "Nalen, Stockholm",
      event_type: "Showcase",
      max_attendees: 400,
      image_url: "/images/events/winter-showcase.svg",
      external_link: "https://example.com/events/winter-showcase",
    },
    {
      title: "Sync Licensing Q&A",
      description: "Music supervisors on what gets placed in film, games and ads, and why.",
      event_date: at(20, 16),
      status: "cancelled",
      location: "Online",
      event_type: "Talk",
      max_attendees: 200,
      image_url: null,
      external_link: null,
    },
    {
      title: "Pitch & Party: Autumn Edition",
      description: "Writers pitched demos to publishers, then we celebrated the season's cuts.",
      event_date: at(-35, 18),
      // Past by its date: "past" is derived on read, never stored.
      status: "upcoming",
      location: "Fotografiska, Stockholm",
      event_type: "Networking",
      max_attendees: 150,
      image_url: "/images/events/pitch-and-party.svg",
      external_link: null,
    },
    {
      title: "Royalty Splits Clinic",
      description: "Bring your split sheets: we check registrations and metadata one by one.",
      event_date: at(-70, 14),
      // Past by its date: "past" is derived on read, never stored.
      status: "upcoming",
      location: "Studio Hornstull, Stockholm",
      event_type: "Workshop",
      max_attendees: 30,
      image_url: null,
      external_link: null,
    },
    {
      title: "Summer Rooftop Listening Party",
      description: "Date to be announced: an evening of unreleased demos with a view over the city.",
      event_date: null,
      status: "upcoming",
      location: "Stockholm",
      event_type: "Listening party",
      max_attendees: 80,
      image_url: null,
      external_link: null,
    },
  ];
  // The demo events are on the public site: published, as staff would have left them.
  return events.map((e, i) => ({ ...e, published: true, id: seedId("event", i) }));
}

const FIRST = [
  "Alva",
  "Elias",
  "Maja",
  "Noah",
  "Freja",
  "Hugo",
  "Ebba",
  "Liam",
  "Saga",
  "Oscar",
  "Wilma",
  "Isak",
  "Alice",
  "Leo",
  "Selma",
  "Adam",
  "Nora",
  "Vincent",
  "Ines",
  "Malik",
  "Amira",
  "Jonas",
  "Linnea",
  "Theo",
];
const LAST = [
  "Lindqvist",
  "Berg",
  "Nyström",
  "Ekström",
  "Holm",
  "Sandberg",
  "Axelsson",
  "Lund",
  "Forsberg",
  "Hedlund",
  "Åberg",
  "Wallin",
  "Karimi",
  "Okafor",
  "Moreau",
  "Rossi",
  "Nilsson",
  "Dahl",
];
const STAGE = [
  "Nightjar",
  "Polar Echo",
  "Velvet Arc",
  "Lumen",
  "Kite Season",
  "North Sway",
  "Halo Tapes",
  "Mirage Bay",
];
const ROLES = [
  "Songwriter",
  "Producer",
  "Topliner",
  "Vocalist",
  "Mix Engineer",
  "Mastering Engineer",
  "Beatmaker",
  "Session Guitarist",
  "Lyricist",
  "Composer",
];
const GENRES = [
  "Pop",
  "Electronic",
  "Hip-Hop",
  "R&B",
  "Indie",
  "Folk",
  "Dance",
  "Soul",
  "Rock",
  "Afrobeats",
  "Jazz",
  "Country",
];
const LANGUAGES = [
  "Swedish",
  "English",
  "Spanish",
  "French",
  "Arabic",
  "Norwegian",
  "Finnish",
  "Portuguese",
  "Korean",
];
const CITIES = [
  "Stockholm",
  "Gothenburg",
  "Malmö",
  "Uppsala",
  "Oslo",
  "Copenhagen",
  "Berlin",
  "London",
  "Los Angeles",
  "Seoul",
];
const SKILLS = [
  "melody",
  "lyrics",
  "production",
  "vocals",
  "arrangement",
  "mixing",
  "collaboration",
  "delivery",
];

/** Picks `count` distinct items, spread deterministically by n. */
function pickSome<T>(pool: readonly T[], n: number, count: number, stride: number): T[] {
  const out: T[] = [];
  for (let k = 0; out.length < count; k++) {
    const item = pool[(n * stride + k * 3) % pool.length] as T;
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

function demoTalent(count = 64): NewCrmContactRow[] {
  return Array.from({ length: count }, (_, n) => {
    const first = FIRST[n % FIRST.length] as string;
    const last = LAST[(n * 7) % LAST.length] as string;
    const strengths = Object.fromEntries(
      pickSome(SKILLS, n, 3 + (n % 3), 5).map((skill, k) => [skill, 4 + ((n * 3 + k * 5) % 7)]),
    );
    return {
      id: seedId("talent", n),
      first_name: first,
      last_name: last,
      stage_name: n % 3 === 0 ? `${STAGE[n % STAGE.length]}` : null,
      roles: pickSome(ROLES, n, 1 + (n % 3), 7),
      genres: pickSome(GENRES, n, 1 + (n % 4), 5),
      languages: pickSome(LANGUAGES, n, 1 + (n % 2), 4),
      location: `${CITIES[(n * 5) % CITIES.length]}`,
      email: `${first}.${last}.${n}@example.com`.toLowerCase().replace(/[åä]/g, "a").replace(/ö/g, "o"),
      reliability_score: Math.round((5 + ((n * 37) % 50) / 10) * 10) / 10,
      strengths,
      notes: n % 4 === 0 ? "Strong in writing camps; prefers morning sessions." : null,
      kind: "talent",
      // Every fifth has gone quiet for over a month: the A&R dashboard's nurture queue.
      last_activity_at: at(n % 5 === 0 ? -(31 + (n % 40)) : -(n % 20), 10),
    };
  });
}

/** Inserts the demo rows that are not there yet; running it twice changes nothing. */
export async function seedDemoData(db: Database) {
  const { crm_contacts: contacts } = tables;
  return db.withTransaction(async (trx) => {
    const inserted = await trx
      .insertInto("events")
      .values(demoEvents())
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    let talent = 0;
    for (const row of demoTalent()) {
      const result = await trx
        .insertInto("crm_contacts")
        .values(toStoredRow(contacts, row, db.engine) as NewCrmContactRow)
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      talent += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    const crm = await seedCrm(trx, db.engine);
    const portfolio = await seedPortfolio(trx, db.engine);
    const legal = await seedLegal(trx, db.engine);
    const studio = await seedStudio(trx, db.engine);
    const projects = await seedProjects(trx, db.engine);
    const money = await seedMoney(trx, db.engine);
    const royalties = await seedRoyalties(trx, db.engine);
    const royaltyLedger = await seedRoyaltyLedger(trx, db.engine);
    return {
      events: Number(inserted.numInsertedOrUpdatedRows ?? 0n),
      talent,
      ...crm,
      ...portfolio,
      ...legal,
      ...studio,
      ...projects,
      ...money,
      ...royalties,
      ...royaltyLedger,
    };
  });
}

export async function isEmpty(db: Database): Promise<boolean> {
  const count = async (table: "events" | "crm_contacts") =>
    Number((await db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n ?? 0);
  return (await count("events")) === 0 && (await count("crm_contacts")) === 0;
}
