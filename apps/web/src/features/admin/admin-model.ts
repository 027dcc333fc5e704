/** The admin console's vocabulary: the account and audit shapes of /admin, and what the pages show of them. */
import { REALM_ROLES } from "@openverde/frameworks/access";
import { realmRoleLabel } from "@openverde/frameworks/role-labels";
import type { components } from "../../api/generated/admin-api";
import type { components as CommunityComponents } from "../../api/generated/community";
import type { TagTone } from "../../components/workflow";

type CommunitySchemas = CommunityComponents["schemas"];

export type AdminUser = components["schemas"]["AdminUser"];
export type AuditEntry = components["schemas"]["AuditEntry"];
export type SignInLock = components["schemas"]["SignInLock"];
export type AccountStatus = AdminUser["status"];
export type RealmRole = AdminUser["roles"][number];

/** The roles an admin gives or takes; ROLE_USER everyone has. */
export const GRANTABLE_ROLES = REALM_ROLES.filter((role) => role !== "ROLE_USER") as RealmRole[];

export const ROLE_OPTIONS = GRANTABLE_ROLES.map((role) => ({ value: role, label: realmRoleLabel(role) }));

export const statusTone: Record<AccountStatus, TagTone> = {
  Active: "success",
  Invited: "info",
  Disabled: "danger",
};

/** The roles worth showing: everyone's ROLE_USER only when there is nothing else. */
export function shownRoles(roles: readonly string[]): string[] {
  const special = roles.filter((role) => role !== "ROLE_USER");
  return (special.length > 0 ? special : ["ROLE_USER"]).map(realmRoleLabel);
}

/** What each audit action says, in words; an action without words of its own is shown as it is. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  "user.invited": "Invited",
  "user.role-granted": "Role granted",
  "user.role-removed": "Role removed",
  "user.disabled": "Account disabled",
  "user.enabled": "Account enabled",
  "user.deleted": "Account deleted",
  "user.sessions-ended": "Sessions ended",
  "user.password-reset-sent": "Password reset sent",
  "sign-in-lock.lifted": "Sign-in lock lifted",
  "api-key.created": "API key created",
  "api-key.revoked": "API key revoked",
  "company.edited": "Company edited",
  "company-role.assigned": "Company role assigned",
  "company-role.removed": "Company role removed",
  "ownership.decided": "Ownership decided",
  "mails.retried": "Failed e-mails sent again",
  "company.right-granted": "Company right granted",
  "company.right-removed": "Company right removed",
  "company-proxy.created": "Company proxy created",
  "company-proxy.replaced": "Company proxy replaced",
  "company-proxy.deleted": "Company proxy deleted",
  "isin-lei-mapping.replaced": "ISIN–LEI mapping replaced",
  "dataset.review-decided": "Review decision",
  "dataset.deleted": "Dataset deleted",
  "document.deleted": "Document deleted",
  "non-sourceability.decided": "Non-sourceability decided",
  "pre-approval.changed": "Pre-approval changed",
  "qa-report.deactivated": "QA report deactivated",
  "qa-report.reactivated": "QA report reactivated",
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

export const ACTION_OPTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }));

export const OBJECT_TYPE_OPTIONS = [
  "user",
  "api-key",
  "sign-in-lock",
  "company",
  "company-proxy",
  "isin-lei-mapping",
  "dataset",
  "document",
  "non-sourceability",
  "qa-report",
  "pre-approval-config",
  "portfolio",
  "mail-outbox",
].map((value) => ({ value, label: value }));

/** A short line of what changed: the fields whose values differ between before and after. */
export function changeSummary(before: unknown, after: unknown): string {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const b = asRecord(before);
  const a = asRecord(after);
  const one = (value: unknown): string =>
    typeof value === "string" && value.startsWith("ROLE_")
      ? realmRoleLabel(value)
      : value === null || value === undefined
        ? "—"
        : String(value);
  const show = (value: unknown) => (Array.isArray(value) ? value.map(one).join(", ") : one(value));
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const parts: string[] = [];
  for (const key of keys) {
    const from = JSON.stringify(b[key]);
    const to = JSON.stringify(a[key]);
    if (from === to) continue;
    if (!(key in b)) parts.push(`${key}: ${show(a[key])}`);
    else if (!(key in a)) parts.push(`${key} was ${show(b[key])}`);
    else parts.push(`${key}: ${show(b[key])} → ${show(a[key])}`);
  }
  return parts.join("; ");
}

/** A date input's day (YYYY-MM-DD) as the moment it starts, or ends when `end`, in UTC. */
export function dayBoundary(day: string, end = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime())) return undefined;
  return new Date(start.getTime() + (end ? 24 * 60 * 60 * 1000 : 0)).toISOString();
}

export type PlatformState = components["schemas"]["PlatformState"];

/** A request state in words: "NonSourceable" reads "Not sourceable". */
export function requestStateLabel(state: string): string {
  return state === "NonSourceable" ? "Not sourceable" : state;
}

/** An uptime in words: "3 d 4 h", "2 h 5 min", "42 s". */
export function durationLabel(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.max(0, Math.floor(seconds))} s`;
}

export type OwnershipClaim = CommunitySchemas["OwnershipClaim"];
export type ClaimStatus = OwnershipClaim["status"];
export type CompanyRoleAssignment = CommunitySchemas["CompanyRoleAssignmentExtended"];

export const CLAIM_STATUS_OPTIONS: { value: ClaimStatus; label: string }[] = [
  { value: "Pending", label: "Waiting for a decision" },
  { value: "Approved", label: "Approved" },
  { value: "Declined", label: "Declined" },
];

export const claimTone: Record<ClaimStatus, TagTone> = {
  Pending: "warning",
  Approved: "success",
  Declined: "danger",
};

/** Who a person is, in words: their name, else their username or e-mail address. */
export function personLabel(person: {
  name?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
}): string {
  const name = (person.name ?? [person.firstName, person.lastName].filter(Boolean).join(" ")).trim();
  return name || person.username || person.email || "";
}

/** Whether an assignment matches the typed company and user filters (parts of the name or e-mail). */
export function assignmentMatches(
  assignment: CompanyRoleAssignment,
  companyName: string,
  filter: { company: string; user: string },
): boolean {
  const has = (texts: (string | undefined)[], typed: string) =>
    typed.trim() === "" || texts.some((text) => text?.toLowerCase().includes(typed.trim().toLowerCase()));
  return (
    has([companyName, assignment.companyId], filter.company) &&
    has([personLabel(assignment), assignment.email, assignment.userId], filter.user)
  );
}
