import { sql } from "kysely";
import type { Queryable } from "./store";

/**
 * The secondary indexes of the company tables, as the migrations create them. A bulk import into a
 * (nearly) empty register drops them and builds them again at the end, which is several times
 * faster than keeping them up to date row by row.
 */
export const SECONDARY_INDEXES: { name: string; definition: string }[] = [
  // The order in which builds start, each on the next free connection (see ensureSecondaryIndexes):
  // longest first (CPU seconds at 1M companies, one backend alone), so that two connections end
  // close together: the trigram GIN 7.2 and the word suffixes 5.0 start together, the word tails 4.8
  // follows the suffixes, the term btree 3.3 the GIN; then the word company_id index 0.9 and the
  // indexes of company and company_identifier (2.3 or less each), after which the foreign key is
  // checked, and the term company_id index 1.1 and the ANALYZEs fill the end.
  {
    name: "company_search_term_trigram",
    definition: "on company_search_term using gin (term gin_trgm_ops) where not is_identifier",
  },
  {
    name: "company_search_word_suffix",
    definition:
      "on company_search_word (search_boost, suffix, company_id) include (term) where suffix is not null",
  },
  {
    name: "company_search_word_tail",
    definition:
      "on company_search_word (tail) include (search_boost, company_id, term) where tail is not null",
  },
  {
    name: "company_search_term_ordered",
    definition: "on company_search_term (search_boost, term, company_id)",
  },
  { name: "company_search_word_company", definition: "on company_search_word (company_id)" },
  { name: "company_listing", definition: "on company (search_boost, name_key, company_id)" },
  {
    name: "company_basic",
    definition: "on company (company_id) include (company_name, headquarters, country_code, sector, lei)",
  },
  { name: "company_identifier_company", definition: "on company_identifier (company_id)" },
  { name: "company_country", definition: "on company (country_code)" },
  { name: "company_sector", definition: "on company (sector) where sector is not null" },
  { name: "company_search_term_company", definition: "on company_search_term (company_id)" },
  {
    name: "company_search_isin_ordered",
    definition: "on company_search_isin (search_boost, term, company_id)",
  },
  { name: "company_search_isin_company", definition: "on company_search_isin (company_id)" },
];

/** The tables a bulk import writes, which ensureSecondaryIndexes can analyze. */
export const IMPORTED_TABLES: readonly string[] = [
  "company",
  "company_identifier",
  "company_search_term",
  "company_search_word",
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

/** The identifiers' primary key, as the migrations name it (importers tell a held identifier by it). */
export const IDENTIFIER_PRIMARY_KEY = "company_identifier_pkey";

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
  if (index.definition.includes("using gin"))
    await sql`select set_config('maintenance_work_mem', ${GIN_BUILD_MEMORY}, true)`.execute(trx);
  else await useBtreeBuildMemory(trx, parallel);
  await sql.raw(`create index if not exists ${index.name} ${index.definition}`).execute(trx);
}

/**
 * Memory for the btree builds in the rest of the transaction of `trx`: enough for one parallel worker
 * beside the backend when `parallel`, else the runs that sort fastest on one process.
 */
export async function useBtreeBuildMemory(trx: Queryable, parallel: boolean): Promise<void> {
  const memory = parallel ? PARALLEL_BTREE_BUILD_MEMORY : BTREE_BUILD_MEMORY;
  await sql`select set_config('maintenance_work_mem', ${memory}, true)`.execute(trx);
}

/** Builds an index in a transaction of its own (on a server, its own connection). */
async function createIndex(db: Queryable, index: (typeof SECONDARY_INDEXES)[number]): Promise<void> {
  await db.transaction().execute((trx) => buildIndex(trx, index));
}

const tableOf = (index: (typeof SECONDARY_INDEXES)[number]) => index.definition.split(" ")[1] as string;

interface Step {
  run: () => Promise<void>;
  /** Steps that must have ended first: a step would otherwise wait for their locks on its connection. */
  after: Step[];
}

/**
 * Runs the steps, at most `parallel` at a time, each as soon as a slot is free and the steps it comes
 * after have ended; of the steps ready, the one listed first.
 */
