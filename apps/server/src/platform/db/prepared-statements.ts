import { createHash } from "node:crypto";
import type { Compilable, CompiledQuery } from "kysely";
import type pg from "pg";

/**
 * Put at the very start of a statement's SQL to have a PostgreSQL server keep it prepared on each
 * connection. An unnamed statement is parsed and planned again on every execution; for the large
 * multi-table inserts of an upload that planning cost more than a millisecond of the database's
 * time each, while a prepared one settles on a generic plan after its first executions. Only
 * statements with a fixed text should carry it: each distinct text stays prepared for the life of
 * the connection. The embedded database reads it as the comment it is.
 */
export const PREPARED = "/* prepared */";

const namesByText = new Map<string, string>();

/** The same text always gets the same name, so a connection prepares it once. */
function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `openverde_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    namesByText.set(text, name);
  }
  return name;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Runs marked statements as named (prepared) ones on every client the pool connects. */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (config, values, callback) =>
      typeof config === "string" && config.startsWith(PREPARED)
        ? query({ name: statementName(config), text: config, values }, callback)
        : query(config, values, callback);
  });
}

/** A Kysely query marked to be kept prepared; for queries whose text does not vary between calls. */
export function prepared<O>(query: Compilable<O>): CompiledQuery<O> {
  const compiled = query.compile();
  return { ...compiled, sql: `${PREPARED} ${compiled.sql}` };
}
