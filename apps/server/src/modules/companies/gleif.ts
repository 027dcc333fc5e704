import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { pipeline, type Readable, Transform } from "node:stream";
import { createGunzip } from "node:zlib";
import { sql } from "kysely";
import yauzl from "yauzl";
import { withoutInvisibleCharacters } from "../../platform/text/visible-text";
import type { AuditActor } from "../audit";
import { canCopy } from "./copy-rows";
import { canReadOnThread, readGleifFileOnThread } from "./gleif-reader-thread";
import { decodeText, XmlReader, XmlSyntaxError } from "./gleif-xml";
import {
  type BatchOptions,
  type ImportRecord,
  importBatch,
  isIdentifierConflict,
  selectLeisIfFew,
} from "./import-store";
import { type IsinLeiPair, type IsinLeiSummary, readIsinLeiPair, replaceIsinLeiMapping } from "./isin-lei";
import { dropSecondaryIndexes, ensureSecondaryIndexes, IMPORTED_TABLES } from "./search-indexes";
import { countCompanyRows as countAllCompanies, type Queryable } from "./store";

/** How far a file has been read, for progress reports. */
export interface ReadProgress {
  bytesRead: number;
  totalBytes: number;
  records: number;
}

export interface MalformedRecord {
  /** The record's LEI, when it has one. */
  lei: string | undefined;
  /** The record's number in the file, counted from 1, and the line where it ends. */
  recordNumber: number;
  line: number;
  reason: string;
}

export interface ImportSummary {
  records: number;
  added: number;
  updated: number;
  unchanged: number;
  malformed: number;
  seconds: number;
}

/** A register with fewer companies than this gets its search indexes rebuilt after a bulk import. */
export const DEFER_INDEXES_BELOW = 10_000;

/**
 * A register holding at most this many LEIs has them read once at the start of an import; then only
 * the records with one of them are looked up, instead of every record of every batch (loading 1M
 * companies into an empty register, the lookups were 18 of PostgreSQL's 31 CPU-seconds for the rows).
 */
const LEIS_READ_AT_START = 100_000;

export interface BulkOptions {
  batchSize?: number;
  /** Drop the search indexes and build them at the end; "auto" does so for a (nearly) empty register. */
  deferIndexes?: boolean | "auto";
  /** How many indexes are built at once at the end (one per connection on a server). */
  indexBuildParallelism?: number;
  /** Commit batches without waiting for the disk (server only); a crash may lose the last batches. */
  relaxedCommit?: boolean;
  /**
   * Batches written at once, each writer on its own connection (server only: the embedded database
   * has one). Records are spread over the writers by LEI.
   */
  writers?: number;
  onIndexBuild?: (phase: "start" | "done", seconds: number) => void;
}

export interface ImportOptions extends BulkOptions {
  onProgress?: (progress: ReadProgress) => void;
  onMalformed?: (record: MalformedRecord) => void;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const GZIP_MAGIC = [0x1f, 0x8b];

async function startsWith(file: string, magic: number[]): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(magic.length);
    await handle.read(buffer, 0, magic.length, 0);
    return magic.every((byte, index) => buffer[index] === byte);
  } finally {
    await handle.close();
  }
}

function openZipEntry(file: string, wanted: RegExp): Promise<{ stream: Readable; size: number }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error(`Cannot open ${file} as a zip file.`));
      zip.on("error", reject);
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/") || !wanted.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream)
            return reject(streamError ?? new Error(`Cannot read ${entry.fileName}.`));
          resolve({ stream, size: entry.uncompressedSize });
        });
      });
      zip.on("end", () => reject(new Error(`${file} holds no file matching ${wanted}.`)));
      zip.readEntry();
    });
  });
}

/**
 * Opens a plain, gzip or zip file (recognised by its first bytes) as a stream of bytes, counting the
 * bytes read against the total so progress can be shown.
 */
export async function openBytes(
  file: string,
  wantedInZip: RegExp,
): Promise<{ stream: Readable; progress: () => { bytesRead: number; totalBytes: number } }> {
  let bytesRead = 0;
  let totalBytes = (await stat(file)).size;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytesRead += chunk.length;
      done(null, chunk);
    },
  });
  // pipeline hands an error of any stage to the last stream, where the reader sees it.
  const ignore = () => {};
  let stream: Readable;
  if (await startsWith(file, ZIP_MAGIC)) {
    const entry = await openZipEntry(file, wantedInZip);
    totalBytes = entry.size;
    stream = pipeline(entry.stream, counter, ignore);
  } else {
    const raw = createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream = (await startsWith(file, GZIP_MAGIC))
      ? pipeline(raw, counter, createGunzip(), ignore)
      : pipeline(raw, counter, ignore);
  }
  return { stream, progress: () => ({ bytesRead, totalBytes }) };
}

