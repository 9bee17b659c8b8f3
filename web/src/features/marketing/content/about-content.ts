export const EXECUTIVE_SUMMARY = [
  "Slussen Sound is a Stockholm music company founded in 2016 by two working songwriters. We write, produce and master records, run live events with our own AV team, release music through royalty-based label partnerships, coach and manage artists, and make video and photo content around all of it.",
  "Our next step is SplitLedger, the platform we built for our own sessions: collaboration, music metadata and royalty splits agreed before a song leaves the room. We are seeking strategic investment to take it from our roster to the wider Nordic songwriting community.",
] as const;

export const MISSION =
  "To give songwriters and artists the studio, stage and business tools they need to make great music and get paid fairly for it.";

export const VISION =
  "A music industry where every credit is correct, every split is agreed up front, and Stockholm's next generation of writers builds careers that last.";

export const VALUES = [
  { title: "Song first", text: "Every decision starts with what serves the song." },
  { title: "Fair splits", text: "Credits and shares are agreed in the room, in writing." },
  { title: "Craft", text: "We sweat the mix, the lights and the small print alike." },
  { title: "Openness", text: "Artists see the same numbers we do." },
  { title: "Community", text: "We grow by lifting the scene around us." },
] as const;

export const CORE_VALUE_CARDS = [
  {
    title: "Artist ownership",
    text: "Our label deals are royalty-based partnerships. Artists keep their masters wherever we can make it work.",
  },
  {
    title: "Transparent data",
    text: "Metadata, splits and statements live in SplitLedger, visible to everyone on the song.",
  },
  {
    title: "Quality without compromise",
    text: "Calibrated rooms, experienced engineers and event production that sounds as good as the record.",
  },
  {
    title: "Long-term development",
    text: "We coach and manage for careers, not campaigns, and stay with artists between releases.",
  },
] as const;

export const OFFERINGS = [
  { title: "SplitLedger platform", text: "Collaboration, music metadata and royalty-split tracking." },
  { title: "Production & mastering", text: "Writing rooms, production and mastering for release." },
  { title: "Events & AV", text: "Event production, live sound, lighting and video." },
  { title: "Label services", text: "Release, distribution and royalty-based collaborations." },
  { title: "Artist coaching & management", text: "Development, planning and day-to-day management." },
  { title: "Media content", text: "Music videos, live sessions, photo and social content." },
] as const;

export const MARKET_ANALYSIS = [
  "Sweden is one of the world's largest exporters of music per capita, with Stockholm at the centre of pop songwriting.",
  "Streaming has multiplied the number of co-writers per song, and split disputes and missing metadata delay royalties for months.",
  "Independent artists now release without a major label and need production, marketing and rights services à la carte.",
  "Live music and branded events are growing again, and buyers want one partner for artists, stage and AV.",
  "No widely used Nordic tool connects the writing session to splits, metadata and payouts; SplitLedger fills that gap.",
] as const;

export type Founder = {
  name: string;
  role: string;
  summary: string;
  bio: readonly string[];
  website?: { label: string; url: string };
};

export const FOUNDERS: readonly Founder[] = [
  {
    name: "Elin Lindqvist",
    role: "Co-founder & CEO",
    summary: "Songwriter and topliner with cuts on Nordic and K-pop releases.",
    bio: [
      "Elin has written professionally since 2011, from Stockholm writing camps to sessions in Seoul and Los Angeles. Chasing unpaid royalties on her own songs led her to co-found Slussen Sound and to design SplitLedger.",
      "She runs the company's strategy, label partnerships and investor relations, and still writes two days a week.",
    ],
    website: { label: "elinlindqvist.se", url: "https://elinlindqvist.se" },
  },
  {
    name: "Marcus Holm",
    role: "Co-founder & Head of Production",
    summary: "Producer, mix engineer and live sound designer.",
    bio: [
      "Marcus produced and mixed independent records for a decade before building the Slussen Sound studios. He also leads our events and AV team, from club nights to 3,000-capacity festival stages.",
      "He mentors our junior engineers and oversees quality on every master that leaves the building.",
    ],
  },
] as const;
