import { finished } from "node:stream/promises";
import { CompiledQuery, sql } from "kysely";
import { from as copyFrom } from "pg-copy-streams";
import type { Queryable } from "./store";

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPED = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped, NULL as \N. */
export function copyValue(value: string | null): string {
  if (value === null) return "\\N";
  return NEEDS_ESCAPE.test(value)
    ? value.replace(ESCAPED, (character) => ESCAPES[character] as string)
    : value;
}

/** Rows written into a table by one COPY, in COPY's text format. */
export class CopyRows {
  /**
   * Rows are joined into a string a few hundred at a time and kept as bytes: strings built up row by
   * row are chains of small pieces until they are used, and a batch's worth lived long enough to
   * keep the garbage collector busy.
   */
  readonly #chunks: Buffer[] = [];
  #pending = "";
  #pendingRows = 0;
  #count = 0;

  get count(): number {
    return this.#count;
  }

  /** Adds a row; its values must already be in COPY's text format (see copyValue). */
  addEncoded(values: string): void {
    this.#pending += `${values}\n`;
    this.#count++;
    if (++this.#pendingRows === ROWS_PER_CHUNK) this.#flush();
  }

  add(values: readonly (string | null)[]): void {
    let line = copyValue(values[0] ?? null);
    for (let index = 1; index < values.length; index++) line += `\t${copyValue(values[index] ?? null)}`;
    this.addEncoded(line);
  }

  /** The rows as chunks of bytes. */
  chunks(): Buffer[] {
    this.#flush();
    return this.#chunks;
  }

  #flush(): void {
    if (this.#pendingRows === 0) return;
    this.#chunks.push(Buffer.from(this.#pending));
    this.#pending = "";
    this.#pendingRows = 0;
  }
}

const ROWS_PER_CHUNK = 256;

/**
 * Whether COPY FROM STDIN can be used: it streams through node-postgres on a PostgreSQL server; the
 * embedded database (PGlite, a WebAssembly build that says so in its version) has no such stream.
 */
export async function canCopy(db: Queryable): Promise<boolean> {
  const result = await sql<{ embedded: boolean }>`select version() like '%emscripten%' as embedded`.execute(
    db,
  );
  return result.rows[0]?.embedded === false;
}

/**
 * Writes the rows into the table with `copy ... from stdin` on the connection of `trx`, so that they
 * are part of its transaction. Kysely's node-postgres connection hands a query's text to
 * `client.query` as it is, and node-postgres runs any object with a `submit` method in the
 * connection's turn: the COPY stream goes in as the query (the call returns once it is queued) and
 * the rows are streamed into it; the COPY has ended, or failed, when the stream has finished. Only on
 * a PostgreSQL server (see canCopy).
 */
export async function copyInto(
  trx: Queryable,
  table: string,
  columns: readonly string[],
  rows: CopyRows,
): Promise<void> {
  if (rows.count === 0) return;
  const stream = copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`);
  const done = finished(stream);
  // Awaited below; a failure while the stream waits for its turn must not count as unhandled.
  done.catch(() => {});
  await trx.executeQuery({ ...CompiledQuery.raw(""), sql: stream as unknown as string });
  for (const chunk of rows.chunks()) stream.write(chunk);
  stream.end();
  await done;
}