/** openBytes decoded as UTF-8 text. */
export async function openText(
  file: string,
  wantedInZip: RegExp,
): Promise<{ stream: AsyncIterable<string>; progress: () => { bytesRead: number; totalBytes: number } }> {
  const opened = await openBytes(file, wantedInZip);
  opened.stream.setEncoding("utf8");
  return opened;
}

/**
 * A file's bytes read into buffers the caller gives, as XmlReader wants them: a plain file straight
 * from the disk into the reader's buffer (a stream would hand over a fresh buffer for every piece),
 * a .gz or .zip file's bytes copied there as they are unpacked.
 */
export interface ByteSource {
  /** Fills the start of `into`; 0 at the end of the file. */
  read(into: Buffer): Promise<number>;
  progress(): { bytesRead: number; totalBytes: number };
  close(): Promise<void>;
}

export async function openByteSource(file: string, wantedInZip: RegExp): Promise<ByteSource> {
  if (!(await startsWith(file, ZIP_MAGIC)) && !(await startsWith(file, GZIP_MAGIC))) {
    const handle = await open(file, "r");
    const totalBytes = (await handle.stat()).size;
    let bytesRead = 0;
    return {
      read: async (into) => {
        const { bytesRead: count } = await handle.read(into, 0, into.length, null);
        bytesRead += count;
        return count;
      },
      progress: () => ({ bytesRead, totalBytes }),
      close: () => handle.close(),
    };
  }
  const { stream, progress } = await openBytes(file, wantedInZip);
  const pieces = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let piece: Buffer = Buffer.alloc(0);
  return {
    read: async (into) => {
      while (piece.length === 0) {
        const next = await pieces.next();
        if (next.done) return 0;
        piece = next.value;
      }
      const count = piece.copy(into);
      piece = piece.subarray(count);
      return count;
    },
    progress,
    close: async () => {
      stream.destroy();
    },
  };
}

interface RecordDraft {
  lei: string;
  legalName: string;
  otherNames: string[];
  city: string;
  country: string;
  postalCode: string;
}

const emptyDraft = (): RecordDraft => ({
  lei: "",
  legalName: "",
  otherNames: [],
  city: "",
  country: "",
  postalCode: "",
});

/** Which text of a record goes where, by its path below LEIRecord. */
const CAPTURED: Record<string, (draft: RecordDraft, text: string) => void> = {
  LEI: (draft, text) => {
    draft.lei = text;
  },
  "Entity/LegalName": (draft, text) => {
    draft.legalName = text;
  },
  "Entity/OtherEntityNames/OtherEntityName": (draft, text) => {
    draft.otherNames.push(text);
  },
  "Entity/TransliteratedOtherEntityNames/TransliteratedOtherEntityName": (draft, text) => {
    draft.otherNames.push(text);
  },
  "Entity/HeadquartersAddress/City": (draft, text) => {
    draft.city = text;
  },
  "Entity/HeadquartersAddress/Country": (draft, text) => {
    draft.country = text;
  },
  "Entity/HeadquartersAddress/PostalCode": (draft, text) => {
    draft.postalCode = text;
  },
};

/** CAPTURED as a tree by element name, walked tag by tag while parsing. */
interface PathNode {
  capture?: (draft: RecordDraft, text: string) => void;
  children: Map<string, PathNode>;
}

function capturedTree(): PathNode {
  const root: PathNode = { children: new Map() };
  for (const [path, capture] of Object.entries(CAPTURED)) {
    let node = root;
    for (const name of path.split("/")) {
      let child = node.children.get(name);
      if (!child) {
        child = { children: new Map() };
        node.children.set(name, child);
      }
      node = child;
    }
    node.capture = capture;
  }
  return root;
}

/**
 * A register's name as it is shown: invisible format characters (such as a right-to-left override,
 * which users may not write either) removed rather than refused, so one record never stops an import.
 */
const shownName = (text: string): string => withoutInvisibleCharacters(text).replace(/\s+/g, " ").trim();

