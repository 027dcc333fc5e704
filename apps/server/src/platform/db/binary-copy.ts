import type { CompiledQuery } from "kysely";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** One row as PostgreSQL's binary format writes it: a column's raw bytes, or null for SQL NULL. */
export type BinaryRow = (Buffer | null)[];

/**
 * Runs a select and returns its rows in PostgreSQL's binary format (for bytea, the bytes
 * themselves), outside any transaction. node-postgres decodes every ordinary result value as text, so
 * bytea would cross the socket as hex, twice its size, encoded by the server and decoded here;
 * `copy (select ...) to stdout (format binary)` sends rows as they are. COPY takes no bound
 * parameters, so the query's parameters are written into its text as literals: the text must hold
 * `$n` only as Kysely's placeholders, and parameters may only be strings and numbers.
 */
export type SelectBinary = (query: CompiledQuery) => Promise<BinaryRow[]>;

/** A query's parameters written into its text as literals, for statements that cannot bind them. */
function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_placeholder, position: string) => {
    const value = query.parameters[Number(position) - 1];
    if (typeof value === "string") return pg.escapeLiteral(value);
    if (typeof value === "number" && Number.isFinite(value)) return `(${value})`;
    throw new TypeError(`Parameter $${position} cannot be written as a literal: ${typeof value}.`);
  });
}

const COPY_SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** Signature, flags (int32) and the length of the header extension (int32). */
const COPY_HEADER_BYTES = COPY_SIGNATURE.length + 8;

/**
 * Reassembles rows from the chunks of a binary COPY. A chunk may hold a piece of a row (a 256 KiB
 * value arrives in several socket reads) or several rows, so chunks are kept until the row they
 * belong to is complete: joining them on every chunk would copy a large value over and over. Chunks
 * are copied when kept, since the stream may reuse their memory once it has handed them over.
 */
export class BinaryCopyRows {
  readonly rows: BinaryRow[] = [];
  #pieces: Buffer[] = [];
  #pendingLength = 0;
  /** How many pending bytes the row (or header) being read needs before another look is worthwhile. */
  #needed = 0;
  #headerSkipped = false;
  #ended = false;

  add(chunk: Buffer): void {
    this.#pieces.push(Buffer.from(chunk));
    this.#pendingLength += chunk.length;
    if (this.#pendingLength < this.#needed || this.#ended) return;
    const bytes = this.#pieces.length === 1 ? (this.#pieces[0] as Buffer) : Buffer.concat(this.#pieces);
    let at = this.#headerSkipped ? 0 : this.#skipHeader(bytes);
    while (at >= 0 && !this.#ended) at = this.#readRow(bytes, at);
    const rest = at < 0 ? bytes.subarray(-at - 1) : bytes.subarray(at);
    this.#pieces = rest.length > 0 ? [rest] : [];
    this.#pendingLength = rest.length;
  }

  finish(): BinaryRow[] {
    if (!this.#ended || this.#pendingLength > 0) throw new Error("The binary COPY ended incomplete.");
    return this.rows;
  }

  /** Where the first row starts, or -1 (incomplete at 0, as #readRow marks it) when the header is not all here yet. */
  #skipHeader(bytes: Buffer): number {
    if (bytes.length < COPY_HEADER_BYTES) return this.#incomplete(0, COPY_HEADER_BYTES);
    if (!bytes.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE))
      throw new Error("The binary COPY does not start with its signature.");
    const start = COPY_HEADER_BYTES + bytes.readUInt32BE(COPY_HEADER_BYTES - 4);
    if (bytes.length < start) return this.#incomplete(0, start);
    this.#headerSkipped = true;
    return start;
  }

  /** Reads the row at `at` and returns where the next starts, or -1 - at when it is not all here. */
  #readRow(bytes: Buffer, at: number): number {
    if (bytes.length < at + 2) return this.#incomplete(at, 2);
    const columns = bytes.readInt16BE(at);
    if (columns === -1) {
      this.#ended = true;
      return at + 2;
    }
    const row: BinaryRow = [];
    let next = at + 2;
    for (let column = 0; column < columns; column++) {
      if (bytes.length < next + 4) return this.#incomplete(at, next + 4 - at);
      const length = bytes.readInt32BE(next);
      next += 4;
      if (length === -1) {
        row.push(null);
        continue;
      }
      if (bytes.length < next + length) return this.#incomplete(at, next + length - at);
      // The bytes are this reader's own copy, so the values may share their memory.
      row.push(bytes.subarray(next, next + length));
      next += length;
    }
    this.rows.push(row);
    this.#needed = 0;
    return next;
  }

  /** Marks the read at `at` as waiting for `needed` bytes from there; returns -1 - at. */
  #incomplete(at: number, needed: number): number {
    this.#needed = needed;
    return -1 - at;
  }
}

/**
 * `readTimeoutMs` bounds the wait for each piece of the COPY (0 for none): a database that froze
 * mid-COPY cannot end it itself, and the error it ends with counts as the database being unavailable.
 */
export async function selectBinaryOn(
  pool: pg.Pool,
  query: CompiledQuery,
  readTimeoutMs = 0,
): Promise<BinaryRow[]> {
  const client = await pool.connect();
  let failure: Error | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const rows = new BinaryCopyRows();
    const stream = client.query(copyTo(`copy (${inlineParameters(query)}) to stdout (format binary)`));
    const wait = () => {
      if (readTimeoutMs <= 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => stream.destroy(new Error("Query read timeout")), readTimeoutMs);
    };
    wait();
    for await (const chunk of stream) {
      wait();
      rows.add(chunk as Buffer);
    }
    return rows.finish();
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    clearTimeout(timer);
    // A broken connection must not go back to the pool; an error PostgreSQL reported leaves it usable.
    client.release(failure && !(failure instanceof pg.DatabaseError) ? failure : undefined);
  }
}
