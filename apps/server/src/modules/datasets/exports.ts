/**
 * Exports of active datasets as CSV, Excel or JSON. A request queues a job; the job streams the
 * datasets from the database in batches, writes the file as it goes and keeps it in the database in
 * chunks of 1 MiB (so any server instance can serve the download, and no export is held in memory
 * whole). Columns follow the framework definition's order and export aliases.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { Readable, Writable } from "node:stream";
import {
  exportColumns,
  exportRow,
  type FieldDefinition,
  type FrameworkId,
  frameworkFields,
  getFramework,
} from "@openverde/frameworks";
import { csvRows } from "@openverde/frameworks/csv";
import { sql } from "kysely";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { badRequest, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { enqueueJob, type Job } from "../../platform/jobs";
import { isPrivateFramework } from "./framework-data";
import { companySummaries } from "./neighbours";
import { can } from "./policy";
import { isReportingPeriod } from "./service";
import { type AnyExecutor, type DatasetsDb, datasetsDb } from "./store";

export const EXPORT_JOB = "datasets.export";
export const CHUNK_BYTES = 1024 * 1024;
/** Companies per query of an export: bounds the datasets (and parsed JSON) held at any time. */
const BATCH_COMPANIES = 50;

export type ExportFormat = "CSV" | "EXCEL" | "JSON";

export interface ExportRequest {
  latest: boolean;
  companyIds: string[];
  reportingPeriods: string[];
  fileFormat: ExportFormat;
  keepValueFieldsOnly: boolean;
  includeAliases: boolean;
}

const MEDIA: Record<ExportFormat, { type: string; extension: string }> = {
  CSV: { type: "text/csv; charset=utf-8", extension: "csv" },
  EXCEL: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" },
  JSON: { type: "application/json; charset=utf-8", extension: "json" },
};

// ---- asking for an export ----------------------------------------------------------------------

async function anyMatch(db: DatasetsDb, frameworkId: string, request: ExportRequest): Promise<boolean> {
  const periods = request.latest ? null : request.reportingPeriods;
  const found = await sql<{ one: number }>`
    select 1 as one from dataset
    where data_type = ${frameworkId} and currently_active and company_id = any(${request.companyIds}::uuid[])
      and (${periods}::text[] is null or reporting_period = any(${periods}::text[]))
    limit 1`.execute(db);
  return found.rows.length > 0;
}

/**
 * Queues an export of the active datasets of a public framework and answers with the job id. 404 when
 * nothing matches, so a client does not wait for an empty file.
 */
export async function createExportJob(
  db: AnyExecutor,
  actor: Actor,
  frameworkId: FrameworkId,
  request: ExportRequest,
): Promise<{ id: string }> {
  const user = authorize(actor, can(actor, "read"));
  if (isPrivateFramework(frameworkId)) throw notFound("Private data cannot be exported.");
  const companyIds = [...new Set(request.companyIds)];
  const invalidIds = companyIds.filter((id) => !isUuid(id));
  if (invalidIds.length > 0)
    throw badRequest(
      `companyIds must be company ids; these are not: ${invalidIds.slice(0, 5).join(", ")}.`,
      "Invalid companyIds",
    );
  const badPeriods = request.reportingPeriods.filter((period) => !isReportingPeriod(period));
  if (badPeriods.length > 0)
    throw badRequest(
      `reportingPeriods must be years; these are not: ${badPeriods.join(", ")}.`,
      "Invalid reportingPeriods",
    );
  const normalized: ExportRequest = {
    ...request,
    companyIds,
    reportingPeriods: [...new Set(request.reportingPeriods)],
  };
  const own = datasetsDb(db);
  if (companyIds.length === 0 || !(await anyMatch(own, frameworkId, normalized)))
    throw notFound(
      `There is no active ${frameworkId} data for the companies and reporting periods asked for.`,
      "No data",
    );
  const id = randomUUID();
  await own.transaction().execute(async (trx) => {
    await trx
      .insertInto("dataset_export_job")
      .values({
        export_job_id: id,
        user_id: user.userId,
        data_type: frameworkId,
        request: JSON.stringify(normalized),
        file_format: request.fileFormat,
      })
      .execute();
    await enqueueJob(trx as never, EXPORT_JOB, { exportJobId: id }, { maxAttempts: 1 });
  });
  return { id };
}

async function ownedJob(db: AnyExecutor, actor: Actor, exportJobId: string) {
  const user = authorize(actor, can(actor, "read"));
  const job = isUuid(exportJobId)
    ? await datasetsDb(db)
        .selectFrom("dataset_export_job")
        .selectAll()
        .where("export_job_id", "=", exportJobId)
        .executeTakeFirst()
    : undefined;
  if (!job || !can(user, "readExport", { ownerUserId: job.user_id }))
    throw notFound(`There is no export job ${exportJobId}.`, "Export not found");
  return job;
}

