/**
 * SQL for replacing the ISIN-LEI mapping: the pairs go into a temporary table as they arrive (COPY on
 * a PostgreSQL server, unnest on the embedded database); the next mapping is built from it as a table
 * of its own, indexed after it is filled, and put in the old one's place; the mapped ISINs are sorted
 * by what attaching them means into a table of their own (the classification), from which the
 * identifiers are attached in place and the ISINs' search terms either added in place or, for a bulk
 * load, built as a next terms table that takes the old one's place. The swaps and the identifiers run
 * in one transaction; the other tables are built in it too, or on a server beside it (isin-lei.ts).
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { CopyRows, copyInto } from "./copy-rows";
import { plainArray } from "./import-store";
import { SECONDARY_INDEXES, useBtreeBuildMemory } from "./search-indexes";
import type { Queryable } from "./store";

/**
 * The tables a replacement builds before they are used or take an old table's place: each
 * replacement names its own, so that one failed can drop its tables after its transaction has ended
 * without touching those of a replacement that started meanwhile.
 */
const TABLE_PREFIXES = {
  next: "isin_lei_mapping_next_",
  attach: "isin_lei_attach_",
  nextTerms: "company_search_isin_next_",
} as const;

/** The tables of one replacement (see TABLE_PREFIXES). */
export type ReplacementTables = Record<keyof typeof TABLE_PREFIXES, string>;

export function replacementTables(): ReplacementTables {
  const suffix = randomBytes(6).toString("hex");
  return {
    next: `${TABLE_PREFIXES.next}${suffix}`,
    attach: `${TABLE_PREFIXES.attach}${suffix}`,
    nextTerms: `${TABLE_PREFIXES.nextTerms}${suffix}`,
  };
}

/**
 * Starts a replacement in the transaction that will swap the mapping: no other replacement may run
 * beside it (two would classify and attach against the same identifiers, and the later swap would
 * drop the mapping the other just put in), while reads of the mapping go on until the swap.
 */
export async function startReplacement(trx: Queryable): Promise<void> {
  await sql`lock table isin_lei_mapping in exclusive mode`.execute(trx);
  await useMemoryForJoins(trx);
}

/**
 * Locks the identifiers and the ISINs' search terms against other writers for the rest of the
 * transaction of `trx`, once the pairs are in (an upload may be slow to arrive): the classification
 * that follows, on this or another connection, then stays true until the ISINs are attached, and a
 * next terms table copies every term there is. Reads go on. In the order in which writing a company
 * takes them (identifiers first), so that a company written meanwhile waits instead of deadlocking.
 */
export async function lockAttachTargets(trx: Queryable): Promise<void> {
  await sql`lock table company_identifier in share row exclusive mode`.execute(trx);
  await sql`lock table company_search_isin in share row exclusive mode`.execute(trx);
}

/**
 * The sorts and hash joins of a replacement take a few hundred thousand to millions of rows: in memory
 * they cost a fraction of sorting in files of 4 MB. For the rest of the transaction.
 */
async function useMemoryForJoins(trx: Queryable): Promise<void> {
  await sql`select set_config('work_mem', '256MB', true)`.execute(trx);
}

/** Creates the table of incoming pairs, dropped when the transaction of `trx` ends. */
export async function startIncomingPairs(trx: Queryable): Promise<void> {
  await useMemoryForJoins(trx);
  // Byte-wise, as the mapping's columns (migration 012): the pairs are sorted by ISIN.
  await sql`create temporary table isin_lei_incoming (isin text collate "C" not null, lei text collate "C" not null,
    seq integer not null) on commit drop`.execute(trx);
}

/**
 * Adds pairs to the incoming ones; `firstSeq` numbers them in the order read, so that an ISIN met
 * again takes its later LEI. The pairs are checked (readIsinLeiPair), so they need no escaping.
 */
export async function addIncomingPairs(
  trx: Queryable,
  pairs: readonly { lei: string; isin: string }[],
  firstSeq: number,
  copy: boolean,
): Promise<void> {
  if (pairs.length === 0) return;
  if (copy) {
    const rows = new CopyRows();
    let seq = firstSeq;
    for (const pair of pairs) rows.row(3).text(pair.isin).text(pair.lei).integer(seq++);
    await copyInto(trx, "isin_lei_incoming", ["isin", "lei", "seq"], rows);
    return;
  }
  await sql`insert into isin_lei_incoming (isin, lei, seq)
    select * from unnest(${plainArray(pairs.map((pair) => pair.isin))}::text[],
      ${plainArray(pairs.map((pair) => pair.lei))}::text[],
      ${plainArray(pairs.map((_, index) => firstSeq + index))}::integer[])`.execute(trx);
}

