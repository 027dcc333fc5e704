/**
 * SQL for the companies register: company rows, their identifiers and search rows, written one company
 * at a time. The ranked name search reads in search-store.ts; bulk imports write in import-store.ts.
 */
import { type Kysely, sql } from "kysely";
import { prepared } from "../../platform/db/prepared-statements";
import { foldForSearch, nameWordRows, type WordRow } from "./normalize";
import type { IdentifierType } from "./schemas";

/** Any module's Kysely or transaction; this module's functions narrow it to their own tables. */
// biome-ignore lint/suspicious/noExplicitAny: other modules pass their own typed Kysely or transaction.
export type Queryable = Kysely<any>;

export interface CompanyRow {
  company_id: string;
  company_name: string;
  alternative_names: string[];
  contact_details: string[];
  legal_form: string | null;
  headquarters: string;
  headquarters_postal_code: string | null;
  fiscal_year_end: string | null;
  reporting_period_shift: number | null;
  sector: string | null;
  sector_code_wz: string | null;
  country_code: string;
  is_teaser_company: boolean;
  website: string | null;
  parent_company_lei: string | null;
  associated_subdomains: string[] | null;
  lei: string | null;
  name_key: string;
  search_boost: number;
}

export interface IdentifierRow {
  identifier_type: string;
  identifier: string;
  company_id: string;
}

export interface BasicRow {
  company_id: string;
  company_name: string;
  headquarters: string;
  country_code: string;
  sector: string | null;
  lei: string | null;
}

export interface CompanyTables {
  company: CompanyRow;
  company_identifier: IdentifierRow;
  company_search_term: { company_id: string; term: string; search_boost: number; is_identifier: boolean };
  /** The ISINs' search terms (migration 015): an ISIN's term, as any identifier's, is its folded text. */
  company_search_isin: { company_id: string; term: string; search_boost: number };
  company_search_word: {
    company_id: string;
    suffix: string | null;
    tail: string | null;
    search_boost: number;
    term: string;
  };
  company_framework_data: { company_id: string; data_type: string; active_datasets: number };
}

export const tables = (db: Queryable): Kysely<CompanyTables> => db as Kysely<CompanyTables>;

const BASIC_COLUMNS = [
  "company_id",
  "company_name",
  "headquarters",
  "country_code",
  "sector",
  "lei",
] as const;

export async function selectCompany(db: Queryable, companyId: string): Promise<CompanyRow | undefined> {
  return tables(db).selectFrom("company").selectAll().where("company_id", "=", companyId).executeTakeFirst();
}

export async function selectIdentifiers(db: Queryable, companyIds: string[]): Promise<IdentifierRow[]> {
  if (companyIds.length === 0) return [];
  return tables(db)
    .selectFrom("company_identifier")
    .selectAll()
    .where("company_id", "in", companyIds)
    .orderBy("identifier_type")
    .orderBy("identifier")
    .execute();
}

export async function selectBasic(db: Queryable, companyIds: string[]): Promise<BasicRow[]> {
  if (companyIds.length === 0) return [];
  const rows = await tables(db)
    .selectFrom("company")
    .select(BASIC_COLUMNS)
    .where(sql<boolean>`company_id = any(${companyIds}::uuid[])`)
    .execute();
  const byId = new Map(rows.map((row) => [row.company_id, row]));
  return companyIds.flatMap((id) => byId.get(id) ?? []);
}

export async function selectCompanyNames(db: Queryable, companyIds: string[]): Promise<Map<string, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await tables(db)
    .selectFrom("company")
    .select(["company_id", "company_name"])
    .where(sql<boolean>`company_id = any(${companyIds}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.company_id, row.company_name]));
}

export async function countCompanyRows(db: Queryable): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from company`.execute(db);
  return result.rows[0]?.n ?? 0;
}

export async function companyIdExists(db: Queryable, companyId: string): Promise<boolean> {
  // Every upload and many reads ask this, so it is kept prepared.
  const query = tables(db).selectFrom("company").select("company_id").where("company_id", "=", companyId);
  return (await tables(db).executeQuery(prepared(query))).rows.length > 0;
}

export async function selectCompanyIdByIdentifier(
  db: Queryable,
  identifierType: string,
  identifier: string,
): Promise<string | undefined> {
  const row = await tables(db)
    .selectFrom("company_identifier")
    .select("company_id")
    .where("identifier_type", "=", identifierType)
    .where("identifier", "=", identifier)
    .executeTakeFirst();
  return row?.company_id;
}

