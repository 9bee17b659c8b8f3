/*
 * Every page the web app draws, as the router's path patterns. The web router builds its routes from these
 * tables (it has no path of its own), and the server answers 200 for a path one of them matches and 404 for
 * any other, so a page exists for both or for neither.
 */

/**
 * The public site's pages by name. Their search texts are PUBLIC_PAGES' (public-pages.ts); the router needs
 * only the paths, so every page's first download carries no other page's texts.
 */
export const PUBLIC_PAGE_PATHS = {
  home: "/",
  about: "/about",
  services: "/services",
  projects: "/projects",
  workWithUs: "/work-with-us",
  events: "/events",
  contact: "/contact",
  privacy: "/privacy",
  terms: "/terms",
} as const;

export type PublicPageName = keyof typeof PUBLIC_PAGE_PATHS;

/** One published event's page (its head is written per request from the database). */
export const EVENT_PAGE_ROUTE = "/events/:id";

/** The signing page: outside the site's layout and the sign-in area (signers have no account). */
export const SIGN_ROUTE = "/sign";

/** The client's approval page for a deliverable's version: outside the site's layout, like signing. */
export const APPROVE_ROUTE = "/approve";

/** The sign-in area's pages: they share the auth provider. */
export const AUTH_ROUTES = {
  signIn: "/auth",
  setPassword: "/auth/set-password",
  login: "/login",
  setup: "/setup",
} as const;

/** The back office's root: the staff gate and the shell wrap every screen below it. */
export const BACK_OFFICE_ROOT = "/app";

/** The back office's screens, relative to BACK_OFFICE_ROOT (the shell's own router nests them). */
export const BACK_OFFICE_ROUTES = {
  dashboard: "",
  crm: "crm",
  crmBriefs: "crm/briefs",
  crmContacts: "crm/contacts",
  crmContact: "crm/contacts/:id",
  crmCompanies: "crm/companies",
  crmCompany: "crm/companies/:id",
  crmDeals: "crm/deals",
  crmSessions: "crm/sessions",
  crmTalent: "crm/talent",
  crmTalentDetail: "crm/talent/:id",
  crmMatching: "crm/matching",
  portfolio: "portfolio",
  talentPortfolio: "portfolio/:talentId",
  legal: "legal",
  legalDocuments: "legal/documents",
  legalTemplates: "legal/templates",
  legalClauses: "legal/clauses",
  legalNewDocument: "legal/new",
  legalDocument: "legal/:id",
  legalNewTemplate: "legal/templates/new",
  legalTemplate: "legal/templates/:id",
  legalNewClause: "legal/clauses/new",
  // A top-level deals route as well as the CRM one: both show the same board.
  deals: "deals",
  projects: "projects",
  project: "projects/:id",
  // The sidebar links a top-level sessions route; it shows the sessions screen.
  sessions: "sessions",
  events: "events",
  deliverables: "deliverables",
  contracts: "contracts",
  invoices: "invoices",
  // The report of work done and approved that no invoice bills yet.
  invoicesUninvoiced: "invoices/uninvoiced",
  invoice: "invoices/:id",
  royalties: "royalties",
  activity: "activity",
  settings: "settings",
  profile: "settings/profile",
  backups: "settings/backups",
  team: "settings/team",
  companySettings: "settings/company",
  inbox: "inbox",
} as const;

export type BackOfficeRoute = keyof typeof BACK_OFFICE_ROUTES;

/** Every path pattern the web app has a page for (`:name` stands for one path segment). */
// Pure: a bundle that takes only the route tables (the web router) leaves this list out.
export const SITE_ROUTE_PATTERNS: readonly string[] = /* @__PURE__ */ (() => [
  ...Object.values(PUBLIC_PAGE_PATHS),
  SIGN_ROUTE,
  APPROVE_ROUTE,
  ...Object.values(AUTH_ROUTES),
  ...Object.values(BACK_OFFICE_ROUTES).map((route) =>
    route ? `${BACK_OFFICE_ROOT}/${route}` : BACK_OFFICE_ROOT,
  ),
])();

/** A path no route draws: the build prerenders the not-found page at it, once, for every unknown path. */
export const NOT_FOUND_SAMPLE_PATH = "/404";
