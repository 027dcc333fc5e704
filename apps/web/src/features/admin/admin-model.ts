/** The admin console's vocabulary: the account and audit shapes of /admin, and what the pages show of them. */
import { REALM_ROLES } from "@openverde/frameworks/access";
import { realmRoleLabel } from "@openverde/frameworks/role-labels";
import type { components } from "../../api/generated/admin-api";
import type { TagTone } from "../../components/workflow";

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