/** Companies holding any of these values as an identifier of any type. */
export async function selectByIdentifierValues(
  db: Queryable,
  identifierTypes: readonly string[],
  values: string[],
): Promise<IdentifierRow[]> {
  if (values.length === 0) return [];
  return tables(db)
    .selectFrom("company_identifier")
    .selectAll()
    .where(sql<boolean>`identifier_type = any(${[...identifierTypes]}::text[])`)
    .where(sql<boolean>`identifier = any(${values}::text[])`)
    .execute();
}

/** Which of these identifiers belong to a company other than exceptCompanyId, with its name. */
export async function selectIdentifierHolders(
  db: Queryable,
  identifiers: { type: string; value: string }[],
  exceptCompanyId: string | undefined,
): Promise<{ identifier_type: string; identifier: string; company_id: string; company_name: string }[]> {
  if (identifiers.length === 0) return [];
  const result = await sql<{
    identifier_type: string;
    identifier: string;
    company_id: string;
    company_name: string;
  }>`select i.identifier_type, i.identifier, i.company_id, c.company_name
     from company_identifier i
     join company c on c.company_id = i.company_id
     join unnest(${identifiers.map((i) => i.type)}::text[], ${identifiers.map((i) => i.value)}::text[])
       as wanted(identifier_type, identifier)
       on wanted.identifier_type = i.identifier_type and wanted.identifier = i.identifier
     where ${exceptCompanyId ?? null}::uuid is null or i.company_id <> ${exceptCompanyId ?? null}::uuid`.execute(
    db,
  );
  return result.rows;
}

export type CompanyValues = Omit<CompanyRow, "company_id" | "name_key" | "search_boost">;

/** The identifier type whose search terms have a table of their own (company_search_isin). */
const ISIN_TYPE: IdentifierType = "Isin";

/**
 * Search rows of a company's names: the folded names and, per name, the rows of the word table with
 * the name they come from (the "contains" search checks that name): its word suffixes and its
 * beginnings before each space, reversed (nameWordRows); `foldedName` is the legal name folded
 * (foldForSearch). Handed to the callbacks one by one, each name before its word rows, so that a bulk
 * import writes them without collecting them first.
 */
export function visitNameSearchRows(
  foldedName: string,
  alternativeNames: string[],
  onTerm: (term: string) => void,
  onWord: (row: WordRow, term: string) => void,
): void {
  const terms = new Set<string>();
  const visit = (term: string) => {
    if (!term || terms.has(term)) return;
    terms.add(term);
    onTerm(term);
    for (const row of nameWordRows(term)) onWord(row, term);
  };
  visit(foldedName);
  for (const name of alternativeNames) visit(foldForSearch(name));
}

/** visitNameSearchRows collected. */
export function nameSearchRows(
  companyName: string,
  alternativeNames: string[],
  foldedName: string = foldForSearch(companyName),
) {
  const terms: string[] = [];
  const words: (WordRow & { term: string })[] = [];
  visitNameSearchRows(
    foldedName,
    alternativeNames,
    (term) => terms.push(term),
    (row, term) => words.push({ ...row, term }),
  );
  return { terms, words };
}

/**
 * Writes a company (new or replaced) with its identifiers and search rows. The caller has checked
 * the values and runs this inside a transaction.
 */
