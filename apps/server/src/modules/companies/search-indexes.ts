import { sql } from "kysely";
import type { Queryable } from "./store";

/**
 * The secondary indexes of the company tables, as the migrations create them. A bulk import into a
 * (nearly) empty register drops them and builds them again at the end, which is several times
 * faster than keeping them up to date row by row.
 */
export const SECONDARY_INDEXES: { name: string; definition: string }[] = [
  // Longest builds first (trigram GIN 4.8 s, word btree 3.2 s, term btree 1.5 s of 12.5 s at
  // 200,000 companies), so that parallel builds end close together.
  {
    name: "company_search_term_trigram",
    definition: "on company_search_term using gin (term gin_trgm_ops) where not is_identifier",
  },
  {
    name: "company_search_word_ordered",
    definition: "on company_search_word (search_boost, suffix, company_id) include (term)",
  },
  {
    name: "company_search_term_ordered",
    definition: "on company_search_term (search_boost, term, company_id)",
  },
  { name: "company_listing", definition: "on company (search_boost, name_key, company_id)" },
  {
    name: "company_basic",
    definition: "on company (company_id) include (company_name, headquarters, country_code, sector, lei)",
  },
  { name: "company_search_word_company", definition: "on company_search_word (company_id)" },
  { name: "company_search_term_company", definition: "on company_search_term (company_id)" },
  { name: "company_country", definition: "on company (country_code)" },
  { name: "company_sector", definition: "on company (sector) where sector is not null" },
  { name: "company_identifier_company", definition: "on company_identifier (company_id)" },
];

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
 * Creates the secondary indexes (and the foreign key) that are missing, several at a time on a server (each on its own
 * connection) and one after the other on the embedded database.
 */
export async function ensureSecondaryIndexes(db: Queryable, parallel = 1): Promise<void> {
  // Taken from the end: reversed, the longest builds come first.
  const queue = [...SECONDARY_INDEXES].reverse();
  const worker = async () => {
    for (let index = queue.pop(); index; index = queue.pop()) {
      const statement = `create index if not exists ${index.name} ${index.definition}`;
      if (parallel > 1) {
        await db.connection().execute(async (connection) => {
          await sql`set maintenance_work_mem = '256MB'`.execute(connection);
          await sql.raw(statement).execute(connection);
        });
      } else await sql.raw(statement).execute(db);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  // After the indexes: the check joins on company_identifier (company_id) and the company key.
  await ensureIdentifierCompanyKey(db);
}
