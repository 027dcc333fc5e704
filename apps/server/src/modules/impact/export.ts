/**
 * The impact report as a file in the shape of Table 1 of Annex I (Delegated Regulation (EU)
 * 2022/1288): indicator, metric, impact of the year, explanation, actions; the two groups of
 * indicators as section headings. Coverage and unit have columns of their own, and the PCAF financed
 * emissions follow as a second table. CSV through the one CSV writer; Excel with exceljs, every cell
 * set from a string or a number (never a formula).
 */
import { type CsvCell, csvRows } from "@openverde/frameworks/csv";
import { ASSET_CLASS_LABELS } from "./model";
import type { MetricResult } from "./pai";
import type { PcafFigures } from "./pcaf";
import type { ImpactReport } from "./report";

export type ImpactExportFormat = "csv" | "xlsx";

export interface ImpactFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const CLIMATE = "CLIMATE AND OTHER ENVIRONMENT-RELATED INDICATORS";
const SOCIAL =
  "INDICATORS FOR SOCIAL AND EMPLOYEE, RESPECT FOR HUMAN RIGHTS, ANTI-CORRUPTION AND ANTI-BRIBERY MATTERS";

/** Figures without the float noise of sums (0.30000000000000004), to 6 decimals. */
const figure = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 1_000_000) / 1_000_000;
const percent = (share: number) => Math.round(share * 1000) / 10;

function explanation(metric: MetricResult): string {
  const missing = metric.missingCompanies.map((company) => company.companyName || company.companyId);
  const parts = [
    `Formula: ${metric.formula}.`,
    `Coverage: ${percent(metric.coverage)} % of the value of all investments has the data.`,
  ];
  if (missing.length > 0) parts.push(`Without data: ${missing.join(", ")}.`);
  return parts.join(" ");
}

type Line = { kind: "heading"; text: string } | { kind: "row"; cells: CsvCell[] };

function table1Lines(report: ImpactReport): Line[] {
  const header: CsvCell[] = [
    "Adverse sustainability indicator",
    "Metric",
    `Impact ${report.reportingPeriod}`,
    "Unit",
    "Coverage (%)",
    "Explanation",
    "Actions taken, and actions planned and targets set for the next reference period",
  ];
  const lines: Line[] = [
    {
      kind: "heading",
      text: `Principal adverse impacts of ${report.portfolioName}, reference period ${report.reportingPeriod}, in ${report.currency}`,
    },
    { kind: "row", cells: header },
    { kind: "heading", text: CLIMATE },
  ];
  let theme = "";
  for (const indicator of report.pai.indicators) {
    if (indicator.number === 10) lines.push({ kind: "heading", text: SOCIAL });
    if (indicator.theme !== theme) {
      theme = indicator.theme;
      lines.push({ kind: "heading", text: theme });
    }
    for (const metric of indicator.metrics)
      lines.push({
        kind: "row",
        cells: [
          `${indicator.number}. ${indicator.label}`,
          metric.metric,
          figure(metric.value),
          metric.unit,
          percent(metric.coverage),
          explanation(metric),
          "",
        ],
      });
  }
  return lines;
}

function pcafCells(label: string, figures: PcafFigures): CsvCell[] {
  return [
    label,
    figure(figures.outstandingAmount),
    percent(figures.coverage),
    figure(figures.financedScope1),
    figure(figures.financedScope2),
    figure(figures.financedScope3),
    figure(figures.financedTotal),
    figures.weightedDataQualityScore === null
      ? null
      : Math.round(figures.weightedDataQualityScore * 100) / 100,
  ];
}

function pcafLines(report: ImpactReport): Line[] {
  return [
    { kind: "heading", text: "PCAF FINANCED EMISSIONS" },
    {
      kind: "row",
      cells: [
        "Asset class",
        `Outstanding amount (${report.currency})`,
        "Coverage (%)",
        "Financed scope 1 (t CO2e)",
        "Financed scope 2 (t CO2e)",
        "Financed scope 3 (t CO2e)",
        "Financed emissions, total (t CO2e)",
        "Weighted data quality score (1 best, 5 worst)",
      ],
    },
    ...report.pcaf.assetClasses.map(
      (assetClass): Line => ({
        kind: "row",
        cells: pcafCells(ASSET_CLASS_LABELS[assetClass.assetClass], assetClass),
      }),
    ),
    { kind: "row", cells: pcafCells("Total", report.pcaf.totals) },
  ];
}

/** A file name of the portfolio's name, with only letters, digits and dashes. */
function fileName(report: ImpactReport, format: ImpactExportFormat): string {
  const name = report.portfolioName
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `impact-${name || "portfolio"}-${report.reportingPeriod}.${format}`;
}

export async function impactFile(report: ImpactReport, format: ImpactExportFormat): Promise<ImpactFile> {
  const lines = [...table1Lines(report), { kind: "heading", text: "" } as Line, ...pcafLines(report)];
  if (format === "csv") {
    const rows = lines.map((line) => (line.kind === "heading" ? [line.text] : line.cells));
    return {
      fileName: fileName(report, format),
      contentType: "text/csv; charset=utf-8",
      body: Buffer.from(csvRows(rows, { byteOrderMark: true })),
    };
  }
  // Loaded with the first Excel report: the library is large, and commands and most requests never need it.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Table 1");
  sheet.columns = [
    { width: 44 },
    { width: 52 },
    { width: 16 },
    { width: 26 },
    { width: 14 },
    { width: 80 },
    { width: 40 },
  ];
  for (const line of lines) {
    if (line.kind === "heading") {
      const row = sheet.addRow([line.text]);
      row.font = { bold: true };
      continue;
    }
    const row = sheet.addRow(line.cells.map((cell) => cell ?? null));
    row.alignment = { vertical: "top", wrapText: true };
  }
  return {
    fileName: fileName(report, format),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
