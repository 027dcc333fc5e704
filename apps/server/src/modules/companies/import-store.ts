/**
 * SQL for bulk imports of the register (GLEIF files and generated registers): batches of companies with
 * their LEIs and search rows in a few statements (COPY on a PostgreSQL server, unnest on the embedded
 * database), and ISINs attached by LEI.
 */

import { sql } from "kysely";
import { timeOrderedUuid } from "../../platform/time-ordered-uuid";
import { CopyRows, copyInto } from "./copy-rows";
import { foldForSearch, type WordRow } from "./normalize";
import { IDENTIFIER_PRIMARY_KEY } from "./search-indexes";
import { type Queryable, visitNameSearchRows } from "./store";

export interface ImportRecord {
  lei: string;
  companyName: string;
  alternativeNames: string[];
  headquarters: string;
  headquartersPostalCode: string | null;
  countryCode: string;
  /** Not in the GLEIF file; generated registers may bring them. Kept as they are on update when absent. */
  legalForm?: string | null;
  sector?: string | null;
}

const QUOTE_OR_BACKSLASH = /[\\"]/;
const QUOTES_AND_BACKSLASHES = /[\\"]/g;

/**
 * A text[] literal ({"a","b",NULL}), so that a column of a batch travels in one parameter. Built
 * here with one join when no value needs escaping (nearly always): the driver's own array
 * conversion escapes each value with two regular expressions and concatenates piece by piece, then
 * has to flatten the result to send it, which took a third of the import's Node time.
 */
function textArray(values: readonly (string | null)[]): string {
  for (const value of values)
    if (value === null || QUOTE_OR_BACKSLASH.test(value)) return escapedTextArray(values);
  return values.length === 0 ? "{}" : `{"${values.join('","')}"}`;
}

function escapedTextArray(values: readonly (string | null)[]): string {
  const elements = new Array<string>(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === null || value === undefined) elements[index] = "NULL";
    else elements[index] = `"${value.replace(QUOTES_AND_BACKSLASHES, "\\$&")}"`;
  }
  return `{${elements.join(",")}}`;
}

/**
 * An array literal of values that need no quoting: uuids, numbers, and codes of letters and digits
 * (LEIs, ISINs).
 */
export const plainArray = (values: readonly (string | number)[]): string => `{${values.join(",")}}`;

/** The boost every company starts with (no active datasets yet), as writeCompany gives it. */
const NEW_COMPANY_BOOST = 1;

export interface BatchOutcome {
  added: number;
  updated: number;
  unchanged: number;
}

interface ImportRow {
  company_id: string;
  company_name: string;
  alternative_names: string[];
  headquarters: string;
  headquarters_postal_code: string | null;
  country_code: string;
  lei: string;
  name_key: string;
  legal_form: string | null;
  sector: string | null;
}

/**
 * The search rows (names, identifiers and word suffixes) of the companies a batch adds or changes,
 * collected for the way the batch writes them (multi-row statements or COPY).
 */
abstract class SearchRows {
  /** Adds a company's name rows; with a LEI (a new company), also the row of its LEI. */
  add(row: ImportRow, boost: number, lei?: string): void {
    const companyId = row.company_id;
    const foldedLei = lei === undefined ? undefined : foldForSearch(lei);
    let leiIsAName = false;
    visitNameSearchRows(
      row.name_key,
      row.alternative_names,
      (term) => {
        if (term === foldedLei) leiIsAName = true;
        this.addTerm(companyId, term, boost, false);
      },
      (word, term) => this.addWord(companyId, word, boost, term),
    );
    if (foldedLei !== undefined && !leiIsAName) this.addTerm(companyId, foldedLei, boost, true);
  }

  protected abstract addTerm(companyId: string, term: string, boost: number, isIdentifier: boolean): void;
  protected abstract addWord(companyId: string, word: WordRow, boost: number, term: string): void;
  abstract write(trx: Queryable): Promise<void>;
}

/** Search rows as columns of unnest(...) statements (the embedded database). */
class StatementSearchRows extends SearchRows {
  private readonly termCompanies: string[] = [];
  private readonly terms: string[] = [];
  private readonly termBoosts: number[] = [];
  private readonly termIsIdentifier: boolean[] = [];
  private readonly wordCompanies: string[] = [];
  private readonly suffixes: (string | null)[] = [];
  private readonly tails: (string | null)[] = [];
  private readonly wordBoosts: number[] = [];
  private readonly wordTerms: string[] = [];

  protected addTerm(companyId: string, term: string, boost: number, isIdentifier: boolean): void {
    this.termCompanies.push(companyId);
    this.terms.push(term);
    this.termBoosts.push(boost);
    this.termIsIdentifier.push(isIdentifier);
  }

  protected addWord(companyId: string, word: WordRow, boost: number, term: string): void {
    this.wordCompanies.push(companyId);
    this.suffixes.push(word.suffix);
    this.tails.push(word.tail);
    this.wordBoosts.push(boost);
    this.wordTerms.push(term);
  }

  async write(trx: Queryable): Promise<void> {
    if (this.terms.length > 0) {
      await sql`insert into company_search_term (company_id, term, search_boost, is_identifier)
        select * from unnest(${plainArray(this.termCompanies)}::uuid[], ${textArray(this.terms)}::text[],
          ${plainArray(this.termBoosts.map(String))}::smallint[],
          ${plainArray(this.termIsIdentifier.map(String))}::boolean[])`.execute(trx);
    }
    if (this.wordCompanies.length > 0) {
      await sql`insert into company_search_word (company_id, suffix, tail, search_boost, term)
        select * from unnest(${plainArray(this.wordCompanies)}::uuid[], ${textArray(this.suffixes)}::text[],
          ${textArray(this.tails)}::text[], ${plainArray(this.wordBoosts.map(String))}::smallint[],
          ${textArray(this.wordTerms)}::text[])`.execute(trx);
    }
  }
}

const TERM_COLUMNS = ["company_id", "term", "search_boost", "is_identifier"];
const WORD_COLUMNS = ["company_id", "suffix", "tail", "search_boost", "term"];

/** Search rows as COPY rows (a PostgreSQL server). */
class CopySearchRows extends SearchRows {
  private readonly terms = new CopyRows();
  private readonly words = new CopyRows();

  protected addTerm(companyId: string, term: string, boost: number, isIdentifier: boolean): void {
    this.terms.row(4).uuid(companyId).text(term).smallint(boost).boolean(isIdentifier);
  }

  protected addWord(companyId: string, word: WordRow, boost: number, term: string): void {
    this.words
      .row(WORD_COLUMNS.length)
      .uuid(companyId)
      .text(word.suffix)
      .text(word.tail)
      .smallint(boost)
      .repeatedText(term);
  }

  async write(trx: Queryable): Promise<void> {
    await copyInto(trx, "company_search_term", TERM_COLUMNS, this.terms);
    await copyInto(trx, "company_search_word", WORD_COLUMNS, this.words);
  }
}

/** The company columns of a batch as unnest arguments, in the order of COMPANY_COLUMNS. */
function companyColumns(rows: ImportRow[]) {
  return sql.join([
    sql`${plainArray(rows.map((row) => row.company_id))}::uuid[]`,
    sql`${textArray(rows.map((row) => row.company_name))}::text[]`,
    sql`${textArray(rows.map((row) => textArray(row.alternative_names)))}::text[]`,
    sql`${textArray(rows.map((row) => row.headquarters))}::text[]`,
    sql`${textArray(rows.map((row) => row.headquarters_postal_code))}::text[]`,
    sql`${textArray(rows.map((row) => row.country_code))}::text[]`,
    sql`${textArray(rows.map((row) => row.lei))}::text[]`,
    sql`${textArray(rows.map((row) => row.name_key))}::text[]`,
    sql`${textArray(rows.map((row) => row.legal_form))}::text[]`,
    sql`${textArray(rows.map((row) => row.sector))}::text[]`,
  ]);
}

const COMPANY_COLUMNS = sql`company_id, company_name, alternative_names, headquarters, headquarters_postal_code,
  country_code, lei, name_key, legal_form, sector`;
const UNNESTED_COMPANY = sql`company_id, company_name, alternative_names::text[], headquarters,
  headquarters_postal_code, country_code, lei, name_key, legal_form, sector`;

/** Adds companies with LEIs no company has yet, with their LEI identifiers (one statement). */
async function insertCompanies(trx: Queryable, rows: ImportRow[]): Promise<void> {
  await sql`with added as (
      insert into company (${COMPANY_COLUMNS})
      select ${UNNESTED_COMPANY} from unnest(${companyColumns(rows)}) as r(${COMPANY_COLUMNS})
      returning company_id, lei)
    insert into company_identifier (identifier_type, identifier, company_id)
    select 'Lei', lei, company_id from added`.execute(trx);
}

const COPIED_COMPANY_COLUMNS = [
  "company_id",
  "company_name",
  "alternative_names",
  "headquarters",
  "headquarters_postal_code",
  "country_code",
  "lei",
  "name_key",
  "legal_form",
  "sector",
];
const IDENTIFIER_COLUMNS = ["identifier_type", "identifier", "company_id"];

/**
 * insertCompanies through COPY: PostgreSQL reads COPY's binary rows with less work than the array
 * literals of unnest(...). The ids are made here, so the LEI identifiers need no `returning`.
 */
async function copyCompanies(trx: Queryable, rows: ImportRow[]): Promise<void> {
  const companies = new CopyRows();
  const identifiers = new CopyRows();
  for (const row of rows) {
    companies
      .row(COPIED_COMPANY_COLUMNS.length)
      .uuid(row.company_id)
      .text(row.company_name)
      .textArray(row.alternative_names)
      .text(row.headquarters)
      .text(row.headquarters_postal_code)
      .text(row.country_code)
      .text(row.lei)
      .text(row.name_key)
      .text(row.legal_form)
      .text(row.sector);
    identifiers.row(IDENTIFIER_COLUMNS.length).text("Lei").text(row.lei).uuid(row.company_id);
  }
  await copyInto(trx, "company", COPIED_COMPANY_COLUMNS, companies);
  await copyInto(trx, "company_identifier", IDENTIFIER_COLUMNS, identifiers);
}

/**
 * Changes the known companies whose values differ from the record and returns them with their
 * boost; legal form and sector stay as they are when the record has none.
 */
async function updateCompanies(
  trx: Queryable,
  rows: ImportRow[],
): Promise<{ company_id: string; search_boost: number }[]> {
  const result = await sql<{ company_id: string; search_boost: number }>`
    update company c set
      company_name = r.company_name,
      alternative_names = r.alternative_names::text[],
      headquarters = r.headquarters,
      headquarters_postal_code = r.headquarters_postal_code,
      country_code = r.country_code,
      name_key = r.name_key,
      lei = coalesce(c.lei, r.lei),
      legal_form = coalesce(r.legal_form, c.legal_form),
      sector = coalesce(r.sector, c.sector),
      updated_at = now()
    from unnest(${companyColumns(rows)}) as r(${COMPANY_COLUMNS})
    where c.company_id = r.company_id
      and (c.company_name, c.alternative_names, c.headquarters, c.headquarters_postal_code, c.country_code,
        c.legal_form, c.sector)
      is distinct from (r.company_name, r.alternative_names::text[], r.headquarters,
        r.headquarters_postal_code, r.country_code, coalesce(r.legal_form, c.legal_form),
        coalesce(r.sector, c.sector))
    returning c.company_id, c.search_boost`.execute(trx);
  return result.rows;
}

export interface BatchOptions {
  /** Write the new rows by COPY (a PostgreSQL server, see canCopy). */
  copy: boolean;
  /**
   * Which LEIs a company may hold already; the others are added without looking them up. When one
   * is held after all (added meanwhile, or twice in the file), adding it breaks the company
   * identifier key and the batch fails as a whole (see isIdentifierConflict). Without it, every LEI
   * is looked up.
   */
  mayBeKnown?: (lei: string) => boolean;
}

/**
 * Adds or updates a batch of companies by LEI with a few multi-row statements: companies with a
 * known LEI are updated in place (only when something changed), the others are added.
 */
export async function importBatch(
  trx: Queryable,
  records: ImportRecord[],
  options: BatchOptions,
): Promise<BatchOutcome> {
  const byLei = new Map<string, ImportRecord>();
  for (const record of records) byLei.set(record.lei, record);
  const { mayBeKnown } = options;
  const lookedUp = mayBeKnown ? [...byLei.keys()].filter(mayBeKnown) : [...byLei.keys()];
  const known =
    lookedUp.length === 0
      ? { rows: [] }
      : await sql<{ identifier: string; company_id: string }>`
    select identifier, company_id from company_identifier
    where identifier_type = 'Lei' and identifier = any(${textArray(lookedUp)}::text[])`.execute(trx);
  const existing = new Map(known.rows.map((row) => [row.identifier, row.company_id]));
  const added: ImportRow[] = [];
  // By company: a company holding two of the batch's LEIs is changed once, by the later record.
  const changedById = new Map<string, ImportRow>();
  for (const [lei, record] of byLei) {
    const companyId = existing.get(lei);
    const row: ImportRow = {
      company_id: companyId ?? timeOrderedUuid(),
      company_name: record.companyName,
      alternative_names: record.alternativeNames,
      headquarters: record.headquarters,
      headquarters_postal_code: record.headquartersPostalCode,
      country_code: record.countryCode,
      lei,
      name_key: foldForSearch(record.companyName),
      legal_form: record.legalForm ?? null,
      sector: record.sector ?? null,
    };
    if (companyId === undefined) added.push(row);
    else changedById.set(companyId, row);
  }
  const changed = [...changedById.values()];

  const searchRows = options.copy ? new CopySearchRows() : new StatementSearchRows();
  if (added.length > 0) {
    await (options.copy ? copyCompanies(trx, added) : insertCompanies(trx, added));
    for (const row of added) searchRows.add(row, NEW_COMPANY_BOOST, row.lei);
  }
  const updated = changed.length > 0 ? await updateCompanies(trx, changed) : [];
  if (updated.length > 0) {
    const updatedIds = plainArray(updated.map((row) => row.company_id));
    await sql`delete from company_search_term where company_id = any(${updatedIds}::uuid[]) and not is_identifier`.execute(
      trx,
    );
    await sql`delete from company_search_word where company_id = any(${updatedIds}::uuid[])`.execute(trx);
    const boostOf = new Map(updated.map((row) => [row.company_id, row.search_boost]));
    for (const row of changed) {
      const boost = boostOf.get(row.company_id);
      if (boost !== undefined) searchRows.add(row, boost);
    }
  }
  await searchRows.write(trx);
  return {
    added: added.length,
    updated: updated.length,
    unchanged: byLei.size - added.length - updated.length,
  };
}

/**
 * The LEIs companies hold, when there are at most `limit` of them (a register that is nearly empty),
 * for importBatch's mayBeKnown.
 */
export async function selectLeisIfFew(trx: Queryable, limit: number): Promise<Set<string> | undefined> {
  const result = await sql<{ identifier: string }>`
    select identifier from company_identifier where identifier_type = 'Lei' limit ${limit + 1}`.execute(trx);
  return result.rows.length > limit ? undefined : new Set(result.rows.map((row) => row.identifier));
}

/** Whether a batch failed on the identifier key: an identifier it added is held already. */
export const isIdentifierConflict = (error: unknown): boolean => {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === "23505" && failure.constraint === IDENTIFIER_PRIMARY_KEY;
};

/**
 * Attaches ISINs to the companies with the given LEIs; an ISIN another company holds is left alone.
 * Columns travel as array literals built here (textArray), as the import's other statements do.
 */
export async function attachIsins(
  trx: Queryable,
  pairs: { lei: string; isin: string }[],
): Promise<{ attached: number; unknownLei: number; alreadyThere: number; heldByOther: number }> {
  const leis = [...new Set(pairs.map((pair) => pair.lei))];
  const known = await sql<{ identifier: string; company_id: string; search_boost: number }>`
    select i.identifier, i.company_id, c.search_boost from company_identifier i
    join company c on c.company_id = i.company_id
    where i.identifier_type = 'Lei' and i.identifier = any(${textArray(leis)}::text[])`.execute(trx);
  const companyOf = new Map(known.rows.map((row) => [row.identifier, row]));
  const wanted = new Map<string, { companyId: string; boost: number }>();
  let unknownLei = 0;
  for (const pair of pairs) {
    const company = companyOf.get(pair.lei);
    if (!company) unknownLei++;
    else wanted.set(pair.isin, { companyId: company.company_id, boost: company.search_boost });
  }
  const isins = [...wanted.keys()];
  const held = await sql<{ identifier: string; company_id: string }>`
    select identifier, company_id from company_identifier
    where identifier_type = 'Isin' and identifier = any(${textArray(isins)}::text[])`.execute(trx);
  let alreadyThere = 0;
  let heldByOther = 0;
  for (const row of held.rows) {
    if (wanted.get(row.identifier)?.companyId === row.company_id) alreadyThere++;
    else heldByOther++;
    wanted.delete(row.identifier);
  }
  // In the order of the keys they go into (identifier key; search terms by boost and term): a batch
  // fills an index leaf page after page instead of touching a random page with every row, which on a
  // large register is most of the cost (each page first touched after a checkpoint is written whole
  // to the write-ahead log).
  const fresh = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (fresh.length > 0) {
    await sql`insert into company_identifier (identifier_type, identifier, company_id)
      select 'Isin', * from unnest(${textArray(fresh.map(([isin]) => isin))}::text[],
        ${plainArray(fresh.map(([, c]) => c.companyId))}::uuid[])
      on conflict do nothing`.execute(trx);
    const terms = fresh
      .map(([isin, company]) => ({ term: foldForSearch(isin), company }))
      .sort((a, b) => a.company.boost - b.company.boost || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    await sql`insert into company_search_isin (company_id, term, search_boost)
      select * from unnest(${plainArray(terms.map((t) => t.company.companyId))}::uuid[],
        ${textArray(terms.map((t) => t.term))}::text[], ${plainArray(terms.map((t) => String(t.company.boost)))}::smallint[])`.execute(
      trx,
    );
  }
  return { attached: fresh.length, unknownLei, alreadyThere, heldByOther };
}