export async function exportState(db: AnyExecutor, actor: Actor, exportJobId: string): Promise<string> {
  return (await ownedJob(db, actor, exportJobId)).state;
}

export interface ExportDownload {
  fileName: string;
  mediaType: string;
  size: number;
  stream: () => Readable;
}

/** The finished file, or undefined while the job is still running. */
export async function exportDownload(
  db: AnyExecutor,
  actor: Actor,
  exportJobId: string,
): Promise<ExportDownload | undefined> {
  const job = await ownedJob(db, actor, exportJobId);
  if (job.state === "Pending") return undefined;
  if (job.state === "Failure")
    throw notFound(
      `Export job ${exportJobId} failed: ${job.error ?? "unknown error"}. Ask for the export again.`,
      "Export failed",
    );
  const own = datasetsDb(db);
  return {
    fileName: job.file_name ?? `export.${MEDIA[job.file_format as ExportFormat].extension}`,
    mediaType: job.media_type ?? "application/octet-stream",
    size: Number(job.size_bytes ?? 0),
    stream: () => Readable.from(exportFileSlices(own, exportJobId), { objectMode: false }),
  };
}

/**
 * Bytes of a stored file read per query. A 1 MiB chunk read whole arrives as 2 MiB of hex text, which
 * V8 keeps with its decoded buffer in the large-object space until a full collection: serving a 76 MiB
 * export that way lifted a process by 70 to 84 MiB, read in slices of 60 KiB by 21 to 24 (slices of
 * 64 KiB, whose hex text is just over V8's 128 KiB limit for ordinary objects, by 25 to 28), for about
 * a tenth more CPU. The chunks are stored uncompressed (storage external), so a slice reads only the
 * pieces of the value it covers. The platform's binary COPY (`selectBinary`, which the documents
 * module reads its chunks with) skips the hex and cost a third of the CPU for whole chunks, but lifted
 * the process by about 45 MiB; it is not used here yet.
 */
const DOWNLOAD_SLICE_BYTES = 60 * 1024;

/** The stored file of an export job, slice by slice. */
export async function* exportFileSlices(db: DatasetsDb, exportJobId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    for (let from = 1; ; from += DOWNLOAD_SLICE_BYTES) {
      const row = await db
        .selectFrom("dataset_export_chunk")
        .select(sql<Uint8Array>`substring(data from ${from} for ${DOWNLOAD_SLICE_BYTES})`.as("data"))
        .where("export_job_id", "=", exportJobId)
        .where("seq", "=", seq)
        .executeTakeFirst();
      if (!row) return;
      // A view, not a copy: the slice is sent as it is.
      if (row.data.byteLength > 0)
        yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      if (row.data.byteLength < DOWNLOAD_SLICE_BYTES) break;
    }
  }
}

// ---- columns -----------------------------------------------------------------------------------

export type Cell = string | number | null;

/** What a row is made of: the company and period, the framework's answers by alias, the data. */
interface RowSource {
  companyId: string;
  companyName: string | null;
  companyLei: string | null;
  reportingPeriod: string;
  answers: Record<string, Cell>;
  data: unknown;
}

