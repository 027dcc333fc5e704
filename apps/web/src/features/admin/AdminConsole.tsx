import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { PageFrame } from "../../components/PageFrame";
import { Alert } from "../../components/workflow";
import { rolesAllow, useAuth } from "../auth";
import { AuditTrailSection } from "./AuditTrailSection";
import { CompaniesSection } from "./CompaniesSection";
import { CompanyMasterData } from "./CompanyMasterData";
import { CurrencyRatesSection } from "./CurrencyRatesSection";
import { PeopleSection } from "./PeopleSection";
import { PlatformStateSection } from "./PlatformStateSection";
import { SignInLocksSection } from "./SignInLocksSection";
import "./AdminConsole.css";

export type AdminSection =
  | "people"
  | "companies"
  | "platform"
  | "audit-trail"
  | "sign-in-locks"
  | "currency-rates";

const SECTIONS: { section: AdminSection; label: string; description: string }[] = [
  {
    section: "people",
    label: "People",
    description: "Find people, invite them, change their roles, disable, reset, sign out or delete accounts.",
  },
  {
    section: "companies",
    label: "Companies",
    description:
      "Ownership claims to approve or decline, who holds which role at which company, and companies' master data.",
  },
  {
    section: "platform",
    label: "Platform",
    description:
      "The platform's state: health, review queue, data requests, export jobs, e-mails, sign-in locks, version and uptime.",
  },
  {
    section: "audit-trail",
    label: "Audit trail",
    description: "Every privileged change: who made it, when, on what, before and after. Nobody can edit it.",
  },
  {
    section: "sign-in-locks",
    label: "Sign-in locks",
    description: "Accounts and addresses locked by failed sign-ins, and lifting a lock.",
  },
  {
    section: "currency-rates",
    label: "Currency rates",
    description:
      "The exchange rates to EUR that impact reports convert positions with: for each currency, the newest rate dated on or before the end of the reference period.",
  },
];

/** `/admin/...`: the admin console, for admins only (the server refuses everyone else as well). */
export function AdminConsole({ section, children }: { section: AdminSection; children?: ReactNode }) {
  const { user } = useAuth();
  const current = SECTIONS.find((entry) => entry.section === section) ?? SECTIONS[0];
  if (!rolesAllow(user, "administer"))
    return (
      <PageFrame title="Admin console" description="Where Openverde's administrators manage people.">
        <Alert tone="warning" title="For administrators only">
          <p>This console is for Openverde's administrators.</p>
          <p>
            <Link to="/companies">Back to the companies</Link>
          </p>
        </Alert>
      </PageFrame>
    );
  return (
    <PageFrame title={`Admin console: ${current?.label}`} description={current?.description ?? ""}>
      <nav className="admin-nav" aria-label="Admin console">
        {SECTIONS.map((entry) => (
          <NavLink key={entry.section} to={`/admin/${entry.section}`} className="admin-nav__link">
            {entry.label}
          </NavLink>
        ))}
      </nav>
      {children}
      {children ? null : <SectionContent section={section} currentUserId={user?.sub} />}
    </PageFrame>
  );
}

function SectionContent({
  section,
  currentUserId,
}: {
  section: AdminSection;
  currentUserId?: string | undefined;
}) {
  switch (section) {
    case "people":
      return <PeopleSection currentUserId={currentUserId} />;
    case "companies":
      return <CompaniesSection />;
    case "platform":
      return <PlatformStateSection />;
    case "audit-trail":
      return <AuditTrailSection />;
    case "sign-in-locks":
      return <SignInLocksSection />;
    case "currency-rates":
      return <CurrencyRatesSection />;
  }
}

// One page per section, for the router's lazy routes (a page takes no props).
export const AdminPeoplePage = () => <AdminConsole section="people" />;
export const AdminCompaniesPage = () => <AdminConsole section="companies" />;
export const AdminCompanyMasterDataPage = () => (
  <AdminConsole section="companies">
    <CompanyMasterData />
  </AdminConsole>
);
export const AdminPlatformPage = () => <AdminConsole section="platform" />;
export const AdminAuditTrailPage = () => <AdminConsole section="audit-trail" />;
export const AdminSignInLocksPage = () => <AdminConsole section="sign-in-locks" />;
export const AdminCurrencyRatesPage = () => <AdminConsole section="currency-rates" />;
