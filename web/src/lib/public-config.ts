import type { PublicConfig } from "@app/contracts";

const META_NAME = "app-config";

/**
 * The contract's schema checked by hand: zod would be the only reason for the home page (whose playlist
 * reads this) to download the validation library.
 */
function asPublicConfig(value: unknown): PublicConfig | null {
  if (typeof value !== "object" || value === null) return null;
  const { anon_key, site_url, playlist_embed_url, back_office_aal } = value as Record<string, unknown>;
  if (typeof anon_key !== "string" || typeof site_url !== "string" || typeof playlist_embed_url !== "string")
    return null;
  const config: PublicConfig = { anon_key, site_url, playlist_embed_url };
  if (back_office_aal === "aal1" || back_office_aal === "aal2") config.back_office_aal = back_office_aal;
  return config;
}

/**
 * The server writes the config into index.html so the first render needs no round trip.
 * Returns null when the tag is missing (the Vite dev server, the build's prerender) or unreadable.
 */
export function readPublicConfigFromMeta(
  doc: Document | undefined = globalThis.document,
): PublicConfig | null {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content;
  if (!content) return null;
  try {
    return asPublicConfig(JSON.parse(content));
  } catch {
    return null;
  }
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch("/api/config", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`Could not load the site configuration (HTTP ${response.status}).`);
  const config = asPublicConfig(await response.json());
  if (!config) throw new Error("The site configuration is not in the expected shape.");
  return config;
}

let pending: Promise<PublicConfig> | null = null;

/** Meta tag first, else one shared `GET /api/config`; a failed fetch is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (pending) return pending;
  const fromMeta = readPublicConfigFromMeta();
  pending = fromMeta
    ? Promise.resolve(fromMeta)
    : fetchPublicConfig().catch((error: unknown) => {
        pending = null;
        throw error;
      });
  return pending;
}

/** For tests: forget the cached config so each test can serve its own. */
export function resetPublicConfigForTests() {
  pending = null;
}
