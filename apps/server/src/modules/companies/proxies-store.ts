/**
 * SQL for company proxies (the table company_proxy): which company's data stands in for another's, for
 * which framework and reporting period (null: all of them).
 */
import { type Generated, type Kysely, sql } from "kysely";
import type { Queryable } from "./store";

export interface CompanyProxyRow {
  proxy_id: string;
  proxied_company_id: string;
  proxy_company_id: string;
  framework: string | null;
  reporting_period: string | null;
}

interface ProxyTables {
  company_proxy: CompanyProxyRow & { created_at: Generated<Date> };
  company: { company_id: string };
}

const tables = (db: Queryable): Kysely<ProxyTables> => db as Kysely<ProxyTables>;

const COLUMNS = [
  "proxy_id",
  "proxied_company_id",
  "proxy_company_id",
  "framework",
  "reporting_period",
] as const;

/**
 * Locks the rows of these companies for the rest of the transaction and answers which of them exist.
 * Proxies of a company are checked for overlaps and written while its row is locked, so two requests
 * adding overlapping proxies at once cannot both pass the check. Locked in id order: no deadlock.
 */
export async function lockExistingCompanies(db: Queryable, companyIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(companyIds)].sort();
  const result = await sql<{ company_id: string }>`
    select company_id from company where company_id = any(${ids}::uuid[]) order by company_id for update
  `.execute(db);
  return new Set(result.rows.map((row) => row.company_id));
}

export async function selectProxy(db: Queryable, proxyId: string): Promise<CompanyProxyRow | undefined> {
  return tables(db)
    .selectFrom("company_proxy")
    .select(COLUMNS)
    .where("proxy_id", "=", proxyId)
    .executeTakeFirst();
}

/** The proxies standing in for this company, but the one left out (the one being replaced). */
export async function selectProxiesOf(
  db: Queryable,
  proxiedCompanyId: string,
  leaveOut?: string,
): Promise<CompanyProxyRow[]> {
  let query = tables(db)
    .selectFrom("company_proxy")
    .select(COLUMNS)
    .where("proxied_company_id", "=", proxiedCompanyId);
  if (leaveOut) query = query.where("proxy_id", "<>", leaveOut);
  return query.execute();
}

export async function insertProxy(db: Queryable, row: CompanyProxyRow): Promise<void> {
  await tables(db).insertInto("company_proxy").values(row).execute();
}

export async function updateProxy(db: Queryable, row: CompanyProxyRow): Promise<void> {
  const { proxy_id, ...changes } = row;
  await tables(db).updateTable("company_proxy").set(changes).where("proxy_id", "=", proxy_id).execute();
}

export async function deleteProxy(db: Queryable, proxyId: string): Promise<CompanyProxyRow | undefined> {
  return tables(db)
    .deleteFrom("company_proxy")
    .where("proxy_id", "=", proxyId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export interface ProxyFilter {
  proxiedCompanyId?: string;
  proxyCompanyId?: string;
  /** Proxies that apply to any of these frameworks: those naming one, and those for all frameworks. */
  frameworks: string[];
  /** Likewise for reporting periods. */
  reportingPeriods: string[];
}

/** One page of the proxies matching the filter, oldest first. */
export async function selectProxies(
  db: Queryable,
  filter: ProxyFilter,
  page: { limit: number; offset: number },
): Promise<CompanyProxyRow[]> {
  let query = tables(db).selectFrom("company_proxy").select(COLUMNS);
  if (filter.proxiedCompanyId) query = query.where("proxied_company_id", "=", filter.proxiedCompanyId);
  if (filter.proxyCompanyId) query = query.where("proxy_company_id", "=", filter.proxyCompanyId);
  if (filter.frameworks.length > 0) {
    query = query.where((eb) =>
      eb.or([eb("framework", "is", null), eb("framework", "in", filter.frameworks)]),
    );
  }
  if (filter.reportingPeriods.length > 0) {
    query = query.where((eb) =>
      eb.or([eb("reporting_period", "is", null), eb("reporting_period", "in", filter.reportingPeriods)]),
    );
  }
  return query.orderBy("created_at").orderBy("proxy_id").limit(page.limit).offset(page.offset).execute();
}
