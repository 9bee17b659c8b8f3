import type { Config } from "../../config";

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join(".*");
  return new RegExp(`^${escaped}$`);
}

/** Where an invitation leads by default: the web app's page that sets the first password. */
export const SET_PASSWORD_PATH = "/auth/set-password";

/**
 * `redirect_to` is honoured only on SITE_URL's origin or when it matches ADDITIONAL_REDIRECT_URLS (exact, a
 * path prefix, or a glob with * and **); anything else falls back to SITE_URL, so a link can never send a
 * session to someone else's site. Where no redirect was asked for, `defaultPath` on SITE_URL (the back
 * office, /app, unless the caller says otherwise).
 */
export function resolveRedirect(
  config: Pick<Config, "SITE_URL" | "ADDITIONAL_REDIRECT_URLS">,
  requested?: string,
  defaultPath = "/app",
) {
  if (!requested) return `${config.SITE_URL}${defaultPath}`;
  return isAllowedRedirect(config, requested) ? requested : config.SITE_URL;
}

export function isAllowedRedirect(
  config: Pick<Config, "SITE_URL" | "ADDITIONAL_REDIRECT_URLS">,
  requested: string,
): boolean {
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  if (url.origin === new URL(config.SITE_URL).origin) return true;
  const bare = `${url.origin}${url.pathname}${url.search}`;
  return config.ADDITIONAL_REDIRECT_URLS.some((allowed) => {
    if (allowed.includes("*")) return globToRegExp(allowed).test(bare);
    const base = allowed.replace(/\/+$/, "");
    return bare === base || bare.startsWith(`${base}/`) || bare.startsWith(`${base}?`);
  });
}

/** The redirect target with `params` in its fragment (replacing any fragment it had). */
export function withFragment(target: string, params: Record<string, string>) {
  const base = target.split("#")[0] ?? target;
  return `${base}#${new URLSearchParams(params).toString()}`;
}
