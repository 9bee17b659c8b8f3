import { BACK_OFFICE_ROUTES, type BackOfficeRoute } from "@app/contracts";
import type { ReactElement } from "react";
import { Route, Routes } from "react-router-dom";
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
const ContractsPage = lazyNamed(() => import("@/features/legal/routes/contracts-page"), "ContractsPage");
const EventsAdminPage = lazyNamed(
  () => import("@/features/events/routes/events-admin-page"),
  "EventsAdminPage",
);
const DeliverablesPage = lazyNamed(
  () => import("@/features/deliverables/routes/deliverables-page"),
  "DeliverablesPage",
);
const ProjectsPage = lazyNamed(() => import("@/features/projects/routes/projects-page"), "ProjectsPage");
const ProjectDetailPage = lazyNamed(
  () => import("@/features/projects/routes/project-detail-page"),
  "ProjectDetailPage",
);
const InvoicesPage = lazyNamed(() => import("@/features/invoices/routes/invoices-page"), "InvoicesPage");
const UninvoicedPage = lazyNamed(
  () => import("@/features/invoices/routes/uninvoiced-page"),
  "UninvoicedPage",
);
const InvoicePage = lazyNamed(() => import("@/features/invoices/routes/invoice-page"), "InvoicePage");
const RoyaltiesPage = lazyNamed(() => import("@/features/royalties/routes/royalties-page"), "RoyaltiesPage");
const SettingsPage = lazyNamed(() => import("@/features/settings/routes/settings-page"), "SettingsPage");
const ProfilePage = lazyNamed(() => import("@/features/settings/routes/profile-page"), "ProfilePage");
const CompanySettingsPage = lazyNamed(
  () => import("@/features/settings/routes/company-settings-page"),
  "CompanySettingsPage",
);
const InboxPage = lazyNamed(() => import("@/features/inbox/routes/inbox-page"), "InboxPage");
const BackupsPage = lazyNamed(() => import("@/features/backups/routes/backups-page"), "BackupsPage");
const TeamPage = lazyNamed(() => import("@/features/team/routes/team-page"), "TeamPage");

/** The element of each back-office screen: a route added to BACK_OFFICE_ROUTES needs its screen here. */
const SCREENS: Record<BackOfficeRoute, ReactElement> = {
  dashboard: <DashboardPage />,
  crm: <CrmDashboardPage />,
  crmBriefs: <BriefsPage />,
  crmContacts: <ContactsPage />,
  crmContact: <ContactDetailPage />,
  crmCompanies: <CompaniesPage />,
  crmCompany: <CompanyDetailPage />,
  crmDeals: <DealsPage />,
  crmSessions: <SessionsPage />,
  crmTalent: <TalentPage />,
  crmTalentDetail: <TalentDetailPage />,
  crmMatching: <TalentMatchingPage />,
  portfolio: <PortfolioBuilderPage />,
  talentPortfolio: <PortfolioBuilderPage />,
  legal: <LegalOverviewPage />,
  legalDocuments: <LegalDocumentsPage />,
  legalTemplates: <LegalTemplatesPage />,
  legalClauses: <LegalClausesPage />,
  legalNewDocument: <LegalNewDocumentPage />,
  legalDocument: <LegalDocumentPage />,
  legalNewTemplate: <LegalTemplatePage />,
  legalTemplate: <LegalTemplatePage />,
  legalNewClause: <LegalNewClausePage />,
  deals: <DealsPage />,
  projects: <ProjectsPage />,
  project: <ProjectDetailPage />,
  sessions: <SessionsPage />,
  events: <EventsAdminPage />,
  deliverables: <DeliverablesPage />,
  contracts: <ContractsPage />,
  invoices: <InvoicesPage />,
  invoicesUninvoiced: <UninvoicedPage />,
  invoice: <InvoicePage />,
  royalties: <RoyaltiesPage />,
  activity: <ActivityPage />,
  settings: <SettingsPage />,
  profile: <ProfilePage />,
  backups: <BackupsPage />,
  team: <TeamPage />,
  companySettings: <CompanySettingsPage />,
  inbox: <InboxPage />,
};

/** The screens under /app, at the paths BACK_OFFICE_ROUTES gives them (relative to /app). */
export function BackOfficeRoutes() {
  return (
    <Routes>
      {(Object.keys(SCREENS) as BackOfficeRoute[]).map((name) =>
        BACK_OFFICE_ROUTES[name] ? (
          <Route key={name} path={BACK_OFFICE_ROUTES[name]} element={SCREENS[name]} />
        ) : (
          <Route key={name} index element={SCREENS[name]} />
        ),
      )}
      <Route path="*" element={<AppNotFoundPage />} />
    </Routes>
  );
}
