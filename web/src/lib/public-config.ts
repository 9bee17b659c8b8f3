import { type PublicConfig, publicConfigSchema } from "@app/contracts";

const META_NAME = "app-config";

/**
 * The server writes the config into index.html so the first render needs no round trip.
 * Returns null when the tag is missing (the Vite dev server) or unreadable.
 */
export function readPublicConfigFromMeta(doc: Document = document): PublicConfig | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content;
  if (!content) return null;
  try {
    const parsed = publicConfigSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch("/api/config", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`Could not load the site configuration (HTTP ${response.status}).`);
  return publicConfigSchema.parse(await response.json());
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
