import { z } from "zod";

/*
 * Spec §3/§7: portfolio works have no server table yet; a stub returns these two sample works for any
 * talent. The schema is the one place that says what a work is, so a real endpoint can adopt it later.
 */
export const externalLinkSchema = z.object({ platform: z.string(), url: z.string().url() });
export type ExternalLinkItem = z.infer<typeof externalLinkSchema>;

export const portfolioItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  year: z.number().int(),
  role: z.string(),
  description: z.string(),
  status: z.string(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  featured: z.boolean(),
  tags: z.array(z.string()),
  external_links: z.array(externalLinkSchema),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

export const SAMPLE_PORTFOLIO_WORKS: PortfolioItem[] = z.array(portfolioItemSchema).parse([
  {
    id: "work-slussen-nights",
    title: "Slussen Nights",
    year: 2023,
    role: "Co-writer & Producer",
    description: "Late-night synth-pop single written in one session overlooking the locks.",
    status: "Released",
    isrc: "SE-ABC-23-00001",
    upc: "7300000000011",
    featured: true,
    tags: ["synth-pop", "single", "sync-ready", "Swedish"],
    external_links: [
      { platform: "Spotify", url: "https://open.spotify.com/" },
      { platform: "Apple Music", url: "https://music.apple.com/" },
      { platform: "YouTube", url: "https://www.youtube.com/" },
    ],
  },
  {
    id: "work-midsummer-ep",
    title: "Midsummer EP",
    year: 2024,
    role: "Topliner",
    description: "Four acoustic songs recorded live to tape for a summer release.",
    status: "In Production",
    isrc: null,
    upc: null,
    featured: false,
    tags: ["acoustic", "EP"],
    external_links: [{ platform: "SoundCloud", url: "https://soundcloud.com/" }],
  },
]);
