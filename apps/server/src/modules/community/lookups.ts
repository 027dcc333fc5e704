/**
 * What the community module asks of other modules, in one place and through their index.ts:
 * companies (existence, web site and e-mail domains), identity (users) and the audit trail.
 */
import { isUuid } from "../../platform/ids";
import { type AuditActor, recordAudit } from "../audit";
import { companyExists, getCompanyInformation, getCompanyNames } from "../companies";
import {
  findUserByEmail,
  findUserByUsername,
  getUserById,
  getUsersByIds,
  listUsers,
  type User,
} from "../identity";
import type { AnyExecutor } from "./store";

export type { AuditActor, User };
export { findUserByEmail, findUserByUsername, getCompanyNames, getUserById, getUsersByIds, recordAudit };

export interface CompanySummary {
  companyId: string;
  companyName: string;
  identifiers: string[];
  website: string | null;
  associatedSubdomains: string[];
}

export async function isCompany(db: AnyExecutor, companyId: string): Promise<boolean> {
  return isUuid(companyId) && (await companyExists(db, companyId));
}

export async function companySummary(
  db: AnyExecutor,
  companyId: string,
): Promise<CompanySummary | undefined> {
  if (!isUuid(companyId)) return undefined;
  const info = await getCompanyInformation(db, companyId);
  if (!info) return undefined;
  return {
    companyId,
    companyName: info.companyName,
    identifiers: Object.values(info.identifiers ?? {}).flat(),
    website: info.website ?? null,
    associatedSubdomains: info.associatedSubdomains ?? [],
  };
}

function websiteHost(website: string | null): string | undefined {
  if (!website) return undefined;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, "") || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Users whose e-mail domain belongs to the company: it starts with one of the company's associated
 * subdomains (the label after the @, "example" for jane@example.com), or it is the host of the
 * company's web site or a subdomain of it.
 */
export async function usersOfCompanyDomains(db: AnyExecutor, company: CompanySummary): Promise<User[]> {
  const prefixes = company.associatedSubdomains
    .map((label) => `${label.trim().toLowerCase()}.`)
    .filter((p) => p.length > 1);
  const host = websiteHost(company.website);
  if (prefixes.length === 0 && !host) return [];
  const matches = (email: string) => {
    const domain = email.toLowerCase().split("@")[1] ?? "";
    if (domain === "") return false;
    if (prefixes.some((prefix) => domain.startsWith(prefix))) return true;
    return host !== undefined && (domain === host || domain.endsWith(`.${host}`));
  };
  return (await listUsers(db)).filter((user) => matches(user.email));
}
