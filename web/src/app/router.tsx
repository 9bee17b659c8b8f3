import { Suspense } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router-dom";
import { RouteErrorBoundary } from "@/components/route-error-boundary";
import { lazyNamed } from "@/lib/lazy-named";

/*
 * Declarative routes with React.lazy rather than createBrowserRouter: the data router adds ~17 KiB gzipped
 * to every page, which the home page's 110 KiB budget cannot absorb, and we use no loaders or actions.
 * Every route is its own chunk, so public pages never download sign-in or back-office code.
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
const AppRoot = lazyNamed(() => import("@/app/routes/back-office/app-root"), "AppRoot");

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Keyed by area (first path segment) so an error on one page does not stick after navigating away,
    // while moving between back-office screens keeps the shell mounted (it has its own per-screen boundary).
    <RouteErrorBoundary key={pathname.split("/")[1]}>
      <Suspense fallback={null}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<HomePage />} />
            <Route path="about" element={<AboutPage />} />
            <Route path="services" element={<ServicesPage />} />
            <Route path="projects" element={<ProjectsPage />} />
            <Route path="work-with-us" element={<WorkWithUsPage />} />
            <Route path="contact" element={<ContactPage />} />
            <Route path="events" element={<EventsPage />} />
            <Route path="events/:id" element={<EventRoute />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="sign" element={<SignPage />} />
          <Route element={<AuthArea />}>
            <Route path="auth" element={<SignInPage />} />
            <Route path="auth/set-password" element={<SetPasswordPage />} />
            <Route path="login" element={<SignInPage />} />
            <Route path="setup" element={<SetupPage />} />
            <Route element={<RequireStaff />}>
              <Route path="app/*" element={<AppRoot />} />
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
