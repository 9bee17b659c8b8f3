// A DistroKid-style TSV of any length for the royalty import benchmark, written as it is generated (never
// held whole), from a seeded generator so every run reads the same bytes. Made-up catalogue: ISRCs
// SEZ9Z25nnnnn on releases 7350000nnnnn, one album row (no ISRC) in 50, one adjustment for an earlier
// month in 40, and one line in 25 for a recording the catalogue does not have.
import { once } from "node:events";
import { createWriteStream } from "node:fs";

const HEADER = [
  "Reporting Date",
  "Sale Month",
  "Store",
  "Artist",
  "Title",
  "ISRC",
  "UPC",
  "Quantity",
  "Team Percentage",
  "Song/Album",
  "Country of Sale",
  "Songwriter Royalties Withheld",
  "Earnings (USD)",
];
const STORES = ["Spotify", "Apple Music", "YouTube Music", "Deezer", "Amazon Music", "Tidal", "iTunes"];
const COUNTRIES = ["SE", "NO", "DK", "FI", "DE", "GB", "US", "FR", "NL", "PL"];
const MONTHS = ["2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12"];

/** The recordings the generated file sells, and the releases they are on. */
export const BENCH_RECORDINGS = 400;
export const BENCH_RELEASES = 40;
export const benchIsrc = (n: number) => `SEZ9Z25${String(n).padStart(5, "0")}`;
export const benchUpc = (n: number) => `7350000${String(n).padStart(5, "0")}`;

/** mulberry32: a small, fast, seeded generator (the file must not change between runs). */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export async function writeDistroKidStatement(path: string, lines: number, seed = 2026): Promise<void> {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  let batch = `${HEADER.join("\t")}\n`;
  for (let i = 0; i < lines; i++) {
    const recording = Math.floor(random() * BENCH_RECORDINGS);
    const isAlbum = i % 50 === 7;
    const isAdjustment = i % 40 === 3;
    const isUnknown = i % 25 === 11;
    const quantity = 1 + Math.floor(random() * 2000);
    const earnings = (quantity * (0.0008 + random() * 0.004)).toFixed(isAlbum ? 2 : 12);
    const row = [
      "2026-01-15",
      isAdjustment ? "2025-03" : pick(MONTHS),
      pick(STORES),
      "Nordvind Kollektiv",
      isAlbum ? `Album ${recording % BENCH_RELEASES}` : `Track ${recording}`,
      isAlbum ? "" : isUnknown ? `QZZZZ25${String(i % 100_000).padStart(5, "0")}` : benchIsrc(recording),
      benchUpc(recording % BENCH_RELEASES),
      String(isAdjustment ? -quantity : quantity),
      i % 13 === 0 ? "50" : "100",
      isAlbum ? "Album" : "Song",
      pick(COUNTRIES),
      "0",
      isAdjustment ? `-${earnings}` : earnings,
    ];
    batch += `${row.join("\t")}\n`;
    if (batch.length > 1 << 16) {
      await write(batch);
      batch = "";
    }
  }
  out.end(batch);
  await once(out, "finish");
}
