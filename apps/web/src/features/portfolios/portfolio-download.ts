/**
 * What a portfolio download is made of, without a browser: the newest active dataset of each company
 * per framework (the server's JSON export), named by the portfolio's company names and dated by the
 * datasets' meta information, shaped into the tables of `@openverde/frameworks/tables` and written as
 * one file: one Excel workbook with a sheet per framework, one CSV, or one JSON document. Tested in
 * portfolio-download.test.ts.
 */
import { isFrameworkId } from "@openverde/frameworks";
import {
  type DatasetRecord,
  type DataTable,
  dataTable,
  joinLongTables,
  type TableShape,
  tableCsv,
} from "@openverde/frameworks/tables";
import { CSV_TYPE, safeFileName, workbookBytes, XLSX_TYPE } from "../../components/framework-view/export";

export type DownloadFormat = "EXCEL" | "CSV" | "JSON";

export const DOWNLOAD_FORMATS: readonly { value: DownloadFormat; label: string; hint: string }[] = [
  { value: "EXCEL", label: "Excel", hint: "One workbook with a sheet per framework." },
  { value: "CSV", label: "CSV", hint: "One file: several frameworks in the long layout, one in either." },
  { value: "JSON", label: "JSON", hint: "The datasets as the API gives them, by framework." },
];

export const TABLE_SHAPES: readonly { value: TableShape; label: string; hint: string }[] = [
  { value: "wide", label: "Wide", hint: "a row per company and period, a column per data point" },
  { value: "long", label: "Long", hint: "a row per data point, with its unit, quality, source and comment" },
];

/** A row of the server's JSON export. */
export interface ExportedDataset {
  companyId: string;
  reportingPeriod: string;
  data: unknown;
}

/** What the meta information of an active dataset adds to a row. */
export interface DatasetFacts {
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  qaStatus: string;
  uploadTime: number;
}

/** Exported datasets by framework, in the order the frameworks were chosen. */
export type PortfolioExport = ReadonlyMap<string, readonly ExportedDataset[]>;

/** Why the chosen format cannot hold the chosen frameworks, or undefined when it can. */
export function formatProblem(format: DownloadFormat, shape: TableShape, frameworks: readonly string[]) {
  if (format === "CSV" && shape === "wide" && frameworks.length > 1)
    return "A wide CSV file holds one framework. Choose one framework, the long layout, or Excel for a sheet per framework.";
  return undefined;
}

const factsKey = (companyId: string, dataType: string, period: string) =>
  `${companyId.toLowerCase()}|${dataType}|${period}`;

/** The records of one framework, by company name and then newest period first. */
export function portfolioRecords(
  framework: string,
  datasets: readonly ExportedDataset[],
  facts: readonly DatasetFacts[],
  companyNames: ReadonlyMap<string, string>,
): DatasetRecord[] {
  const byKey = new Map(
    facts.map((fact) => [factsKey(fact.companyId, fact.dataType, fact.reportingPeriod), fact]),
  );
  return datasets
    .map((dataset): DatasetRecord => {
      const fact = byKey.get(factsKey(dataset.companyId, framework, dataset.reportingPeriod));
      return {
        companyName: companyNames.get(dataset.companyId.toLowerCase()) ?? "",
        companyId: dataset.companyId,
        reportingPeriod: dataset.reportingPeriod,
        data: dataset.data,
        ...(fact ? { qaStatus: fact.qaStatus, uploadTime: fact.uploadTime } : {}),
      };
    })
    .sort(
      (a, b) =>
        a.companyName.localeCompare(b.companyName) ||
        b.reportingPeriod.localeCompare(a.reportingPeriod, undefined, { numeric: true }),
    );
}

/** One table per framework with data (frameworks this web app does not know are left out). */
export function portfolioTables(
  shape: TableShape,
  exported: PortfolioExport,
  facts: readonly DatasetFacts[],
  companyNames: ReadonlyMap<string, string>,
): DataTable[] {
  const tables: DataTable[] = [];
  for (const [framework, datasets] of exported)
    if (isFrameworkId(framework) && datasets.length > 0)
      tables.push(dataTable(shape, framework, portfolioRecords(framework, datasets, facts, companyNames)));
  return tables;
}

export interface DownloadFile {
  bytes: BlobPart;
  type: string;
  fileName: string;
}

/** The one file of a portfolio download. */
export async function portfolioFile(
  portfolioName: string,
  format: DownloadFormat,
  shape: TableShape,
  exported: PortfolioExport,
  facts: readonly DatasetFacts[],
  companyNames: ReadonlyMap<string, string>,
): Promise<DownloadFile> {
  const base = safeFileName(portfolioName);
  if (format === "JSON")
    return {
      bytes: JSON.stringify(Object.fromEntries(exported), null, 1),
      type: "application/json",
      fileName: `${base}.json`,
    };
  const tables = portfolioTables(shape, exported, facts, companyNames);
  if (format === "EXCEL")
    return {
      bytes: (await workbookBytes(tables)) as BlobPart,
      type: XLSX_TYPE,
      fileName: `${base}_${shape}.xlsx`,
    };
  const table = shape === "long" ? joinLongTables(tables) : tables[0];
  if (!table) throw new Error("There is no data to write.");
  return { bytes: tableCsv(table), type: CSV_TYPE, fileName: `${base}_${shape}.csv` };
}
