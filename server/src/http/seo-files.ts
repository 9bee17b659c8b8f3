import { PRIVATE_PATH_PREFIXES, PUBLIC_PAGES } from "@app/contracts";

/** Crawlers may read the public pages only; the sitemap lists them. */
export function robotsTxt(siteUrl: string) {
  const disallow = PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`);
  return ["User-agent: *", "Allow: /", ...disallow, "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function sitemapXml(siteUrl: string) {
  const urls = Object.values(PUBLIC_PAGES).map(
    (page) => `  <url><loc>${escapeXml(`${siteUrl}${page.path}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
