/**
 * Company proxies: an admin records that a company's data stands in for another's (a parent's report
 * covers a subsidiary) for one framework or all, and one reporting period or all. A company has at most
 * one stand-in for any framework and period: proxies of the same company whose scopes overlap are
 * refused, so which company's data to show is never ambiguous.
 */
import { randomUUID } from "node:crypto";
import { frameworkIds, isFrameworkId } from "@openverde/frameworks";
import { inTransaction } from "../../platform/db/transaction";
import { badRequest, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { type AuditActor, recordAudit } from "../audit";
import type { CompanyProxyString, ProxySearchQuery, StoredCompanyProxy } from "./proxies-schemas";
import {
  type CompanyProxyRow,
  deleteProxy,
  insertProxy,
  lockExistingCompanies,
  selectProxies,
  selectProxiesOf,
  selectProxy,
  updateProxy,
} from "./proxies-store";
import { getCompanyNames } from "./service";
import type { Queryable } from "./store";

/** The part of a proxy that says what it covers; null stands for all. */
interface ProxyScope {
  framework: string | null;
  reportingPeriod: string | null;
}

/** Two scopes overlap when they share a framework (or one covers all) and a period (likewise). */
export function scopesOverlap(a: ProxyScope, b: ProxyScope): boolean {
  const shares = (x: string | null, y: string | null) => x === null || y === null || x === y;
  return shares(a.framework, b.framework) && shares(a.reportingPeriod, b.reportingPeriod);
}

const toStored = (row: CompanyProxyRow): StoredCompanyProxy => ({
  proxyId: row.proxy_id,
  proxiedCompanyId: row.proxied_company_id,
  proxyCompanyId: row.proxy_company_id,
  framework: row.framework,
  reportingPeriod: row.reporting_period,
});

const proxyNotFound = (proxyId: string) =>
  notFound(`There is no company proxy with the id ${proxyId}.`, "Company proxy not found");

const unknownFramework = (field: string, value: string) =>
  badRequest(`${field}: there is no framework ${value}; known are ${frameworkIds.join(", ")}.`);

/** The request's values, checked where no database is needed; empty texts mean all, like null. */
function checkedScope(proxy: CompanyProxyString): ProxyScope {
  const framework = proxy.framework?.trim() || null;
  const reportingPeriod = proxy.reportingPeriod?.trim() || null;
  if (proxy.proxiedCompanyId.toLowerCase() === proxy.proxyCompanyId.toLowerCase()) {
    throw badRequest("proxyCompanyId: a company cannot stand in for itself.");
  }
  if (framework !== null && !isFrameworkId(framework)) throw unknownFramework("framework", framework);
  if (reportingPeriod !== null && !/^\d{4}$/.test(reportingPeriod)) {
    throw badRequest(`reportingPeriod: ${reportingPeriod} is no reporting period; give a year such as 2024.`);
  }
  return { framework, reportingPeriod };
}

/**
 * Checks the companies and overlaps and writes the proxy, all in one transaction with both companies'
 * rows locked (see lockExistingCompanies), with its entry in the audit trail. `replacing`: whether
 * `proxyId` names a stored proxy to replace rather than the id of a new one.
 */
async function writeProxy(
  db: Queryable,
  by: AuditActor,
  proxyId: string,
  proxy: CompanyProxyString,
  replacing: boolean,
): Promise<StoredCompanyProxy> {
  const scope = checkedScope(proxy);
  const proxiedCompanyId = proxy.proxiedCompanyId.toLowerCase();
  const proxyCompanyId = proxy.proxyCompanyId.toLowerCase();
  return inTransaction(db, async (trx) => {
    const before = replacing ? await selectProxy(trx, proxyId) : undefined;
    if (replacing && !before) throw proxyNotFound(proxyId);
    const existing = await lockExistingCompanies(trx, [proxiedCompanyId, proxyCompanyId]);
    for (const [field, companyId] of [
      ["proxiedCompanyId", proxiedCompanyId],
      ["proxyCompanyId", proxyCompanyId],
    ] as const) {
      if (!existing.has(companyId))
        throw badRequest(`${field}: there is no company with the id ${companyId}.`);
    }
    const overlapping = (
      await selectProxiesOf(trx, proxiedCompanyId, replacing ? proxyId : undefined)
    ).filter((other) =>
      scopesOverlap(scope, { framework: other.framework, reportingPeriod: other.reporting_period }),
    );
    if (overlapping.length > 0) {
      throw badRequest(
        `The company already has a proxy for these frameworks and reporting periods (${overlapping
          .map((other) => other.proxy_id)
          .join(", ")}); a company has one stand-in for each framework and period.`,
        "Conflicting company proxy",
      );
    }
    const row: CompanyProxyRow = {
      proxy_id: proxyId,
      proxied_company_id: proxiedCompanyId,
      proxy_company_id: proxyCompanyId,
      framework: scope.framework,
      reporting_period: scope.reportingPeriod,
    };
    await (replacing ? updateProxy(trx, row) : insertProxy(trx, row));
    await recordAudit(trx, by, {
      action: replacing ? "company-proxy.replaced" : "company-proxy.created",
      objectType: "company-proxy",
      objectId: proxyId,
      ...(before ? { before: toStored(before) } : {}),
      after: toStored(row),
    });
    return toStored(row);
  });
}

export const createProxy = (db: Queryable, by: AuditActor, proxy: CompanyProxyString) =>
  writeProxy(db, by, randomUUID(), proxy, false);

export async function replaceProxy(
  db: Queryable,
  by: AuditActor,
  proxyId: string,
  proxy: CompanyProxyString,
) {
  if (!isUuid(proxyId)) throw proxyNotFound(proxyId);
  return writeProxy(db, by, proxyId.toLowerCase(), proxy, true);
}

export async function getProxy(db: Queryable, proxyId: string): Promise<StoredCompanyProxy> {
  const row = isUuid(proxyId) ? await selectProxy(db, proxyId) : undefined;
  if (!row) throw proxyNotFound(proxyId);
  return toStored(row);
}

export async function removeProxy(
  db: Queryable,
  by: AuditActor,
  proxyId: string,
): Promise<StoredCompanyProxy> {
  if (!isUuid(proxyId)) throw proxyNotFound(proxyId);
  return inTransaction(db, async (trx) => {
    const row = await deleteProxy(trx, proxyId);
    if (!row) throw proxyNotFound(proxyId);
    const removed = toStored(row);
    await recordAudit(trx, by, {
      action: "company-proxy.deleted",
      objectType: "company-proxy",
      objectId: removed.proxyId,
      before: removed,
    });
    return removed;
  });
}

export async function searchProxies(db: Queryable, query: ProxySearchQuery): Promise<StoredCompanyProxy[]> {
  const frameworks = query.frameworks ?? [];
  const unknown = frameworks.find((framework) => !isFrameworkId(framework));
  if (unknown !== undefined) throw unknownFramework("frameworks", unknown);
  const named = [query.proxiedCompanyId, query.proxyCompanyId].flatMap((id) =>
    id ? [id.toLowerCase()] : [],
  );
  if (named.length > 0) {
    const existing = await getCompanyNames(db, named);
    for (const [field, id] of [
      ["proxiedCompanyId", query.proxiedCompanyId],
      ["proxyCompanyId", query.proxyCompanyId],
    ] as const) {
      if (id && !existing.has(id.toLowerCase()))
        throw badRequest(`${field}: there is no company with the id ${id}.`);
    }
  }
  const chunkSize = query.chunkSize ?? 100;
  const rows = await selectProxies(
    db,
    {
      proxiedCompanyId: query.proxiedCompanyId?.toLowerCase(),
      proxyCompanyId: query.proxyCompanyId?.toLowerCase(),
      frameworks,
      reportingPeriods: query.reportingPeriods ?? [],
    },
    { limit: chunkSize, offset: chunkSize * (query.chunkIndex ?? 0) },
  );
  return rows.map(toStored);
}
