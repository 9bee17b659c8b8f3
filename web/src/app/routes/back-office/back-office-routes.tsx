import { Route, Routes } from "react-router-dom";
import { ComingSoonPage } from "@/features/backoffice/routes/coming-soon-page";
import { lazyNamed } from "@/lib/lazy-named";

/*
 * Every screen is its own chunk: the shell paints at once and a screen's code downloads only when
 * someone opens it.
 */
const AppNotFoundPage = lazyNamed(
  () => import("@/features/backoffice/routes/app-not-found-page"),
  "AppNotFoundPage",
);
const DashboardPage = lazyNamed(() => import("@/features/dashboard/routes/dashboard-page"), "DashboardPage");
const CrmDashboardPage = lazyNamed(
  () => import("@/features/crm/routes/crm-dashboard-page"),
  "CrmDashboardPage",
);
const BriefsPage = lazyNamed(() => import("@/features/crm/routes/briefs-page"), "BriefsPage");
const CompaniesPage = lazyNamed(() => import("@/features/crm/routes/companies-page"), "CompaniesPage");
const SessionsPage = lazyNamed(() => import("@/features/crm/routes/sessions-page"), "SessionsPage");
const TalentPage = lazyNamed(() => import("@/features/crm/routes/talent-page"), "TalentPage");
const TalentDetailPage = lazyNamed(
  () => import("@/features/crm/routes/contact-detail-page"),
  "TalentDetailPage",
);
const ContactsPage = lazyNamed(() => import("@/features/crm/routes/contacts-page"), "ContactsPage");
const ContactDetailPage = lazyNamed(
  () => import("@/features/crm/routes/contact-detail-page"),
  "ContactDetailPage",
);
const CompanyDetailPage = lazyNamed(
  () => import("@/features/crm/routes/company-detail-page"),
  "CompanyDetailPage",
);
const DealsPage = lazyNamed(() => import("@/features/crm/routes/deals-page"), "DealsPage");
const ActivityPage = lazyNamed(() => import("@/features/crm/routes/activity-page"), "ActivityPage");
const TalentMatchingPage = lazyNamed(
  () => import("@/features/crm/routes/talent-matching-page"),
  "TalentMatchingPage",
);
const PortfolioBuilderPage = lazyNamed(
  () => import("@/features/portfolio/routes/portfolio-builder-page"),
  "PortfolioBuilderPage",
);
const LegalOverviewPage = lazyNamed(
  () => import("@/features/legal/routes/legal-overview-page"),
  "LegalOverviewPage",
);
const LegalDocumentsPage = lazyNamed(
  () => import("@/features/legal/routes/legal-documents-page"),
  "LegalDocumentsPage",
);
const LegalTemplatesPage = lazyNamed(
  () => import("@/features/legal/routes/legal-templates-page"),
  "LegalTemplatesPage",
);
const LegalClausesPage = lazyNamed(
  () => import("@/features/legal/routes/legal-clauses-page"),
  "LegalClausesPage",
);
const LegalNewDocumentPage = lazyNamed(
  () => import("@/features/legal/routes/legal-new-document-page"),
  "LegalNewDocumentPage",
);
const LegalDocumentPage = lazyNamed(
  () => import("@/features/legal/routes/legal-document-page"),
  "LegalDocumentPage",
);
const LegalNewClausePage = lazyNamed(
  () => import("@/features/legal/routes/legal-clauses-page"),
  "LegalNewClausePage",
);
const LegalTemplatePage = lazyNamed(
  () => import("@/features/legal/routes/legal-template-page"),
  "LegalTemplatePage",
);
const EventsAdminPage = lazyNamed(
  () => import("@/features/events/routes/events-admin-page"),
  "EventsAdminPage",
);
const SettingsPage = lazyNamed(() => import("@/features/settings/routes/settings-page"), "SettingsPage");
const ProfilePage = lazyNamed(() => import("@/features/settings/routes/profile-page"), "ProfilePage");
const InboxPage = lazyNamed(() => import("@/features/inbox/routes/inbox-page"), "InboxPage");
const BackupsPage = lazyNamed(() => import("@/features/backups/routes/backups-page"), "BackupsPage");
const TeamPage = lazyNamed(() => import("@/features/team/routes/team-page"), "TeamPage");

/** Spec §2 "Back-office routes defined", relative to /app. */
export function BackOfficeRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="crm" element={<CrmDashboardPage />} />
      <Route path="crm/briefs" element={<BriefsPage />} />
      <Route path="crm/contacts" element={<ContactsPage />} />
      <Route path="crm/contacts/:id" element={<ContactDetailPage />} />
      <Route path="crm/companies" element={<CompaniesPage />} />
      <Route path="crm/companies/:id" element={<CompanyDetailPage />} />
      <Route path="crm/deals" element={<DealsPage />} />
      <Route path="crm/sessions" element={<SessionsPage />} />
      <Route path="crm/talent" element={<TalentPage />} />
      <Route path="crm/talent/:id" element={<TalentDetailPage />} />
      <Route path="crm/matching" element={<TalentMatchingPage />} />
      <Route path="portfolio" element={<PortfolioBuilderPage />} />
      <Route path="portfolio/:talentId" element={<PortfolioBuilderPage />} />
      <Route path="legal" element={<LegalOverviewPage />} />
      <Route path="legal/documents" element={<LegalDocumentsPage />} />
      <Route path="legal/templates" element={<LegalTemplatesPage />} />
      <Route path="legal/clauses" element={<LegalClausesPage />} />
      <Route path="legal/new" element={<LegalNewDocumentPage />} />
      <Route path="legal/:id" element={<LegalDocumentPage />} />
      <Route path="legal/templates/new" element={<LegalTemplatePage />} />
      <Route path="legal/templates/:id" element={<LegalTemplatePage />} />
      <Route path="legal/clauses/new" element={<LegalNewClausePage />} />
      {/* The spec's route list also names a top-level deals route; it shows the same board. */}
      <Route path="deals" element={<DealsPage />} />
      <Route path="projects" element={<ComingSoonPage title="Projects" />} />
      {/* The spec leaves a top-level sessions route open; the sidebar links it, so it shows the sessions screen. */}
      <Route path="sessions" element={<SessionsPage />} />
      <Route path="events" element={<EventsAdminPage />} />
      <Route path="deliverables" element={<ComingSoonPage title="Deliverables" />} />
      <Route path="contracts" element={<ComingSoonPage title="Contracts" />} />
      <Route path="invoices" element={<ComingSoonPage title="Invoices" />} />
      <Route path="activity" element={<ActivityPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="settings/profile" element={<ProfilePage />} />
      <Route path="settings/backups" element={<BackupsPage />} />
      <Route path="settings/team" element={<TeamPage />} />
      <Route path="inbox" element={<InboxPage />} />
      <Route path="*" element={<AppNotFoundPage />} />
    </Routes>
  );
}