/**
 * Fills the next mapping with the incoming pairs, one pair per ISIN (its last), in the transaction
 * that holds them. Its columns are byte-wise (collate "C", migration 012: sorts and index builds
 * several times cheaper than in the database's collation); the pairs go in sorted by ISIN, so that
 * its key then finds them in order.
 */
export async function fillNextMapping(trx: Queryable, next: string): Promise<void> {
  await sql`create table ${sql.id(next)} (isin text collate "C" not null, lei text collate "C" not null)`.execute(
    trx,
  );
  await sql`insert into ${sql.id(next)} (isin, lei)
    select distinct on (isin) isin, lei from isin_lei_incoming order by isin, seq desc`.execute(trx);
}

/**
 * Indexes the next mapping after it is filled, each index built by one sort instead of taking the
 * rows one by one: a unique index on the ISINs, which becomes the primary key at the swap, and the
 * LEIs' index. On a server this runs on a connection of its own, beside the transaction attaching the
 * ISINs, so each build stays on one process (4 MB runs, no parallel worker taking the core that
 * transaction works on).
 */
export async function indexNextMapping(
  trx: Queryable,
  next: string,
  besideAttaching: boolean,
): Promise<void> {
  if (besideAttaching) await useBtreeBuildMemory(trx, false);
  await sql`create unique index ${sql.id(`${next}_isin`)} on ${sql.id(next)} (isin)`.execute(trx);
  await sql`create index ${sql.id(`${next}_lei`)} on ${sql.id(next)} (lei, isin)`.execute(trx);
}

/**
 * Puts the indexed next mapping in the mapping's place, with the migration's names; the old table is
 * dropped only now, so its readers wait for the swap alone.
 */
export async function swapInNextMapping(trx: Queryable, next: string): Promise<void> {
  await sql`drop table isin_lei_mapping`.execute(trx);
  // The unique index becomes the key, named after it.
  await sql`alter table ${sql.id(next)} add constraint isin_lei_mapping_pkey
    primary key using index ${sql.id(`${next}_isin`)}`.execute(trx);
  await sql`alter table ${sql.id(next)} rename to isin_lei_mapping`.execute(trx);
  await sql`alter index ${sql.id(`${next}_lei`)} rename to isin_lei_mapping_lei`.execute(trx);
}

/** Drops the tables of a replacement that are there: those a failed replacement built and committed (a server). */
export async function dropReplacementTables(db: Queryable, tables: ReplacementTables): Promise<void> {
  for (const table of Object.values(tables)) await sql`drop table if exists ${sql.id(table)}`.execute(db);
}

/**
 * Drops the tables that replacements which crashed left, while the transaction of `trx` holds the
 * mapping's lock (no other replacement is under way).
 */
export async function dropLeftReplacementTables(trx: Queryable): Promise<void> {
  const left = await sql<{ name: string }>`select relname as name from pg_class
    where relkind = 'r' and relnamespace = current_schema()::regnamespace
      and (${sql.join(
        Object.values(TABLE_PREFIXES).map((prefix) => sql`starts_with(relname, ${prefix})`),
        sql` or `,
      )})`.execute(trx);
  for (const { name } of left.rows) await sql`drop table if exists ${sql.id(name)}`.execute(trx);
}

export interface AttachCounts {
  /** ISINs of the mapping whose LEI a company holds and that no company holds yet. */
  fresh: number;
  unknownLei: number;
  alreadyThere: number;
  heldByOther: number;
}

/**
 * Sorts the next mapping's ISINs by what attaching them means into the table `tables.attach` (one
 * pass over the mapping): the LEI no company holds, the ISIN held by that company already or by
 * another one, or fresh (to be attached); and counts them. The identifiers must be locked against
 * other writers (lockAttachTargets) for as long as this is used. The mapping's byte-wise values are
 * compared in the identifiers' collation, so that a small mapping can look them up in the identifier
 * key. Not logged: it is rebuilt by running the replacement again.
 */
export async function classifyMappedIsins(trx: Queryable, tables: ReplacementTables): Promise<AttachCounts> {
  await useMemoryForJoins(trx);
  await sql`create unlogged table ${sql.id(tables.attach)} as
    select m.isin, c.company_id, c.search_boost, h.company_id as holder
    from ${sql.id(tables.next)} m
    left join company_identifier i on i.identifier_type = 'Lei' and i.identifier = m.lei collate "default"
    left join company c on c.company_id = i.company_id
    left join company_identifier h on h.identifier_type = 'Isin' and h.identifier = m.isin collate "default"`.execute(
    trx,
  );
  const result = await sql<AttachCounts>`select
      count(*) filter (where company_id is not null and holder is null)::int as fresh,
      count(*) filter (where company_id is null)::int as "unknownLei",
      count(*) filter (where holder = company_id)::int as "alreadyThere",
      count(*) filter (where holder <> company_id)::int as "heldByOther"
    from ${sql.id(tables.attach)}`.execute(trx);
  return result.rows[0] as AttachCounts;
}