interface Column {
  header: string;
  cell: (row: RowSource) => Cell;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function valueAt(data: unknown, keys: readonly string[]): unknown {
  let node = data;
  for (const key of keys) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

const asCell = (value: unknown): Cell =>
  value === undefined || value === null
    ? null
    : typeof value === "number" || typeof value === "string"
      ? value
      : JSON.stringify(value);

/** Extra columns of a wrapped data point beside its value, when not only values are kept. */
function detailPaths(field: FieldDefinition): string[] {
  if (field.wrapper === "plain") return [];
  const source = ["dataSource.fileName", "dataSource.fileReference", "dataSource.publicationDate"];
  if (field.wrapper === "document") return source;
  const currency = field.kind === "currency" || field.kind === "amountWithCurrency" ? ["currency"] : [];
  return [...currency, "quality", "comment", "dataSource.page", "dataSource.tagName", ...source];
}

/** The columns of an export: company and period first, then the fields in definition order. */
export function exportLayout(
  frameworkId: FrameworkId,
  keepValueFieldsOnly: boolean,
  includeAliases: boolean,
): Column[] {
  const columns: Column[] = [
    { header: "companyId", cell: (row) => row.companyId },
    { header: "companyName", cell: (row) => row.companyName },
    { header: "companyLei", cell: (row) => row.companyLei },
    { header: "reportingPeriod", cell: (row) => row.reportingPeriod },
  ];
  const fields = frameworkFields(getFramework(frameworkId));
  exportColumns(frameworkId).forEach((column, index) => {
    const field = fields[index] as FieldDefinition;
    const name = includeAliases ? column.alias : column.path;
    columns.push({ header: name, cell: (row) => row.answers[column.alias] ?? null });
    if (keepValueFieldsOnly) return;
    for (const detail of detailPaths(field)) {
      const keys = `${field.path}.${detail}`.split(".");
      columns.push({ header: `${name}.${detail}`, cell: (row) => asCell(valueAt(row.data, keys)) });
    }
  });
  return columns;
}

// ---- writing the file --------------------------------------------------------------------------

/**
 * A writable that keeps what is written in 1 MiB chunks in the database. It fills one buffer and
 * reuses it once the chunk is stored (the insert has sent the bytes by the time it resolves), so a
 * long export does not leave a trail of chunk-sized buffers for the garbage collector.
 */
export class ChunkSink extends Writable {
  private readonly chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private filled = 0;
  private seq = 0;
  size = 0;

  constructor(
    private readonly db: DatasetsDb,
    private readonly exportJobId: string,
  ) {
    super();
  }

  private async store(): Promise<void> {
    await this.db
      .insertInto("dataset_export_chunk")
      .values({ export_job_id: this.exportJobId, seq: this.seq++, data: this.chunk.subarray(0, this.filled) })
      .execute();
    this.filled = 0;
  }

  private async append(bytes: Buffer): Promise<void> {
    for (let from = 0; from < bytes.length; ) {
      const copied = bytes.copy(this.chunk, this.filled, from);
      this.filled += copied;
      from += copied;
      if (this.filled === CHUNK_BYTES) await this.store();
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.size += chunk.length;
    if (this.filled + chunk.length < CHUNK_BYTES) {
      this.filled += chunk.copy(this.chunk, this.filled);
      callback();
    } else this.append(chunk).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    (this.filled > 0 ? this.store() : Promise.resolve()).then(() => callback(), callback);
  }
}

async function write(sink: Writable, text: string): Promise<void> {
  if (!sink.write(text)) await once(sink, "drain");
}

const finish = (sink: Writable): Promise<void> =>
  new Promise((resolve, reject) => {
    sink.once("error", reject);
    sink.end(resolve);
  });

export interface ExportBatchRow {
  companyId: string;
  reportingPeriod: string;
  dataText: string;
}

/**
 * The datasets of an export in company order, a batch at a time: each query asks for the next
 * `batchCompanies` of the requested companies (sorted), so no query carries the whole list and no
 * batch holds more than that many companies' datasets (times the periods asked for).
 */
export async function* exportRows(
  db: DatasetsDb,
  frameworkId: string,
  request: Pick<ExportRequest, "latest" | "companyIds" | "reportingPeriods">,
  batchCompanies = BATCH_COMPANIES,
): AsyncGenerator<ExportBatchRow[]> {
  const companyIds = [...new Set(request.companyIds.map((id) => id.toLowerCase()))].sort();
  for (let from = 0; from < companyIds.length; from += batchCompanies) {
    const slice = companyIds.slice(from, from + batchCompanies);
    // The keys are chosen first (from the index, without the data), then only those datasets are read.
    const rows = request.latest
      ? await sql<ExportBatchRow>`
          with chosen as (
            select distinct on (company_id) data_id, company_id, reporting_period
            from dataset
            where data_type = ${frameworkId} and currently_active and company_id = any(${slice}::uuid[])
            order by company_id, reporting_period desc
          )
          select c.company_id::text as "companyId", c.reporting_period as "reportingPeriod", d.data::text as "dataText"
          from chosen c join dataset d on d.data_id = c.data_id
          order by c.company_id`.execute(db)
      : await sql<ExportBatchRow>`
          with chosen as (
            select data_id, company_id, reporting_period
            from dataset
            where data_type = ${frameworkId} and currently_active and company_id = any(${slice}::uuid[])
              and reporting_period = any(${request.reportingPeriods}::text[])
          )
          select c.company_id::text as "companyId", c.reporting_period as "reportingPeriod", d.data::text as "dataText"
          from chosen c join dataset d on d.data_id = c.data_id
          order by c.company_id, c.reporting_period`.execute(db);
    if (rows.rows.length > 0) yield rows.rows;
  }
}

/** Writes the export file of a job into its chunks; returns the number of bytes. */
async function writeExport(
  db: DatasetsDb,
  exportJobId: string,
  frameworkId: FrameworkId,
  request: ExportRequest,
): Promise<number> {
  const sink = new ChunkSink(db, exportJobId);
  const layout = exportLayout(frameworkId, request.keepValueFieldsOnly, request.includeAliases);
  const rowOf = (companyName: string | null, lei: string | null, row: ExportBatchRow, data: unknown) => {
    const source: RowSource = {
      companyId: row.companyId,
      companyName,
      companyLei: lei,
      reportingPeriod: row.reportingPeriod,
      answers: exportRow(frameworkId, data),
      data,
    };
    return layout.map((column) => column.cell(source));
  };

  if (request.fileFormat === "JSON") {
    await write(sink, "[");
    let first = true;
    for await (const batch of exportRows(db, frameworkId, request)) {
      const parts = batch.map(
        (row) =>
          `{"companyId":${JSON.stringify(row.companyId)},"reportingPeriod":${JSON.stringify(row.reportingPeriod)},"data":${row.dataText}}`,
      );
      await write(sink, (first ? "" : ",") + parts.join(","));
      first = false;
    }
    await write(sink, "]");
    await finish(sink);
    return sink.size;
  }

  if (request.fileFormat === "CSV") {
    await write(sink, csvRows([layout.map((column) => column.header)]));
    for await (const batch of exportRows(db, frameworkId, request)) {
      const names = await companySummaries(
        db,
        batch.map((row) => row.companyId),
      );
      const lines: Cell[][] = [];
      for (const row of batch) {
        const company = names.get(row.companyId);
        const cells = rowOf(
          company?.companyName ?? null,
          company?.lei ?? null,
          row,
          JSON.parse(row.dataText),
        );
        lines.push(cells);
      }
      await write(sink, csvRows(lines));
    }
    await finish(sink);
    return sink.size;
  }

  // Loaded when the first Excel export runs: the library is large and most servers never need it.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(getFramework(frameworkId).label.slice(0, 31) || "Export");
  // exceljs keeps a JavaScript string as a text cell: a name that starts with = stays text, never a
  // formula (only a { formula } object would become one, and cells here are strings and numbers).
  sheet.addRow(layout.map((column) => column.header)).commit();
  for await (const batch of exportRows(db, frameworkId, request)) {
    const names = await companySummaries(
      db,
      batch.map((row) => row.companyId),
    );
    for (const row of batch) {
      const company = names.get(row.companyId);
      sheet
        .addRow(rowOf(company?.companyName ?? null, company?.lei ?? null, row, JSON.parse(row.dataText)))
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
  if (!sink.writableFinished)
    await new Promise<void>((resolve, reject) => {
      sink.once("finish", () => resolve());
      sink.once("error", reject);
    });
  return sink.size;
}

/** The job: writes the file, then marks the job done (or failed, with the reason). */
export async function runExportJob(db: AnyExecutor, job: Job): Promise<void> {
  const { exportJobId } = job.payload as { exportJobId: string };
  const own = datasetsDb(db);
  const row = await own
    .selectFrom("dataset_export_job")
    .selectAll()
    .where("export_job_id", "=", exportJobId)
    .executeTakeFirst();
  if (row?.state !== "Pending") return;
  const request = (typeof row.request === "string" ? JSON.parse(row.request) : row.request) as ExportRequest;
  const format = MEDIA[request.fileFormat];
  await own.deleteFrom("dataset_export_chunk").where("export_job_id", "=", exportJobId).execute();
  try {
    const size = await writeExport(own, exportJobId, row.data_type as FrameworkId, request);
    const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
    await own
      .updateTable("dataset_export_job")
      .set({
        state: "Success",
        size_bytes: size,
        media_type: format.type,
        file_name: `${row.data_type}-${request.latest ? "latest-" : ""}${stamp}.${format.extension}`,
        finished_at: new Date(),
      })
      .where("export_job_id", "=", exportJobId)
      .execute();
  } catch (error) {
    await own.deleteFrom("dataset_export_chunk").where("export_job_id", "=", exportJobId).execute();
    await own
      .updateTable("dataset_export_job")
      .set({ state: "Failure", error: (error as Error).message ?? String(error), finished_at: new Date() })
      .where("export_job_id", "=", exportJobId)
      .execute();
  }
}

/** Removes export files older than a day; exports are for downloading soon after asking. */
export async function removeOldExports(db: AnyExecutor, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const result = await datasetsDb(db)
    .deleteFrom("dataset_export_job")
    .where("created_at", "<", new Date(Date.now() - olderThanMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