function toRecord(draft: RecordDraft): ImportRecord | string {
  const lei = draft.lei.trim().toUpperCase();
  const companyName = shownName(draft.legalName);
  const headquarters = draft.city.replace(/\s+/g, " ").trim();
  const countryCode = draft.country.trim().toUpperCase();
  if (!lei) return "it has no LEI";
  if (!companyName) return "it has no legal name";
  if (!headquarters) return "its headquarters address has no city";
  if (!/^[A-Z]{2}$/.test(countryCode))
    return `its headquarters country "${draft.country.trim()}" is not a two-letter country code`;
  const seen = new Set([companyName.toLowerCase()]);
  const alternativeNames: string[] = [];
  for (const raw of draft.otherNames) {
    const name = shownName(raw);
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      alternativeNames.push(name);
    }
  }
  return {
    lei,
    companyName,
    alternativeNames,
    headquarters,
    headquartersPostalCode: draft.postalCode.trim() || null,
    countryCode,
  };
}

/**
 * Streams the records of an LEI-CDF 3.1 file (the GLEIF golden copy) in batches, the records of each
 * piece of the file read: memory stays flat however large the file is. Records that lack what a
 * company needs are reported and skipped.
 */
export async function* readGleifRecords(
  bytes: ByteSource,
  onMalformed: (record: MalformedRecord) => void = () => {},
): AsyncGenerator<ImportRecord[]> {
  let ready: ImportRecord[] = [];
  // Where each open element inside the record is in the CAPTURED tree (undefined: off every path),
  // so that a tag costs one map lookup instead of joining its path into a string.
  const tree = capturedTree();
  const nodes: (PathNode | undefined)[] = [];
  let depth = 0;
  let recordDepth = -1;
  let recordNumber = 0;
  let draft = emptyDraft();
  let capture: ((draft: RecordDraft, text: string) => void) | undefined;
  // The captured element's text, decoded as it comes (the reader's bytes are valid during the call only).
  let captured = "";

  const parser: XmlReader = new XmlReader({
    open(name) {
      depth++;
      if (name === "LEIRecord" && recordDepth < 0) {
        recordDepth = depth;
        recordNumber++;
        draft = emptyDraft();
        nodes.length = 0;
        nodes.push(tree);
        return false;
      }
      if (recordDepth < 0) return false;
      const node = nodes[nodes.length - 1]?.children.get(name);
      nodes.push(node);
      capture = node?.capture;
      captured = "";
      // Off every captured path (registration, extensions, the legal address, ...): the reader
      // only counts its tags, which is most of a record.
      return node === undefined;
    },
    text(source, start, end) {
      if (capture) captured += decodeText(source, start, end);
    },
    close() {
      if (capture) {
        capture(draft, captured);
        capture = undefined;
        captured = "";
      }
      if (recordDepth > 0) nodes.pop();
      if (depth === recordDepth) {
        recordDepth = -1;
        const record = toRecord(draft);
        if (typeof record === "string") {
          onMalformed({
            lei: draft.lei.trim() || undefined,
            recordNumber,
            line: parser.line,
            reason: record,
          });
        } else ready.push(record);
      }
      depth--;
    },
  });
  const notWellFormed = (error: unknown) =>
    error instanceof XmlSyntaxError
      ? new Error(
          `The file is not well-formed XML near record ${recordNumber + (recordDepth > 0 ? 0 : 1)} (line ${parser.line}): ${error.message}`,
        )
      : error;

  try {
    for (;;) {
      const count = await bytes.read(parser.freeSpace());
      if (count === 0) break;
      try {
        parser.wrote(count);
      } catch (error) {
        throw notWellFormed(error);
      }
      if (ready.length > 0) {
        yield ready;
        ready = [];
      }
    }
    try {
      parser.close();
    } catch (error) {
      throw notWellFormed(error);
    }
    if (ready.length > 0) yield ready;
  } finally {
    await bytes.close();
  }
}

