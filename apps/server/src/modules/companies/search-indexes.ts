import { sql } from "kysely";
import type { Queryable } from "./store";

/**
 * The secondary indexes of the company tables, as the migrations create them. A bulk import into a
 * (nearly) empty register drops them and builds them again at the end, which is several times
 * faster than keeping them up to date row by row.
 */
export const SECONDARY_INDEXES: { name: string; definition: string }[] = [
  // In build order (CPU seconds at 1M companies): the two longest first (trigram GIN 5.8, word
  // btree 5.0), then the indexes of company and company_identifier (1.2 or less each), after which
  // the foreign key is checked while the other connection builds the rest (term btree 2.7, the
  // company_id indexes 1.5 and 1.1), so that parallel builds end close together.
  {
    name: "company_search_term_trigram",
    definition: "on company_search_term using gin (term gin_trgm_ops) where not is_identifier",
  },
  {
    name: "company_search_word_ordered",
    definition: "on company_search_word (search_boost, suffix, company_id) include (term)",
  },
  { name: "company_listing", definition: "on company (search_boost, name_key, company_id)" },
  {
    name: "company_basic",
    definition: "on company (company_id) include (company_name, headquarters, country_code, sector, lei)",
  },
  { name: "company_identifier_company", definition: "on company_identifier (company_id)" },
  { name: "company_country", definition: "on company (country_code)" },
  { name: "company_sector", definition: "on company (sector) where sector is not null" },
  {
    name: "company_search_term_ordered",
    definition: "on company_search_term (search_boost, term, company_id)",
  },
  { name: "company_search_word_company", definition: "on company_search_word (company_id)" },
  { name: "company_search_term_company", definition: "on company_search_term (company_id)" },
];

/**
 * Memory for building an index. A btree build sorts its rows in runs of this size and merges them:
 * runs that stay in the CPU cache sort much faster than one big run in memory (at 1M companies the
 * word index took 5.0 CPU-s with 4MB, 8.8 with 256MB, 11.5 with 1GB on a server; 1.8 s instead of
 * 2.6 with 64MB on the embedded database at 200,000). A GIN build collects its entries in memory and
 * gains nothing from less.
 */
const BTREE_BUILD_MEMORY = "4MB";
const GIN_BUILD_MEMORY = "256MB";

/**
 * Memory for a btree build that may take a parallel worker beside the backend: PostgreSQL wants 32MB
 * per participant, so this allows at most one worker, the second core of a small server. It costs
 * about the CPU of the 4MB build, shared by two processes.
 */
const PARALLEL_BTREE_BUILD_MEMORY = "64MB";

/**
 * The foreign key from identifiers to companies is checked row by row by a trigger, which costs more
 * than the insert itself (3x on 200,000 rows); added back after the load it is checked by one join.
 */
const IDENTIFIER_COMPANY_KEY = "company_identifier_company_id_fkey";

export async function dropSecondaryIndexes(db: Queryable): Promise<void> {
  for (const index of SECONDARY_INDEXES) await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
  await sql`alter table company_identifier drop constraint if exists ${sql.id(IDENTIFIER_COMPANY_KEY)}`.execute(
    db,
  );
}

async function ensureIdentifierCompanyKey(db: Queryable): Promise<void> {
  const present = await sql`select 1 from pg_constraint
    where conrelid = 'company_identifier'::regclass and conname = ${IDENTIFIER_COMPANY_KEY}`.execute(db);
  if (present.rows.length > 0) return;
  await sql`alter table company_identifier add constraint ${sql.id(IDENTIFIER_COMPANY_KEY)}
    foreign key (company_id) references company (company_id) on delete cascade`.execute(db);
}

/**
 * Builds an index with the memory its kind builds best with, for the rest of the transaction of `trx`;
 * a btree with a parallel worker when `parallel` (a server: the embedded database has none).
 */
async function buildIndex(
  trx: Queryable,
  index: (typeof SECONDARY_INDEXES)[number],
  parallel = false,
): Promise<void> {
  const btreeMemory = parallel ? PARALLEL_BTREE_BUILD_MEMORY : BTREE_BUILD_MEMORY;
  const memory = index.definition.includes("using gin") ? GIN_BUILD_MEMORY : btreeMemory;
  await sql`select set_config('maintenance_work_mem', ${memory}, true)`.execute(trx);
  await sql.raw(`create index if not exists ${index.name} ${index.definition}`).execute(trx);
}

/** Builds an index in a transaction of its own (on a server, its own connection). */
async function createIndex(db: Queryable, index: (typeof SECONDARY_INDEXES)[number]): Promise<void> {
  await db.transaction().execute((trx) => buildIndex(trx, index));
}

/** Whether an index is on one of the tables the foreign key joins. */
const onKeyTable = (index: (typeof SECONDARY_INDEXES)[number]) =>
  /^on company(_identifier)? /.test(index.definition);

/**
 * Creates the secondary indexes (and the foreign key) that are missing, several at a time on a
 * server (each on its own connection) and one after the other on the embedded database. The foreign
 * key is checked right after the last index of its tables (its check joins on company_identifier
 * (company_id) and the company key); while a build on those tables still runs, it waits for it.
 */
export async function ensureSecondaryIndexes(db: Queryable, parallel = 1): Promise<void> {
  const steps: (() => Promise<void>)[] = SECONDARY_INDEXES.map((index) => () => createIndex(db, index));
  steps.splice(SECONDARY_INDEXES.findLastIndex(onKeyTable) + 1, 0, () => ensureIdentifierCompanyKey(db));
  // Taken from the end: reversed, the steps run in the order above.
  const queue = steps.reverse();
  const worker = async () => {
    for (let step = queue.pop(); step; step = queue.pop()) await step();
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
}

/**
 * Runs `load` inside the transaction of `trx` with the named secondary indexes dropped (with the
 * foreign key from identifiers to companies, when `withIdentifierKey`), and builds them again after it
 * on the same connection, one after the other: another connection would not see the rows, which are
 * not committed yet, but a parallel worker of the connection does, so on a server (`parallel`) each
 * btree build takes one. For a load adding about as many rows as a table holds (the first ISIN import
 * into a register), as the GLEIF import does for an empty register. Dropping an index locks its table
 * against readers until the transaction ends.
 */
export async function loadWithoutIndexes(
  trx: Queryable,
  names: readonly string[],
  withIdentifierKey: boolean,
  load: () => Promise<void>,
  parallel = false,
): Promise<void> {
  const indexes = SECONDARY_INDEXES.filter((index) => names.includes(index.name));
  for (const index of indexes) await sql`drop index if exists ${sql.id(index.name)}`.execute(trx);
  if (withIdentifierKey)
    await sql`alter table company_identifier drop constraint if exists ${sql.id(IDENTIFIER_COMPANY_KEY)}`.execute(
      trx,
    );
  await load();
  for (const index of indexes) await buildIndex(trx, index, parallel);
  if (withIdentifierKey) await ensureIdentifierCompanyKey(trx);
}
