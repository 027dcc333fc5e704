/**
 * Reading a GLEIF golden copy on a thread of its own. The import's main thread builds the rows and
 * streams them to the database; reading and parsing the XML is the other half of its work (about 15
 * of 35 CPU-seconds at 1M records). On one thread the two take turns and the main thread is the
 * longest path of the import while the database waits; on two they run side by side.
 *
 * The worker is the compiled `gleif-reader-worker.js` beside the operator commands' bundle
 * (scripts/server-build.mjs builds both); run from the TypeScript sources (the tests) there is none,
 * and the file is read on the calling thread with the same reader.
 */
import { parentPort, Worker, workerData } from "node:worker_threads";
import { runsCompiled } from "../../platform/compiled";
import type { GleifRecordStream, MalformedRecord } from "./gleif";
import type { ImportRecord } from "./import-store";
import { type PackedRecords, packRecords, unpackRecords } from "./packed-records";

/** Records handed over at a time: a message costs about as much as a few records. */
const RECORDS_PER_MESSAGE = 2000;
/** Messages the worker may send ahead of the main thread, which bounds the memory they hold. */
const MESSAGES_AHEAD = 8;

/** What the worker reads: a file as importGleifFile takes it. */
export interface GleifReadTask {
  file: string;
}

type FromReader =
  | { kind: "records"; records: PackedRecords; bytesRead: number; totalBytes: number }
  | { kind: "malformed"; record: MalformedRecord }
  | { kind: "done"; bytesRead: number; totalBytes: number }
  | { kind: "failed"; message: string };

/** The compiled worker, where the bundle is (apps/server/dist); see the module's comment. */
const COMPILED_WORKER = new URL("../../../dist/gleif-reader-worker.js", import.meta.url);

/** Whether the file can be read on a thread of its own: only from the compiled commands. */
export const canReadOnThread = (): boolean => runsCompiled;

/**
 * The records of a golden copy read by a worker thread. `progress` reports the bytes the worker has
 * read by the last records handed over. Ending the iteration early stops the worker.
 */
export function readGleifFileOnThread(
  file: string,
  onMalformed: (record: MalformedRecord) => void,
): GleifRecordStream {
  let bytesRead = 0;
  let totalBytes = 0;
  const records = async function* (): AsyncGenerator<ImportRecord[]> {
    const worker = new Worker(COMPILED_WORKER, { workerData: { file } satisfies GleifReadTask });
    const arrived: FromReader[] = [];
    let wake: (() => void) | undefined;
    let stopped: Error | undefined;
    worker.on("message", (message: FromReader) => {
      arrived.push(message);
      wake?.();
    });
    worker.on("error", (error) => {
      stopped = error;
      wake?.();
    });
    worker.on("exit", (code) => {
      stopped ??= new Error(`The GLEIF reader thread stopped (exit code ${code}).`);
      wake?.();
    });
    try {
      for (;;) {
        const message = arrived.shift();
        if (message === undefined) {
          if (stopped) throw stopped;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        if (message.kind === "malformed") onMalformed(message.record);
        else if (message.kind === "failed") throw new Error(message.message);
        else {
          bytesRead = message.bytesRead;
          totalBytes = message.totalBytes;
          if (message.kind === "done") return;
          worker.postMessage("taken");
          yield unpackRecords(message.records);
        }
      }
    } finally {
      worker.removeAllListeners();
      await worker.terminate();
    }
  };
  return { records: records(), progress: () => ({ bytesRead, totalBytes }) };
}

/**
 * The worker's side (gleif-reader-worker.ts): reads the file of its task and hands the records over
 * in batches, at most MESSAGES_AHEAD of them not yet taken.
 */
export async function serveGleifReading(
  read: (file: string, onMalformed: (record: MalformedRecord) => void) => Promise<GleifRecordStream>,
): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("serveGleifReading runs on a worker thread.");
  const send = (message: FromReader) =>
    // The lengths' memory moves to the main thread instead of being copied.
    port.postMessage(message, message.kind === "records" ? [message.records.lengths.buffer] : []);
  let ahead = 0;
  let taken: (() => void) | undefined;
  port.on("message", () => {
    ahead--;
    taken?.();
  });
  try {
    const { file } = workerData as GleifReadTask;
    const opened = await read(file, (record) => send({ kind: "malformed", record }));
    let batch: ImportRecord[] = [];
    const flush = async () => {
      send({ kind: "records", records: packRecords(batch), ...opened.progress() });
      batch = [];
      ahead++;
      while (ahead >= MESSAGES_AHEAD)
        await new Promise<void>((resolve) => {
          taken = resolve;
        });
    };
    for await (const piece of opened.records) {
      if (batch.length === 0) batch = piece;
      else for (const record of piece) batch.push(record);
      if (batch.length >= RECORDS_PER_MESSAGE) await flush();
    }
    if (batch.length > 0) await flush();
    send({ kind: "done", ...opened.progress() });
  } catch (error) {
    send({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
  // The main thread ends the worker once it has the last message.
}
