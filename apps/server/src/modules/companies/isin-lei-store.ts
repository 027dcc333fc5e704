/**
 * SQL for replacing the ISIN-LEI mapping: the pairs go into a temporary table as they arrive (COPY on
 * a PostgreSQL server, unnest on the embedded database); the next mapping is built from it as a table
 * of its own, indexed after it is filled, and put in the old one's place; the ISINs are attached to the
 * companies holding their LEIs by a few set-wise statements. The swap and the attaching run in one
 * transaction; the next mapping is built in it too, or on a server beside it (isin-lei.ts).
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { CopyRows, copyInto } from "./copy-rows";
import { plainArray } from "./import-store";
import { useBtreeBuildMemory } from "./search-indexes";
import type { Queryable } from "./store";

/**
 * The tables next mappings are built in before one takes the mapping's place: each replacement names
 * its own, so that one failed can drop its table after its transaction has ended without touching
 * the table of a replacement that started meanwhile.
 */
const NEXT_MAPPING_PREFIX = "isin_lei_mapping_next_";

/** A name for the next mapping of one replacement. */
export const nextMappingName = (): string => `${NEXT_MAPPING_PREFIX}${randomBytes(6).toString("hex")}`;

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

/** Drops the next mapping `next` if it is there: one a failed replacement built and committed (a server). */
export async function dropNextMapping(db: Queryable, next: string): Promise<void> {
  await sql`drop table if exists ${sql.id(next)}`.execute(db);
}

/**
 * Drops the next mappings that replacements which crashed left, while the transaction of `trx` holds the
 * mapping's lock (no other replacement is under way).
 */
export async function dropLeftNextMappings(trx: Queryable): Promise<void> {
  const left = await sql<{ name: string }>`select relname as name from pg_class
    where relkind = 'r' and relnamespace = current_schema()::regnamespace
      and starts_with(relname, ${NEXT_MAPPING_PREFIX})`.execute(trx);
  for (const { name } of left.rows) await dropNextMapping(trx, name);
}

export interface AttachCounts {
  /** ISINs of the mapping whose LEI a company holds and that no company holds yet. */
  fresh: number;
  unknownLei: number;
  alreadyThere: number;
  heldByOther: number;
}

/**
 * Sorts the next mapping's ISINs by what attaching them means (into a temporary table, one pass over
 * it): the LEI no company holds, the ISIN held by that company already or by another one, or
 * fresh (to be attached). Identifiers are locked against other writers from here on, so the ISINs
 * found fresh are still free when they are attached. The mapping's byte-wise values are compared in the
 * identifiers' collation, so that a small mapping can look them up in the identifier key.
 */
export async function classifyMappedIsins(trx: Queryable, next: string): Promise<AttachCounts> {
  await sql`lock table company_identifier in share row exclusive mode`.execute(trx);
  await sql`create temporary table isin_lei_attach on commit drop as
    select m.isin, c.company_id, c.search_boost, h.company_id as holder
    from ${sql.id(next)} m
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
    from isin_lei_attach`.execute(trx);
  return result.rows[0] as AttachCounts;
}

/**
 * Attaches the fresh ISINs as identifiers with their search terms (company_search_isin; an identifier's
 * term is its folded text: an ISIN in lower case). Into indexes kept in place they go in the order of
 * the index they go into, so that index pages fill one after another; into tables whose indexes are
 * built after the load (`indexed` false) unsorted, since the builds sort them anyway (1.44M ISINs:
 * the sort cost about a second of the identifiers' 2.6 s).
 */
export async function attachFreshIsins(trx: Queryable, indexed: boolean): Promise<void> {
  await sql`insert into company_identifier (identifier_type, identifier, company_id)
    select 'Isin', isin, company_id from isin_lei_attach
    where company_id is not null and holder is null ${indexed ? sql`order by isin` : sql``}`.execute(trx);
  await sql`insert into company_search_isin (company_id, term, search_boost)
    select company_id, lower(isin), search_boost from isin_lei_attach
    where company_id is not null and holder is null
    ${indexed ? sql`order by search_boost, lower(isin)` : sql``}`.execute(trx);
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
