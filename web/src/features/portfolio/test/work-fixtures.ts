import type { PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { NOVA } from "@/features/portfolio/test/talent-fixtures";

function createWork(overrides: Partial<PortfolioItem> & { id: string }): PortfolioItem {
  return {
    talent_id: NOVA.id,
    title: "Untitled",
    year: 2024,
    role: "Writer",
    description: "",
    status: "Released",
    isrc: null,
    upc: null,
    iswc: null,
    featured: false,
    tags: [],
    external_links: [],
    project_id: null,
    created_at: "2024-01-01T00:00:00.000Z",
    updated_at: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export const SLUSSEN = createWork({
  id: "aaaaaaaa-0000-4000-8000-000000000001",
  title: "Slussen Nights",
  year: 2023,
  role: "Co-writer & Producer",
  description: "Late-night synth-pop single.",
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
  updated_at: "2024-02-01T10:00:00.000Z",
});

export const MIDSUMMER = createWork({
  id: "aaaaaaaa-0000-4000-8000-000000000002",
  title: "Midsummer EP",
  year: 2024,
  role: "Topliner",
  status: "In Production",
  description: "Four acoustic songs.",
  tags: ["acoustic", "EP"],
  external_links: [{ platform: "SoundCloud", url: "https://soundcloud.com/" }],
  updated_at: "2024-03-01T10:00:00.000Z",
});
