import {
  APPROVE_ROUTE,
  AUTH_ROUTES,
  BACK_OFFICE_ROOT,
  EVENT_PAGE_ROUTE,
  PUBLIC_PAGE_PATHS,
  type PublicPageName,
  SIGN_ROUTE,
} from "@app/contracts";
import { type ComponentType, Suspense } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router-dom";
import { RouteErrorBoundary } from "@/components/route-error-boundary";
import { lazyNamed } from "@/lib/lazy-named";

/*
 * Declarative routes with React.lazy rather than createBrowserRouter: the data router adds ~17 KiB gzipped
 * to every page, which the home page's 110 KiB budget cannot absorb, and we use no loaders or actions.
 * Every route is its own chunk, so public pages never download sign-in or back-office code. The paths come
 * from the contracts' route tables, which the server also answers by (200 for a page, 404 for the rest).
 */
const PublicLayout = lazyNamed(() => import("@/app/layouts/public-layout"), "PublicLayout");
const HomePage = lazyNamed(() => import("@/app/routes/home-page"), "HomePage");
const AboutPage = lazyNamed(() => import("@/features/marketing/routes/about-page"), "AboutPage");
const ServicesPage = lazyNamed(() => import("@/features/marketing/routes/services-page"), "ServicesPage");
const ProjectsPage = lazyNamed(() => import("@/features/marketing/routes/projects-page"), "ProjectsPage");
const WorkWithUsPage = lazyNamed(
  () => import("@/features/careers/routes/work-with-us-page"),
  "WorkWithUsPage",
);
const EventsPage = lazyNamed(() => import("@/features/events/routes/events-page"), "EventsPage");
const EventRoute = lazyNamed(() => import("@/app/routes/event-route"), "EventRoute");
const ContactPage = lazyNamed(() => import("@/features/contact/routes/contact-page"), "ContactPage");
const PrivacyPage = lazyNamed(() => import("@/features/policies/routes/privacy-page"), "PrivacyPage");
const TermsPage = lazyNamed(() => import("@/features/policies/routes/terms-page"), "TermsPage");
const NotFoundPage = lazyNamed(() => import("@/app/routes/not-found-page"), "NotFoundPage");
// The auth area: the provider (and with it the auth client) loads only for /auth, /login and /app.
const AuthArea = lazyNamed(() => import("@/features/auth/components/auth-provider"), "AuthArea");
const RequireStaff = lazyNamed(() => import("@/features/auth/components/require-staff"), "RequireStaff");
const SignInPage = lazyNamed(() => import("@/features/auth/routes/sign-in-page"), "SignInPage");
const SetupPage = lazyNamed(() => import("@/features/auth/routes/setup-page"), "SetupPage");
const SetPasswordPage = lazyNamed(
  () => import("@/features/auth/routes/set-password-page"),
  "SetPasswordPage",
);
// The public signing page: outside the site's layout and the auth area (signers have no account).
const SignPage = lazyNamed(() => import("@/features/signing/routes/sign-page"), "SignPage");
// The client's approval page for a deliverable's version: outside the site and the auth area, like signing.
const ApprovePage = lazyNamed(() => import("@/features/approval/routes/approve-page"), "ApprovePage");
const AppRoot = lazyNamed(() => import("@/app/routes/back-office/app-root"), "AppRoot");

/** One page per public path: a path added to PUBLIC_PAGE_PATHS fails the typecheck until it has its page. */
const PUBLIC_PAGE_COMPONENTS: Record<PublicPageName, ComponentType> = {
  home: HomePage,
  about: AboutPage,
  services: ServicesPage,
  projects: ProjectsPage,
  workWithUs: WorkWithUsPage,
  contact: ContactPage,
  events: EventsPage,
  privacy: PrivacyPage,
  terms: TermsPage,
};

const AUTH_PAGE_COMPONENTS: Record<keyof typeof AUTH_ROUTES, ComponentType> = {
  signIn: SignInPage,
  setPassword: SetPasswordPage,
  login: SignInPage,
  setup: SetupPage,
};

const entries = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Keyed by area (first path segment) so an error on one page does not stick after navigating away,
    // while moving between back-office screens keeps the shell mounted (it has its own per-screen boundary).
    <RouteErrorBoundary key={pathname.split("/")[1]}>
      <Suspense fallback={null}>
        <Routes>
          <Route element={<PublicLayout />}>
            {entries(PUBLIC_PAGE_COMPONENTS).map(([name, Page]) => (
              <Route key={name} path={PUBLIC_PAGE_PATHS[name]} element={<Page />} />
            ))}
            <Route path={EVENT_PAGE_ROUTE} element={<EventRoute />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path={SIGN_ROUTE} element={<SignPage />} />
          <Route path={APPROVE_ROUTE} element={<ApprovePage />} />
          <Route element={<AuthArea />}>
            {entries(AUTH_PAGE_COMPONENTS).map(([name, Page]) => (
              <Route key={name} path={AUTH_ROUTES[name]} element={<Page />} />
            ))}
            <Route element={<RequireStaff />}>
              <Route path={`${BACK_OFFICE_ROOT}/*`} element={<AppRoot />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