/** Drops the classification once the ISINs are attached, in the transaction that attached them. */
export async function dropClassification(trx: Queryable, tables: ReplacementTables): Promise<void> {
  await sql`drop table ${sql.id(tables.attach)}`.execute(trx);
}

/** The fresh ISINs of the classification with their companies, the rule of attaching in one place. */
const freshIsins = (tables: ReplacementTables) =>
  sql`from ${sql.id(tables.attach)} where company_id is not null and holder is null`;

/**
 * Attaches the fresh ISINs as identifiers. Into a key kept in place they go in its order, so that its
 * pages fill one after another; into a key built after the load (`indexed` false) unsorted, since the
 * build sorts them anyway (1.44M ISINs: the sort cost about a second of the identifiers' 2.6 s).
 */
export async function attachFreshIdentifiers(
  trx: Queryable,
  tables: ReplacementTables,
  indexed: boolean,
): Promise<void> {
  await sql`insert into company_identifier (identifier_type, identifier, company_id)
    select 'Isin', isin, company_id ${freshIsins(tables)} ${indexed ? sql`order by isin` : sql``}`.execute(
    trx,
  );
}

/**
 * The search term of each fresh ISIN (an identifier's term is its folded text: an ISIN in lower case),
 * as columns company_id, term, search_boost.
 */
const freshIsinTerms = (tables: ReplacementTables) =>
  sql`select company_id, lower(isin), search_boost ${freshIsins(tables)}`;

/** Adds the fresh ISINs' search terms to their table, in the order of its ranked index. */
export async function attachFreshIsinTerms(trx: Queryable, tables: ReplacementTables): Promise<void> {
  await sql`insert into company_search_isin (company_id, term, search_boost)
    ${freshIsinTerms(tables)} order by search_boost, lower(isin)`.execute(trx);
}

/** The indexes of company_search_isin as SECONDARY_INDEXES defines them, for a table `table` standing in for it. */
const isinTermIndexes = (table: string) =>
  SECONDARY_INDEXES.filter((index) => index.definition.startsWith("on company_search_isin ")).map(
    (index) => ({
      name: index.name,
      stagedName: `${table}_${index.name.slice("company_search_isin_".length)}`,
      definition: index.definition.replace("on company_search_isin ", `on ${table} `),
    }),
  );

/**
 * Builds the next ISIN terms table, `tables.nextTerms`: the terms there are and those of the fresh
 * ISINs, then its indexes, each built by one sort after the rows (the bulk load of a first mapping).
 * On a server this runs on a connection of its own, beside the transaction attaching the identifiers,
 * one process per build (4 MB runs); the lock on the terms (lockAttachTargets) keeps them as they
 * are meanwhile.
 */
export async function buildNextIsinTerms(
  trx: Queryable,
  tables: ReplacementTables,
  besideAttaching: boolean,
): Promise<void> {
  const next = sql.id(tables.nextTerms);
  await sql`create table ${next} (like company_search_isin)`.execute(trx);
  await sql`insert into ${next} (company_id, term, search_boost)
    select company_id, term, search_boost from company_search_isin`.execute(trx);
  await sql`insert into ${next} (company_id, term, search_boost) ${freshIsinTerms(tables)}`.execute(trx);
  if (besideAttaching) await useBtreeBuildMemory(trx, false);
  for (const index of isinTermIndexes(tables.nextTerms))
    await sql.raw(`create index ${index.stagedName} ${index.definition}`).execute(trx);
}

/** Puts the next ISIN terms table in the old one's place, with the migration's names. */
export async function swapInNextIsinTerms(trx: Queryable, tables: ReplacementTables): Promise<void> {
  await sql`drop table company_search_isin`.execute(trx);
  await sql`alter table ${sql.id(tables.nextTerms)} rename to company_search_isin`.execute(trx);
  for (const index of isinTermIndexes(tables.nextTerms))
    await sql`alter index ${sql.id(index.stagedName)} rename to ${sql.id(index.name)}`.execute(trx);
}

/** The rows of company_identifier, to judge whether attaching a number of ISINs is a bulk load. */
export async function countIdentifiers(trx: Queryable): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from company_identifier`.execute(trx);
  return result.rows[0]?.n ?? 0;
}

/** The ISINs the mapping gives an LEI, in order. */
export async function selectIsinsOfLei(db: Queryable, lei: string): Promise<string[]> {
  const result = await sql<{ isin: string }>`
    select isin from isin_lei_mapping where lei = ${lei} order by isin`.execute(db);
  return result.rows.map((row) => row.isin);
}
