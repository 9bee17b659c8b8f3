import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { insertAll } from "./seed-rows";

/** Two works each for the first talents, so the portfolio builder opens on a living portfolio. */
const WORKS = [
  {
    title: "Slussen Nights",
    role: "Co-writer & Producer",
    status: "Released",
    description: "Late-night synth-pop single written in one session overlooking the locks.",
    isrc: "SEABC2300001",
    upc: "7300000000011",
    iswc: "T0345246801",
    featured: true,
    tags: ["synth-pop", "single", "sync-ready", "Swedish"],
    external_links: [
      { platform: "Spotify", url: "https://open.spotify.com/" },
      { platform: "Apple Music", url: "https://music.apple.com/" },
      { platform: "YouTube", url: "https://www.youtube.com/" },
    ],
  },
  {
    title: "Midsummer EP",
    role: "Topliner",
    status: "In Production",
    description: "Four acoustic songs recorded live to tape for a summer release.",
    isrc: null,
    upc: null,
    iswc: null,
    featured: false,
    tags: ["acoustic", "EP"],
    external_links: [{ platform: "SoundCloud", url: "https://soundcloud.com/" }],
  },
];

export async function seedPortfolio(trx: Db, engine: Engine) {
  const rows = Array.from({ length: 8 }, (_, t) =>
    WORKS.map((work, w) => ({
      id: seedId("work", t * WORKS.length + w),
      talent_id: seedId("talent", t),
      year: 2023 + w,
      ...work,
      // ISRCs are unique per recording: the designation code carries the talent's number.
      isrc: work.isrc ? `${work.isrc.slice(0, 7)}${String(t + 1).padStart(5, "0")}` : null,
      created_at: at(-90, 9),
      updated_at: at(-90, 9),
    })),
  ).flat();
  return { works: await insertAll(trx, engine, "portfolio_items", rows) };
}
