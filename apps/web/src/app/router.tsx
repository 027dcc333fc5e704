import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { AboutPage } from "../features/about/AboutPage";
import { RequireAuth, SignedOutPage } from "../features/auth";
import { LandingPage } from "../features/landing/LandingPage";
import { StaticPage } from "../features/legal/StaticPage";
import { type StaticPagePath, staticPages } from "../features/legal/static-pages";
import type { RouteHandle } from "../features/platform-layout/route-handle";
import { PlatformRedirectPage } from "../features/platform-redirect/PlatformRedirectPage";
import { PublicLayout } from "./layout/PublicLayout";
import { RootLayout } from "./layout/RootLayout";
import { lazyPage } from "./lazy-page";

const PlatformLayout = lazyPage(() => import("../features/platform-layout/PlatformLayout"), "PlatformLayout");
const FrameworkOverviewPage = lazyPage(
  () => import("../features/framework-overview/FrameworkOverviewPage"),
  "FrameworkOverviewPage",
);
const PreviewPage = lazyPage(() => import("../features/preview/PreviewPage"), "PreviewPage");
const CompaniesPage = lazyPage(() => import("../features/companies/CompaniesPage"), "CompaniesPage");
const ChooseCompanyPage = lazyPage(
  () => import("../features/companies/ChooseCompanyPage"),
  "ChooseCompanyPage",
);
const CompanyCockpitPage = lazyPage(
  () => import("../features/companies/CompanyCockpitPage"),
  "CompanyCockpitPage",
);
const CompanyDocumentsPage = lazyPage(
  () => import("../features/companies/CompanyDocumentsPage"),
  "CompanyDocumentsPage",
);
const CompanyUsersPage = lazyPage(() => import("../features/companies/CompanyUsersPage"), "CompanyUsersPage");
const ChooseFrameworkPage = lazyPage(
  () => import("../features/frameworks/ChooseFrameworkPage"),
  "ChooseFrameworkPage",
);
const UploadFrameworkDataPage = lazyPage(
  () => import("../features/frameworks/UploadFrameworkDataPage"),
  "UploadFrameworkDataPage",
);
const FrameworkDataPage = lazyPage(
  () => import("../features/frameworks/FrameworkDataPage"),
  "FrameworkDataPage",
);
const DatasetPage = lazyPage(() => import("../features/frameworks/DatasetPage"), "DatasetPage");
const ReportingPeriodDataPage = lazyPage(
  () => import("../features/frameworks/ReportingPeriodDataPage"),
  "ReportingPeriodDataPage",
);
const RequestOverviewPage = lazyPage(
  () => import("../features/requests/RequestOverviewPage"),
  "RequestOverviewPage",
);
const QualityAssurancePage = lazyPage(
  () => import("../features/quality-assurance/QualityAssurancePage"),
  "QualityAssurancePage",
);
const MyDatasetsPage = lazyPage(() => import("../features/datasets/MyDatasetsPage"), "MyDatasetsPage");
const ExplorePage = lazyPage(() => import("../features/explore/ExplorePage"), "ExplorePage");
const MyDataRequestsPage = lazyPage(
  () => import("../features/requests/MyDataRequestsPage"),
  "MyDataRequestsPage",
);
const DataRequestPage = lazyPage(() => import("../features/requests/DataRequestPage"), "DataRequestPage");
const CompanyRequestsPage = lazyPage(
  () => import("../features/requests/CompanyRequestsPage"),
  "CompanyRequestsPage",
);
const SingleDataRequestPage = lazyPage(
  () => import("../features/requests/SingleDataRequestPage"),
  "SingleDataRequestPage",
);
const BulkDataRequestPage = lazyPage(
  () => import("../features/requests/BulkDataRequestPage"),
  "BulkDataRequestPage",
);
const PortfoliosPage = lazyPage(() => import("../features/portfolios/PortfoliosPage"), "PortfoliosPage");
const ImpactPage = lazyPage(() => import("../features/impact/ImpactPage"), "ImpactPage");
const ApiKeyPage = lazyPage(() => import("../features/api-key/ApiKeyPage"), "ApiKeyPage");
const DocumentPage = lazyPage(() => import("../features/documents/DocumentPage"), "DocumentPage");
const UnsubscribePage = lazyPage(() => import("../features/unsubscribe/UnsubscribePage"), "UnsubscribePage");
const AdminPeoplePage = lazyPage(() => import("../features/admin/AdminConsole"), "AdminPeoplePage");
const AdminCompaniesPage = lazyPage(() => import("../features/admin/AdminConsole"), "AdminCompaniesPage");
const AdminCompanyMasterDataPage = lazyPage(
  () => import("../features/admin/AdminConsole"),
  "AdminCompanyMasterDataPage",
);
const AdminPlatformPage = lazyPage(() => import("../features/admin/AdminConsole"), "AdminPlatformPage");
const AdminAuditTrailPage = lazyPage(() => import("../features/admin/AdminConsole"), "AdminAuditTrailPage");
const AdminSignInLocksPage = lazyPage(() => import("../features/admin/AdminConsole"), "AdminSignInLocksPage");
const AdminCurrencyRatesPage = lazyPage(
  () => import("../features/admin/AdminConsole"),
  "AdminCurrencyRatesPage",
);

const handle = (value: RouteHandle) => value;

const staticPageRoutes: RouteObject[] = (Object.keys(staticPages) as StaticPagePath[]).map((path) => ({
  path,
  element: <StaticPage path={path} />,
  handle: handle({ title: staticPages[path].title }),
}));

