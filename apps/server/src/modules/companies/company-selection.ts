/**
 * Sets of companies chosen by ids and filters (country, sector), read page by page in name order:
 * the explorer's rows. Kept here because it reads the register's own table.
 */
import { type RawBuilder, sql } from "kysely";
import type { Queryable } from "./store";

export interface CompanySelection {
  /** Only these companies (a list or a portfolio); undefined for the whole register. */
  companyIds?: readonly string[];
  countryCodes?: readonly string[];
  sectors?: readonly string[];
}

export interface SelectedCompany {
  companyId: string;
  companyName: string;
  countryCode: string;
  sector: string | null;
  lei: string | null;
}

/** Where a page in name order ends: the next page starts after it. */
export interface NameCursor {
  nameKey: string;
  companyId: string;
}

const listOrNull = (values: readonly string[] | undefined) =>
  values && values.length > 0 ? [...values] : null;

// Every filter is a parameter that may be null, so the statement's text never changes with the filters.
const matching = (selection: CompanySelection) => sql`
  (${selection.companyIds ? [...selection.companyIds] : null}::uuid[] is null
    or c.company_id = any(${selection.companyIds ? [...selection.companyIds] : null}::uuid[]))
  and (${listOrNull(selection.countryCodes)}::text[] is null
    or c.country_code = any(${listOrNull(selection.countryCodes)}::text[]))
  and (${listOrNull(selection.sectors)}::text[] is null or c.sector = any(${listOrNull(selection.sectors)}::text[]))`;

interface Row {
  companyId: string;
  companyName: string;
  countryCode: string;
  sector: string | null;
  lei: string | null;
  nameKey: string;
}

const nameOrder = (descending: boolean) =>
  sql.raw(descending ? "c.name_key desc, c.company_id desc" : "c.name_key, c.company_id");

const toSelected = ({ nameKey: _, ...row }: Row): SelectedCompany => row;

/** How many companies the selection holds. */
export async function countSelectedCompanies(db: Queryable, selection: CompanySelection): Promise<number> {
  if (selection.companyIds?.length === 0) return 0;
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from company c where ${matching(selection)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** One page of the selection in name order, starting after `after` (or at the first company). */
export async function selectedCompaniesByName(
  db: Queryable,
  selection: CompanySelection,
  limit: number,
  after?: NameCursor,
  descending = false,
): Promise<{ companies: SelectedCompany[]; next?: NameCursor }> {
  if (selection.companyIds?.length === 0) return { companies: [] };
  const beyond = sql.raw(descending ? "<" : ">");
  const { rows } = await sql<Row>`
    select c.company_id as "companyId", c.company_name as "companyName", c.country_code as "countryCode",
      c.sector, c.lei, c.name_key as "nameKey"
    from company c
    where ${matching(selection)}
      and (${after?.nameKey ?? null}::text is null
        or (c.name_key, c.company_id) ${beyond} (${after?.nameKey ?? null}::text collate "C", ${after?.companyId ?? null}::uuid))
    order by ${nameOrder(descending)}
    limit ${limit}`.execute(db);
  const last = rows.at(-1);
  return {
    companies: rows.map(toSelected),
    next: last && rows.length === limit ? { nameKey: last.nameKey, companyId: last.companyId } : undefined,
  };
}

/** One page of the selection in name order by position (the first page of a query, or a page further on). */
export async function selectedCompaniesPage(
  db: Queryable,
  selection: CompanySelection,
  limit: number,
  offset: number,
  descending = false,
): Promise<SelectedCompany[]> {
  if (selection.companyIds?.length === 0) return [];
  const { rows } = await sql<Row>`
    select c.company_id as "companyId", c.company_name as "companyName", c.country_code as "countryCode",
      c.sector, c.lei, c.name_key as "nameKey"
    from company c
    where ${matching(selection)}
    order by ${nameOrder(descending)}
    limit ${limit} offset ${offset}`.execute(db);
  return rows.map(toSelected);
}

/**
 * The selection as a select of `company_id` and `name_key`, for a statement of another module to
 * join: one that orders the companies by something else (a value) and by (name_key, company_id) after
 * it, without the ids of the whole selection travelling to the server and back.
 */
export function selectionInNameOrder(selection: CompanySelection): RawBuilder<unknown> {
  return sql`select c.company_id, c.name_key from company c where ${matching(selection)}`;
}

/** These companies, in the order of the ids given (ids that name no company are left out). */
export async function selectedCompaniesByIds(
  db: Queryable,
  companyIds: readonly string[],
): Promise<SelectedCompany[]> {
  if (companyIds.length === 0) return [];
  const { rows } = await sql<Row>`
    select c.company_id as "companyId", c.company_name as "companyName", c.country_code as "countryCode",
      c.sector, c.lei, c.name_key as "nameKey"
    from unnest(${[...companyIds]}::uuid[]) with ordinality as wanted(company_id, position)
    join company c on c.company_id = wanted.company_id
    order by wanted.position`.execute(db);
  return rows.map(toSelected);
}
