/*
 * The public site's pages as search engines and link previews see them. The server writes these into the
 * HTML it sends for each path (so crawlers without JavaScript read them) and into sitemap.xml; the web app
 * sets the same title and description when someone navigates between pages.
 */
import { EVENT_PAGE_ROUTE, PUBLIC_PAGE_PATHS, type PublicPageName } from "./site-routes";

export const SITE_NAME = "Slussen Sound";

export interface PublicPage {
  path: string;
  /** The page's own part of the title; the site's name follows it. */
  title: string;
  description: string;
}

export const PUBLIC_PAGES = {
  home: {
    path: PUBLIC_PAGE_PATHS.home,
    title: "Music, media and events from Stockholm",
    description:
      "Slussen Sound: a songwriter-founded music company in Stockholm. Production, mastering, events, label services, artist development and the SplitLedger platform.",
  },
  about: {
    path: PUBLIC_PAGE_PATHS.about,
    title: "About",
    description:
      "Songwriters building a better music business: founded in Stockholm in 2016, our mission, vision, values, offerings and founders.",
  },
  services: {
    path: PUBLIC_PAGE_PATHS.services,
    title: "Services",
    description:
      "Music production and mastering, event production and AV, label services, artist coaching and management, and media content, all under one roof in Stockholm.",
  },
  projects: {
    path: PUBLIC_PAGE_PATHS.projects,
    title: "Projects",
    description:
      "What Slussen Sound is building: the SplitLedger platform for music metadata and royalty splits, and our live, beta and upcoming projects.",
  },
  workWithUs: {
    path: PUBLIC_PAGE_PATHS.workWithUs,
    title: "Work With Us",
    description:
      "Open roles for music producers, visual artists, event coordinators and audio engineers at Slussen Sound in Stockholm, and how to apply.",
  },
  events: {
    path: PUBLIC_PAGE_PATHS.events,
    title: "Events",
    description:
      "Upcoming Slussen Sound events in Stockholm: songwriter circles, workshops, showcases and listening sessions, with dates in Stockholm time.",
  },
  contact: {
    path: PUBLIC_PAGE_PATHS.contact,
    title: "Contact",
    description:
      "Write to Slussen Sound in Stockholm, find our e-mail, phone and social links, and sign up for news about releases and events.",
  },
  privacy: {
    path: PUBLIC_PAGE_PATHS.privacy,
    title: "Privacy Notice",
    description:
      "What Slussen Sound collects through this site's contact form, job applications and newsletter, why, how long it is kept, who sees it, and how to get a copy or have it erased.",
  },
  terms: {
    path: PUBLIC_PAGE_PATHS.terms,
    title: "Terms of Service",
    description:
      "The terms for using the Slussen Sound website: its content, the forms and newsletter, links to other sites, and the law that applies.",
  },
} as const satisfies Record<PublicPageName, PublicPage>;

/**
 * The paths whose HTML arrives with the web build's prerendered markup in its root: the public pages, and
 * the sign-in page and the back office in the one state they have before the browser knows the session
 * (a spinner: a signed-in visitor must never see the sign-in form, nor a visitor the back office), so
 * those pages paint before their scripts run. `/app`'s markup serves every path under it.
 */
export const PRERENDERED_PATHS: readonly string[] = /* @__PURE__ */ (() => [
  ...Object.values(PUBLIC_PAGES).map((page) => page.path),
  "/auth",
  "/login",
  "/app",
])();

/** The title of the page any unknown path shows. */
export const NOT_FOUND_PAGE_TITLE = "Page not found";

/**
 * One published event's public page (EVENT_PAGE_ROUTE). The server answers it per request from the
 * database (its title, description and link-preview tags; a 404 for a draft or an unknown id), with the
 * build's prerendered markup of the page's loading state, the same for every event, in its root.
 */
export const eventPagePath = (id: string) => `/events/${encodeURIComponent(id)}`;

/**
 * Route patterns whose one prerendered markup serves every path they match, each with the path it is
 * rendered at: an id no event has, so the page renders its loading state, as every one of its pages
 * does before its data arrives.
 */
export const PRERENDERED_ROUTES: Readonly<Record<string, string>> = /* @__PURE__ */ (() => ({
  [EVENT_PAGE_ROUTE]: eventPagePath("00000000-0000-4000-8000-000000000000"),
}))();

export const publicPageTitle = (page: Pick<PublicPage, "title">) => `${page.title} | ${SITE_NAME}`;

/** Paths only staff use: kept out of search engines by robots.txt. */
export const PRIVATE_PATH_PREFIXES = [
  "/app",
  "/auth",
  "/login",
  "/setup",
  "/sign",
  "/approve",
  "/api",
] as const;
