import { type PublicPage, publicPageTitle, SITE_NAME } from "@app/contracts";

/** The link-preview picture in web/public, at the size the big preview cards expect. */
const PREVIEW_IMAGE = { path: "/og-image.png", width: 1200, height: 630 };

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A page's own link preview (an event's poster and time) instead of the site's picture. */
export interface PagePreview {
  /** An absolute address, or a path on this site. */
  image: string | null;
  imageAlt: string;
  /** ISO-8601 start of the event the page is about. */
  startTime?: string | null;
}

/** A page whose head comes from data (an event's), found per request. */
export interface DataPage {
  page: PublicPage;
  preview: PagePreview;
}

/**
 * index.html with a public page's title, description, canonical link, preview tags and the page's own
 * scripts as modulepreload links (from the build's route-preloads.json) in its head, or, for any other
 * path (the sign-in page, the back office, a path the app will call not found), the build's own title
 * with a request to keep it out of search results, and that path's scripts when the build lists them.
 */
export function pageHead(
  template: string,
  {
    page,
    siteUrl,
    preloads = [],
    title: otherTitle,
    preview,
  }: {
    page: PublicPage | null;
    siteUrl: string;
    preloads?: string[];
    /** For a path that is no public page: its own title instead of the build's. */
    title?: string;
    preview?: PagePreview;
  },
) {
  // Same credentials mode as the entry's <script type="module" crossorigin>, or the browser fetches twice.
  const preloadLinks = preloads.map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
  );
  if (!page)
    return (
      otherTitle
        ? template.replace(
            /<title>[^<]*<\/title>/,
            `<title>${escapeHtml(publicPageTitle({ title: otherTitle }))}</title>`,
          )
        : template
    ).replace(
      "</head>",
      `  ${['<meta name="robots" content="noindex">', ...preloadLinks].join("\n    ")}\n  </head>`,
    );
  const title = escapeHtml(publicPageTitle(page));
  const description = escapeHtml(page.description);
  const url = escapeHtml(`${siteUrl}${page.path}`);
  const image = preview?.image
    ? escapeHtml(new URL(preview.image, `${siteUrl}/`).href)
    : escapeHtml(`${siteUrl}${PREVIEW_IMAGE.path}`);
  // The site's own picture has a known size; a poster's is whatever it was uploaded at.
  const imageTags = preview?.image
    ? [`<meta property="og:image:alt" content="${escapeHtml(preview.imageAlt)}">`]
    : [
        `<meta property="og:image:width" content="${PREVIEW_IMAGE.width}">`,
        `<meta property="og:image:height" content="${PREVIEW_IMAGE.height}">`,
        `<meta property="og:image:alt" content="${escapeHtml(preview?.imageAlt ?? `${SITE_NAME}: music, media and events from Stockholm`)}">`,
      ];
  const timeTags = preview?.startTime
    ? [`<meta property="event:start_time" content="${escapeHtml(preview.startTime)}">`]
    : [];
  const tags = [
    `<link rel="canonical" href="${url}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${image}">`,
    ...imageTags,
    ...timeTags,
    `<meta name="twitter:card" content="summary_large_image">`,
    ...preloadLinks,
  ];
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}">`,
    )
    .replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);
}