/** The routes of spec §2. A later feature fills its page component; the route stays here. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: "about", element: <AboutPage />, handle: handle({ title: "About" }) },
          ...staticPageRoutes,
        ],
      },
      {
        path: "platform-redirect",
        element: <PlatformRedirectPage />,
        handle: handle({ title: "Signing in" }),
      },
      { path: "signed-out", element: <SignedOutPage />, handle: handle({ title: "Signed out" }) },
      {
        element: <PlatformLayout />,
        children: [
          { path: "preview", element: <PreviewPage />, handle: handle({ title: "Data preview" }) },
          {
            path: "frameworks",
            element: <FrameworkOverviewPage />,
            handle: handle({ title: "Framework overview" }),
          },
          {
            path: "companies/:companyId",
            element: <CompanyCockpitPage />,
            handle: handle({ title: "Company" }),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: "portfolios",
                element: <PortfoliosPage />,
                handle: handle({ title: "My portfolios", tabIndex: 0 }),
              },
              {
                path: "portfolios/:portfolioId/impact",
                element: <ImpactPage />,
                handle: handle({ title: "Impact report", tabIndex: 0 }),
              },
              {
                path: "companies",
                element: <CompaniesPage />,
                handle: handle({ title: "Companies", tabIndex: 1 }),
              },
              {
                path: "companies/choose",
                element: <ChooseCompanyPage />,
                handle: handle({ title: "Choose a company", tabIndex: 1 }),
              },
              {
                path: "companies/:companyId/frameworks/upload",
                element: <ChooseFrameworkPage />,
                handle: handle({ title: "Choose a framework", tabIndex: 1 }),
              },
              {
                path: "companies/:companyId/frameworks/:frameworkType/upload",
                element: <UploadFrameworkDataPage />,
                handle: handle({ title: "Upload framework data", tabIndex: 1, desktopOnly: true }),
              },
              {
                path: "companies/:companyId/frameworks/:dataType",
                element: <FrameworkDataPage />,
                handle: handle({ title: "Framework data", tabIndex: 1 }),
              },
              {
                path: "companies/:companyId/frameworks/:dataType/:dataId",
                element: <DatasetPage />,
                handle: handle({ title: "Dataset", tabIndex: 1 }),
              },
              {
                path: "companies/:companyId/frameworks/:dataType/reportingPeriods/:reportingPeriod",
                element: <ReportingPeriodDataPage />,
                handle: handle({ title: "Reporting period", tabIndex: 1 }),
              },
              {
                path: "documents/:documentId",
                element: <DocumentPage />,
                handle: handle({ title: "Document", tabIndex: 1 }),
              },
              {
                path: "companies/:companyId/documents",
                element: <CompanyDocumentsPage />,
                handle: handle({ title: "Company documents", tabIndex: 1 }),
              },
              {
                path: "companies/:companyId/users",
                element: <CompanyUsersPage />,
                handle: handle({ title: "Company users", tabIndex: 1 }),
              },
              {
                path: "explore",
                element: <ExplorePage />,
                handle: handle({ title: "Data explorer", tabIndex: 7 }),
              },
              {
                path: "datasets",
                element: <MyDatasetsPage />,
                handle: handle({ title: "My datasets", tabIndex: 2 }),
              },
              {
                path: "qualityassurance",
                element: <QualityAssurancePage />,
                handle: handle({ title: "Quality assurance", tabIndex: 3 }),
              },
              {
                path: "requests",
                element: <MyDataRequestsPage />,
                handle: handle({ title: "My data requests", tabIndex: 4 }),
              },
              {
                path: "requests/:requestId",
                element: <DataRequestPage />,
                handle: handle({ title: "Data request", tabIndex: 4 }),
              },
              {
                path: "companyrequests",
                element: <CompanyRequestsPage />,
                handle: handle({ title: "Data requests for my companies", tabIndex: 5 }),
              },
              {
                path: "requestoverview",
                element: <RequestOverviewPage />,
                handle: handle({ title: "All data requests", tabIndex: 6 }),
              },
              {
                path: "singledatarequest/:companyId",
                element: <SingleDataRequestPage />,
                handle: handle({ title: "Request data", tabIndex: 1 }),
              },
              {
                path: "bulkdatarequest",
                element: <BulkDataRequestPage />,
                handle: handle({ title: "Data request" }),
              },
              { path: "api-key", element: <ApiKeyPage />, handle: handle({ title: "API key" }) },
              { path: "admin", element: <Navigate to="/admin/people" replace /> },
              {
                path: "admin/people",
                element: <AdminPeoplePage />,
                handle: handle({ title: "Admin console: people" }),
              },
              {
                path: "admin/companies",
                element: <AdminCompaniesPage />,
                handle: handle({ title: "Admin console: companies" }),
              },
              {
                path: "admin/companies/:companyId",
                element: <AdminCompanyMasterDataPage />,
                handle: handle({ title: "Admin console: master data" }),
              },
              {
                path: "admin/platform",
                element: <AdminPlatformPage />,
                handle: handle({ title: "Admin console: platform" }),
              },
              {
                path: "admin/audit-trail",
                element: <AdminAuditTrailPage />,
                handle: handle({ title: "Admin console: audit trail" }),
              },
              {
                path: "admin/sign-in-locks",
                element: <AdminSignInLocksPage />,
                handle: handle({ title: "Admin console: sign-in locks" }),
              },
              {
                path: "admin/currency-rates",
                element: <AdminCurrencyRatesPage />,
                handle: handle({ title: "Admin console: currency rates" }),
              },
              {
                path: "unsubscribe/:subscriptionId",
                element: <UnsubscribePage />,
                handle: handle({ title: "Unsubscribe" }),
              },
            ],
          },
        ],
      },
      { path: "*", element: <Navigate to="/nocontent" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