/** Records collected into arrays of up to `size`, for importRecordBatches. */
async function* inBatches(
  records: AsyncIterable<ImportRecord>,
  size: number,
): AsyncGenerator<ImportRecord[]> {
  let batch: ImportRecord[] = [];
  for await (const record of records) {
    batch.push(record);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

type RecordsImportOptions = BulkOptions & { onBatch?: (summary: ImportSummary) => void };

/** importRecordBatches for records that come one at a time (generated registers, tests). */
export const importRecords = (
  db: Queryable,
  records: AsyncIterable<ImportRecord>,
  options: RecordsImportOptions = {},
): Promise<ImportSummary> => importRecordBatches(db, inBatches(records, 1000), options);

/**
 * Writes records, which come in arrays of any size, in batches of multi-row statements, one
 * transaction per batch, by one or more writers (see batchWriter). The records come in arrays, not
 * one by one, because each step of an async iteration costs a promise: a million records through
 * the reader's generators and this loop took more than a CPU-second that way.
 */
export async function importRecordBatches(
  db: Queryable,
  records: AsyncIterable<readonly ImportRecord[]>,
  options: RecordsImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 5000;
  const started = performance.now();
  const summary: ImportSummary = { records: 0, added: 0, updated: 0, unchanged: 0, malformed: 0, seconds: 0 };
  const deferIndexes =
    options.deferIndexes === "auto" || options.deferIndexes === undefined
      ? (await countAllCompanies(db)) < DEFER_INDEXES_BELOW
      : options.deferIndexes;
  const copy = await canCopy(db);
  const leisAtStart = await selectLeisIfFew(db, LEIS_READ_AT_START);
  const mayBeKnown = leisAtStart && ((lei: string) => leisAtStart.has(lei));
  if (deferIndexes) await dropSecondaryIndexes(db);
  let written = false;
  try {
    await writeAll();
    written = true;
  } finally {
    if (deferIndexes) {
      const building = performance.now();
      options.onIndexBuild?.("start", 0);
      // The tables are analyzed among the builds, each once its indexes are there.
      await ensureSecondaryIndexes(db, options.indexBuildParallelism ?? 1, written ? tablesToAnalyze() : []);
      options.onIndexBuild?.("done", (performance.now() - building) / 1000);
    }
  }
  if (!deferIndexes) {
    // One statement per table, so that on a server they run side by side on their own connections.
    await Promise.all(tablesToAnalyze().map((table) => sql`analyze ${sql.id(table)}`.execute(db)));
  }
  summary.seconds = (performance.now() - started) / 1000;
  return summary;

  function tablesToAnalyze(): readonly string[] {
    return summary.added + summary.updated > 0 ? IMPORTED_TABLES : [];
  }

  async function writeAll(): Promise<void> {
    const writers = Array.from({ length: Math.max(1, options.writers ?? 1) }, () => batchWriter());
    for await (const arrived of records) {
      for (const record of arrived) {
        summary.records++;
        // One LEI always goes to the same writer, so its batches stay in file order and two writers
        // never add the same LEI at once.
        const writer = writers[
          writers.length === 1 ? 0 : leiHash(record.lei) % writers.length
        ] as BatchWriter;
        writer.batch.push(record);
        if (writer.batch.length >= batchSize) await writer.flush();
      }
    }
    for (const writer of writers) await writer.flush();
    await Promise.all(writers.map((writer) => writer.inFlight));
  }

  /**
   * Collects records and writes them in its own transactions, one batch in flight at a time: while
   * it is written the next batch is read, so parsing and the database work side by side.
   */
  function batchWriter(): BatchWriter {
    const writer: BatchWriter = {
      batch: [],
      inFlight: Promise.resolve(),
      flush: async () => {
        if (writer.batch.length === 0) return;
        const batch = writer.batch;
        writer.batch = [];
        const previous = writer.inFlight;
        writer.inFlight = (async () => {
          await previous;
          const outcome = await writeBatch(batch, mayBeKnown).catch((error: unknown) => {
            if (!mayBeKnown || !isIdentifierConflict(error)) throw error;
            // An LEI of the batch was held after all (added meanwhile, or earlier in the file):
            // the batch is written again, looking every LEI up.
            return writeBatch(batch, undefined);
          });
          summary.added += outcome.added;
          summary.updated += outcome.updated;
          summary.unchanged += outcome.unchanged;
          options.onBatch?.(summary);
        })();
        // Keep an early failure from being reported as unhandled before it is awaited.
        writer.inFlight.catch(() => {});
        await previous;
      },
    };
    return writer;
  }

  function writeBatch(batch: ImportRecord[], lookUpOnly: BatchOptions["mayBeKnown"]) {
    return db.transaction().execute(async (trx) => {
      // A batch lost in a crash is written again by importing the file again.
      if (options.relaxedCommit) await sql`set local synchronous_commit = off`.execute(trx);
      return importBatch(trx, batch, { copy, mayBeKnown: lookUpOnly });
    });
  }
}

interface BatchWriter {
  batch: ImportRecord[];
  inFlight: Promise<void>;
  flush(): Promise<void>;
}

/** A cheap, stable hash of an LEI to spread records over the writers. */
function leiHash(lei: string): number {
  let hash = 0;
  for (let index = 0; index < lei.length; index++) hash = (hash * 31 + lei.charCodeAt(index)) >>> 0;
  return hash;
}

/** The records of a golden copy as they are read, in batches, with how far the file has been read. */
export interface GleifRecordStream {
  records: AsyncIterable<ImportRecord[]>;
  progress: () => Omit<ReadProgress, "records">;
}

/** The records of a GLEIF golden copy file (plain XML, .gz or .zip). */
export async function openGleifFile(
  file: string,
  onMalformed: (record: MalformedRecord) => void,
): Promise<GleifRecordStream> {
  const bytes = await openByteSource(file, /\.xml$/i);
  return { records: readGleifRecords(bytes, onMalformed), progress: bytes.progress };
}

/**
 * Imports a GLEIF golden copy file (plain XML, .gz or .zip): adds new LEIs, updates known ones. Run
 * compiled (the operator command), the file is read on a thread of its own (gleif-reader-thread.ts).
 */
export async function importGleifFile(
  db: Queryable,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  let malformed = 0;
  const onMalformed = (bad: MalformedRecord) => {
    malformed++;
    options.onMalformed?.(bad);
  };
  let opened: GleifRecordStream;
  if (canReadOnThread()) {
    // A file that cannot be read fails here, as on this thread, before the import changes anything.
    await stat(file);
    opened = readGleifFileOnThread(file, onMalformed);
  } else opened = await openGleifFile(file, onMalformed);
  const { records, progress } = opened;
  let read = 0;
  const counted = (async function* () {
    for await (const batch of records) {
      read += batch.length;
      options.onProgress?.({ ...progress(), records: read });
      yield batch;
    }
  })();
  const summary = await importRecordBatches(db, counted, options);
  options.onProgress?.({ ...progress(), records: read });
  return { ...summary, malformed };
}

/**
 * A cell of a CSV line, trimmed and without its surrounding quotes. Cut out by position: a split and
 * a regular expression per cell cost about a second of the 1.45M pairs of a golden copy's ISIN file.
 */
function csvCell(line: string, start: number, end: number): string {
  const cell = line.slice(start, end).trim();
  const from = cell.charCodeAt(0) === QUOTE_CODE ? 1 : 0;
  const to =
    cell.length > from && cell.charCodeAt(cell.length - 1) === QUOTE_CODE ? cell.length - 1 : cell.length;
  return from === 0 && to === cell.length ? cell : cell.slice(from, to);
}

const QUOTE_CODE = 34; // "

export interface IsinImportSummary extends IsinLeiSummary {
  malformed: number;
}

/**
 * Reads GLEIF's LEI-ISIN relationship file (CSV with the columns LEI,ISIN) and replaces the ISIN-LEI
 * mapping by it (replaceIsinLeiMapping, as POST /api/isinleimapping/ does), attaching the ISINs to the
 * companies holding their LEIs. Malformed lines are reported and skipped.
 */
export async function importIsinLeiFile(
  db: Queryable,
  file: string,
  options: {
    batchSize?: number;
    actor?: AuditActor;
    onProgress?: (progress: ReadProgress) => void;
    onMalformed?: (line: number, text: string) => void;
  } = {},
): Promise<IsinImportSummary> {
  const { stream, progress } = await openText(file, /\.csv$/i);
  // Batches of 50,000 pairs (a few MB): written in key order, each index page takes many rows at once.
  const batchSize = options.batchSize ?? 50_000;
  let malformed = 0;
  async function* batches(): AsyncGenerator<IsinLeiPair[]> {
    let batch: IsinLeiPair[] = [];
    let rest = "";
    let lineNumber = 0;
    const handleLine = (line: string) => {
      lineNumber++;
      const text = line.trim();
      if (!text) return;
      const comma = text.indexOf(",");
      const lei = csvCell(text, 0, comma === -1 ? text.length : comma);
      const next = comma === -1 ? -1 : text.indexOf(",", comma + 1);
      const isin = comma === -1 ? undefined : csvCell(text, comma + 1, next === -1 ? text.length : next);
      if (lineNumber === 1 && lei?.toUpperCase() === "LEI") return;
      const pair = readIsinLeiPair(lei, isin);
      if (typeof pair === "string") {
        malformed++;
        options.onMalformed?.(lineNumber, text);
        return;
      }
      batch.push(pair);
    };
    for await (const chunk of stream) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) handleLine(line);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (rest) handleLine(rest);
    yield batch;
  }
  const summary = await replaceIsinLeiMapping(
    db,
    batches(),
    options.actor ?? { kind: "operator", name: "cli" },
    (sofar) => options.onProgress?.({ ...progress(), records: sofar.pairs }),
  );
  return { ...summary, malformed };
}
