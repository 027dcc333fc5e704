import { finished } from "node:stream/promises";
import { CompiledQuery, sql } from "kysely";
import { from as copyFrom } from "pg-copy-streams";
import type { Queryable } from "./store";

/** Signature, flags (int32, none) and the length of the header extension (int32, none). */
const HEADER = Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(8)]);
const CHUNK_BYTES = 256 * 1024;
/** PostgreSQL's type oid of text, which a text[] value names for its elements. */
const TEXT_OID = 25;

/** The value of a hexadecimal digit's character code, for uuids. */
const HEX_VALUES = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) {
  HEX_VALUES[digit.toString(16).charCodeAt(0)] = digit;
  HEX_VALUES[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
}

/**
 * The last uuid read from its text, shared by every CopyRows: a company's rows in the four tables of
 * an import follow one another (its company and identifier rows, then its search rows), so its id is
 * read from the text about twice instead of once per table.
 */
let lastUuid = "";
const lastUuidBytes = new Uint8Array(16);

const viewOf = (buffer: Buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/**
 * Rows written into a table by one COPY, in COPY's binary format: PostgreSQL stores the values as they
 * come instead of parsing text (at 1M companies, parsing the uuids of the text format alone was about
 * an eighth of its CPU for the rows, then the escapes, the arrays and the numbers). A row is its field
 * count (`row`) followed by its values in column order, each written by the method of its type. Values
 * go straight into chunks of bytes, so a batch leaves no strings behind for the garbage collector.
 */
export class CopyRows {
  readonly #chunks: Buffer[] = [];
  #buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  /**
   * The chunk as a DataView, for the lengths and numbers: its setters are compiled inline, where
   * Buffer's writeInt32BE checks its arguments in a call for each (every value has a length).
   */
  #view = viewOf(this.#buffer);
  #offset = HEADER.copy(this.#buffer, 0);
  #count = 0;
  #lastRepeated: string | undefined;
  /** The UTF-8 bytes of #lastRepeated (at the front). */
  #repeatedBytes = new Uint8Array(256);
  #repeatedLength = 0;

  get count(): number {
    return this.#count;
  }

  /** Starts a row of `fields` values. */
  row(fields: number): this {
    this.#reserve(2);
    this.#offset = this.#int16(fields, this.#offset);
    this.#count++;
    return this;
  }

  /** A uuid in its usual text form (hexadecimal digits and dashes), which must be valid. */
  uuid(value: string): this {
    if (value !== lastUuid) {
      const bytes = lastUuidBytes;
      let byte = 0;
      for (let index = 0; index < value.length; index++) {
        const high = value.charCodeAt(index);
        if (high === 45) continue; // -
        bytes[byte++] =
          ((HEX_VALUES[high] as number) << 4) | (HEX_VALUES[value.charCodeAt(++index)] as number);
      }
      lastUuid = value;
    }
    this.#reserve(20);
    const offset = this.#int32(16, this.#offset);
    this.#buffer.set(lastUuidBytes, offset);
    this.#offset = offset + 16;
    return this;
  }

  text(value: string | null): this {
    if (value === null) return this.#null();
    // UTF-8 takes at most 3 bytes for a UTF-16 code unit.
    this.#reserve(4 + 3 * value.length);
    this.#offset = this.#utf8(value, this.#offset);
    return this;
  }

  /**
   * A text that is often the one of the previous call (a name on each of its word rows): its bytes
   * are then copied from that call instead of encoded again.
   */
  repeatedText(value: string): this {
    if (value === this.#lastRepeated) {
      const length = this.#repeatedLength;
      this.#reserve(4 + length);
      const offset = this.#int32(length, this.#offset);
      this.#buffer.set(this.#repeatedBytes.subarray(0, length), offset);
      this.#offset = offset + length;
      return this;
    }
    this.#reserve(4 + 3 * value.length);
    const start = this.#offset;
    this.#offset = this.#utf8(value, start);
    const length = this.#offset - start - 4;
    if (this.#repeatedBytes.length < length) this.#repeatedBytes = new Uint8Array(2 * length);
    this.#repeatedBytes.set(this.#buffer.subarray(start + 4, this.#offset));
    this.#repeatedLength = length;
    this.#lastRepeated = value;
    return this;
  }

  /** A one-dimensional text[] of values without NULLs. */
  textArray(values: readonly string[]): this {
    if (values.length === 0) {
      this.#reserve(16);
      // Dimensions 0, no NULLs, the element type.
      let offset = this.#int32(12, this.#offset);
      offset = this.#int32(0, offset);
      offset = this.#int32(0, offset);
      this.#offset = this.#int32(TEXT_OID, offset);
      return this;
    }
    let bytes = 24;
    for (const value of values) bytes += 4 + 3 * value.length;
    this.#reserve(bytes);
    const start = this.#offset;
    // Dimensions, no NULLs, the element type, the length and lower bound of the dimension.
    let offset = this.#int32(1, start + 4);
    offset = this.#int32(0, offset);
    offset = this.#int32(TEXT_OID, offset);
    offset = this.#int32(values.length, offset);
    offset = this.#int32(1, offset);
    for (const value of values) offset = this.#utf8(value, offset);
    this.#int32(offset - start - 4, start);
    this.#offset = offset;
    return this;
  }

  smallint(value: number): this {
    this.#reserve(6);
    this.#offset = this.#int16(value, this.#int32(2, this.#offset));
    return this;
  }

  integer(value: number): this {
    this.#reserve(8);
    this.#offset = this.#int32(value, this.#int32(4, this.#offset));
    return this;
  }

  boolean(value: boolean): this {
    this.#reserve(5);
    const offset = this.#int32(1, this.#offset);
    this.#buffer[offset] = value ? 1 : 0;
    this.#offset = offset + 1;
    return this;
  }

  /** The rows as chunks of bytes, ended by the trailer. */
  chunks(): Buffer[] {
    this.#reserve(2);
    this.#offset = this.#int16(-1, this.#offset);
    this.#chunks.push(this.#buffer.subarray(0, this.#offset));
    this.#buffer = Buffer.alloc(0);
    this.#view = viewOf(this.#buffer);
    this.#offset = 0;
    return this.#chunks;
  }

  /** Writes a big-endian int32 at `offset` (room reserved) and returns where it ends. */
  #int32(value: number, offset: number): number {
    this.#view.setInt32(offset, value);
    return offset + 4;
  }

  #int16(value: number, offset: number): number {
    this.#view.setInt16(offset, value);
    return offset + 2;
  }

  #null(): this {
    this.#reserve(4);
    this.#offset = this.#int32(-1, this.#offset);
    return this;
  }

  /**
   * Writes the value's length and its UTF-8 bytes at `offset` (room reserved) and returns where they
   * end. Most values are short and ASCII: copied character by character here, which costs less than
   * a call into the encoder; the encoder takes over at the first other character.
   */
  #utf8(value: string, offset: number): number {
    const buffer = this.#buffer;
    const start = offset + 4;
    let end = start;
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      if (code >= 0x80) {
        end = start + buffer.write(value, start, "utf8");
        break;
      }
      buffer[end++] = code;
    }
    this.#int32(end - start, offset);
    return end;
  }

  /** Makes room for `bytes` more in the current chunk, starting a new one when they do not fit. */
  #reserve(bytes: number): void {
    if (this.#offset + bytes <= this.#buffer.length) return;
    this.#chunks.push(this.#buffer.subarray(0, this.#offset));
    this.#buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.#view = viewOf(this.#buffer);
    this.#offset = 0;
  }
}

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
 * Writes the rows into the table with `copy ... from stdin (format binary)` on the connection of `trx`, so that they
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
  const stream = copyFrom(`copy ${table} (${columns.join(", ")}) from stdin (format binary)`);
  const done = finished(stream);
  // Awaited below; a failure while the stream waits for its turn must not count as unhandled.
  done.catch(() => {});
  await trx.executeQuery({ ...CompiledQuery.raw(""), sql: stream as unknown as string });
  for (const chunk of rows.chunks()) stream.write(chunk);
  stream.end();
  await done;
}