export async function writeCompany(
  trx: Queryable,
  companyId: string,
  values: CompanyValues,
  identifiers: { type: string; value: string }[],
  isNew: boolean,
): Promise<void> {
  const db = tables(trx);
  const nameKey = foldForSearch(values.company_name);
  if (isNew) {
    await db
      .insertInto("company")
      .values({ ...values, company_id: companyId, name_key: nameKey, search_boost: 1 })
      .execute();
  } else {
    await db
      .updateTable("company")
      .set({ ...values, name_key: nameKey, updated_at: sql`now()` } as never)
      .where("company_id", "=", companyId)
      .execute();
    await db.deleteFrom("company_identifier").where("company_id", "=", companyId).execute();
    await db.deleteFrom("company_search_term").where("company_id", "=", companyId).execute();
    await db.deleteFrom("company_search_isin").where("company_id", "=", companyId).execute();
    await db.deleteFrom("company_search_word").where("company_id", "=", companyId).execute();
  }
  const boostRow = await db
    .selectFrom("company")
    .select("search_boost")
    .where("company_id", "=", companyId)
    .executeTakeFirstOrThrow();
  const boost = boostRow.search_boost;
  if (identifiers.length > 0) {
    await db
      .insertInto("company_identifier")
      .values(
        identifiers.map((i) => ({ identifier_type: i.type, identifier: i.value, company_id: companyId })),
      )
      .execute();
  }
  const { terms, words } = nameSearchRows(values.company_name, values.alternative_names, nameKey);
  // An identifier whose folded text is a name of the company is found as that name already.
  const identifierTerms = (ofIsins: boolean) => [
    ...new Set(
      identifiers
        .filter((i) => (i.type === ISIN_TYPE) === ofIsins)
        .map((i) => foldForSearch(i.value))
        .filter((term) => term !== "" && !terms.includes(term)),
    ),
  ];
  const termRows = [
    ...terms.map((term) => ({ company_id: companyId, term, search_boost: boost, is_identifier: false })),
    ...identifierTerms(false).map((term) => ({
      company_id: companyId,
      term,
      search_boost: boost,
      is_identifier: true,
    })),
  ];
  if (termRows.length > 0) await db.insertInto("company_search_term").values(termRows).execute();
  const isinRows = identifierTerms(true).map((term) => ({
    company_id: companyId,
    term,
    search_boost: boost,
  }));
  if (isinRows.length > 0) await db.insertInto("company_search_isin").values(isinRows).execute();
  if (words.length > 0) {
    await db
      .insertInto("company_search_word")
      .values(words.map((word) => ({ company_id: companyId, ...word, search_boost: boost })))
      .execute();
  }
}

export async function selectSubsidiaries(db: Queryable, parentLeis: string[]): Promise<BasicRow[]> {
  if (parentLeis.length === 0) return [];
  return tables(db)
    .selectFrom("company")
    .select(BASIC_COLUMNS)
    .where(sql<boolean>`parent_company_lei = any(${parentLeis}::text[])`)
    .orderBy("name_key")
    .orderBy("company_id")
    .execute();
}

export async function selectTeaserIds(db: Queryable): Promise<string[]> {
  const rows = await tables(db)
    .selectFrom("company")
    .select("company_id")
    .where("is_teaser_company", "=", true)
    .orderBy("company_id")
    .execute();
  return rows.map((row) => row.company_id);
}

/** Distinct values of an indexed column by skipping through the index, cheap even for millions of rows. */
async function distinctValues(db: Queryable, column: "country_code" | "sector"): Promise<string[]> {
  const id = sql.id(column);
  const result = await sql<{ value: string }>`
    with recursive walk(value) as (
      (select ${id} from company where ${id} is not null order by ${id} limit 1)
      union all
      select (select ${id} from company where ${id} > walk.value order by ${id} limit 1)
      from walk where walk.value is not null
    )
    select value from walk where value is not null`.execute(db);
  return result.rows.map((row) => row.value);
}

export async function selectDistinctFilterValues(
  db: Queryable,
): Promise<{ countryCodes: string[]; sectors: string[] }> {
  return {
    countryCodes: await distinctValues(db, "country_code"),
    sectors: await distinctValues(db, "sector"),
  };
}

export async function selectFrameworkData(
  db: Queryable,
  companyId: string,
): Promise<{ data_type: string; active_datasets: number }[]> {
  return tables(db)
    .selectFrom("company_framework_data")
    .select(["data_type", "active_datasets"])
    .where("company_id", "=", companyId)
    .execute();
}

/** Replaces a company's active-data counts and moves it up or down in search accordingly. */
export async function replaceFrameworkData(
  trx: Queryable,
  companyId: string,
  activeDatasets: [string, number][],
): Promise<void> {
  const db = tables(trx);
  await db.deleteFrom("company_framework_data").where("company_id", "=", companyId).execute();
  if (activeDatasets.length > 0) {
    await db
      .insertInto("company_framework_data")
      .values(
        activeDatasets.map(([dataType, count]) => ({
          company_id: companyId,
          data_type: dataType,
          active_datasets: count,
        })),
      )
      .execute();
  }
  const boost = activeDatasets.length > 0 ? 0 : 1;
  const changed = await db
    .updateTable("company")
    .set({ search_boost: boost })
    .where("company_id", "=", companyId)
    .where("search_boost", "<>", boost)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) {
    await db
      .updateTable("company_search_term")
      .set({ search_boost: boost })
      .where("company_id", "=", companyId)
      .execute();
    await db
      .updateTable("company_search_isin")
      .set({ search_boost: boost })
      .where("company_id", "=", companyId)
      .execute();
    await db
      .updateTable("company_search_word")
      .set({ search_boost: boost })
      .where("company_id", "=", companyId)
      .execute();
  }
}