async function runSteps(steps: Step[], parallel: number): Promise<void> {
  const waiting = [...steps];
  let running = 0;
  let failure: unknown;
  let settle: () => void = () => {};
  const allEnded = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const finished = new Set<Step>();
  const startReady = (): void => {
    while (failure === undefined && running < parallel) {
      const ready = waiting.findIndex((step) => step.after.every((before) => finished.has(before)));
      if (ready < 0) break;
      const [step] = waiting.splice(ready, 1) as [Step];
      running++;
      step.run().then(
        () => {
          running--;
          finished.add(step);
          startReady();
        },
        (error: unknown) => {
          running--;
          failure ??= error;
          startReady();
        },
      );
    }
    if (running === 0) settle();
  };
  startReady();
  await allEnded;
  if (failure !== undefined) throw failure;
}

/**
 * Creates the secondary indexes (and the foreign key) that are missing, several at a time on a
 * server (each on its own connection) and one after the other on the embedded database, then
 * analyzes `analyze` (tables of IMPORTED_TABLES). The foreign key is checked once the indexes of
 * company and company_identifier are built (its check joins on company_identifier (company_id) and
 * the company key, and it locks both tables against index builds); a table is analyzed once its
 * indexes (and the key, for those two) are done, beside the builds still running, so that the
 * connections end close together instead of analyzing after the last build.
 */
export async function ensureSecondaryIndexes(
  db: Queryable,
  parallel = 1,
  analyze: readonly string[] = [],
): Promise<void> {
  const builds = SECONDARY_INDEXES.map((index): { table: string; step: Step } => ({
    table: tableOf(index),
    step: { run: () => createIndex(db, index), after: [] },
  }));
  const buildsOf = (...tables: string[]) =>
    builds.filter((build) => tables.includes(build.table)).map((build) => build.step);
  const identifierKey: Step = {
    run: () => ensureIdentifierCompanyKey(db),
    after: buildsOf("company", "company_identifier"),
  };
  const analyses = analyze.map(
    (table): Step => ({
      run: async () => {
        await sql`analyze ${sql.id(table)}`.execute(db);
      },
      after: table === "company" || table === "company_identifier" ? [identifierKey] : buildsOf(table),
    }),
  );
  const lastKeyTableBuild = builds.findLastIndex((build) => identifierKey.after.includes(build.step));
  const steps = builds.map((build) => build.step);
  steps.splice(lastKeyTableBuild + 1, 0, identifierKey);
  await runSteps([...steps, ...analyses], Math.max(1, parallel));
}

/**
 * Runs `load` inside the transaction of `trx` with the named secondary indexes dropped (with the
 * identifiers' primary key and their foreign key to companies, when `withIdentifierKeys`), and builds
 * them again after it on the same connection, one after the other: another connection would not see
 * the rows, which are not committed yet, but a parallel worker of the connection does, so on a server
 * (`parallel`) each btree build takes one. For a load adding about as many rows as a table holds (the
 * first ISIN import into a register), as the GLEIF import does for an empty register. The load must
 * not add an identifier twice: the primary key is checked only when it is built again. Dropping an
 * index locks its table against readers until the transaction ends.
 */
export async function loadWithoutIndexes(
  trx: Queryable,
  names: readonly string[],
  withIdentifierKeys: boolean,
  load: () => Promise<void>,
  parallel = false,
): Promise<void> {
  const indexes = SECONDARY_INDEXES.filter((index) => names.includes(index.name));
  for (const index of indexes) await sql`drop index if exists ${sql.id(index.name)}`.execute(trx);
  if (withIdentifierKeys) {
    await sql`alter table company_identifier drop constraint if exists ${sql.id(IDENTIFIER_COMPANY_KEY)}`.execute(
      trx,
    );
    await sql`alter table company_identifier drop constraint ${sql.id(IDENTIFIER_PRIMARY_KEY)}`.execute(trx);
  }
  await load();
  if (withIdentifierKeys) {
    await useBtreeBuildMemory(trx, parallel);
    await sql`alter table company_identifier add constraint ${sql.id(IDENTIFIER_PRIMARY_KEY)}
      primary key (identifier_type, identifier)`.execute(trx);
  }
  for (const index of indexes) await buildIndex(trx, index, parallel);
  if (withIdentifierKeys) await ensureIdentifierCompanyKey(trx);
}
