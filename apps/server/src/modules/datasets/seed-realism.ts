/**
 * The demo layer over the catalogue's sample datasets: the sample fills every field with a valid but
 * arbitrary value (comments such as "ExtendedDataPointBigDecimal 538", dates of any year, sources
 * citing a 2023 report in a 2025 dataset). The demo turns it into what an analyst would have entered:
 * figures that drift a little from year to year around a base of the company's own, dates inside the
 * fiscal year, a quality that goes with a value, and sources citing the company's annual or
 * sustainability report of that year at the page of the generated PDF that carries the figure, with a
 * comment in words naming that report and page. Everything follows from the company, framework,
 * period and field, so a seed run is reproducible. Tests keep using the plain sample.
 */
import { createHash } from "node:crypto";
import { type FieldDefinition, type FrameworkId, frameworkFields, getFramework } from "@openverde/frameworks";
import { type PdfPage, writePdf } from "../../platform/pdf";
import { alignAbsoluteShares } from "./seed-figures";

/** A number in [0, 1) that depends only on the words given. */
export function hashUnit(...words: string[]): number {
  return createHash("sha256").update(words.join("|")).digest().readUInt32BE(0) / 4294967296;
}

/** A whole-number seed of the sample generator for a company's framework: the same in every period. */
export function sampleSeed(companyId: string, frameworkId: string): number {
  return Math.floor(hashUnit("sample", companyId, frameworkId) * 1_000_000_000);
}

export interface FiscalYear {
  /** First and last day, ISO dates. */
  start: string;
  end: string;
}

/**
 * The fiscal year a reporting period stands for: a calendar year, or for a fiscal year ending in
 * March (the demo's other kind, whose period is shifted by -1) from April of the period to March.
 */
export function fiscalYearOf(period: string, fiscalYearEnd: string | null | undefined): FiscalYear {
  const year = Number(period);
  return /Mar/i.test(fiscalYearEnd ?? "")
    ? { start: `${year}-04-01`, end: `${year + 1}-03-31` }
    : { start: `${year}-01-01`, end: `${year}-12-31` };
}

const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export type ReportKind = "annual" | "sustainability";

type Topic = "general" | "financial" | "taxonomy" | "climate" | "environment" | "social" | "governance";

const TOPICS: { topic: Topic; heading: string; report: ReportKind; pattern?: RegExp }[] = [
  {
    topic: "climate",
    heading: "Climate and energy",
    report: "sustainability",
    pattern: /ghg|emission|scope[123]|carbon|energy|fossil|climate|temperature|coal/i,
  },
  {
    topic: "environment",
    heading: "Water, waste and biodiversity",
    report: "sustainability",
    pattern: /water|waste|biodiversity|pollut|hazard|environment|deforest|soil|mercury|pesticide/i,
  },
  {
    topic: "social",
    heading: "People and human rights",
    report: "sustainability",
    pattern:
      /employee|social|human|labou?r|child|forced|wage|gender|divers|grievance|accident|injur|rights|supplier|procure|safety|worker|slavery|discriminat|subcontract|production|risk/i,
  },
  {
    topic: "governance",
    heading: "Governance",
    report: "sustainability",
    pattern: /governance|brib|corrupt|whistle|policy|compliance|code|sanction|board|audit/i,
  },
  {
    topic: "taxonomy",
    heading: "EU Taxonomy disclosures",
    report: "annual",
    pattern: /taxonomy|aligned|eligible|greenAsset|kpi|capex|opex|turnover|nuclear|gas|activit/i,
  },
  {
    topic: "financial",
    heading: "Financial statements",
    report: "annual",
    pattern: /revenue|assets|amount|enterprise|invest|financ|exposure|loan|equity|debt|value|income/i,
  },
  { topic: "general", heading: "Company profile", report: "annual" },
];

/** The order of a report's sections: the company profile first, as in a real report. */
const PAGE_ORDER: Topic[] = [
  "general",
  "financial",
  "taxonomy",
  "climate",
  "environment",
  "social",
  "governance",
];

function topicOf(field: FieldDefinition): (typeof TOPICS)[number] {
  if (field.path.startsWith("general.")) return TOPICS[TOPICS.length - 1] as (typeof TOPICS)[number];
  if (field.kind === "currency" || field.kind === "amountWithCurrency")
    return TOPICS.find((entry) => entry.topic === "financial") as (typeof TOPICS)[number];
  return (
    TOPICS.find((entry) => entry.pattern?.test(field.path)) ??
    (TOPICS[TOPICS.length - 1] as (typeof TOPICS)[number])
  );
}

/** How an analyst notes where a figure comes from; {report} is e.g. "2024 sustainability report". */
const COMMENTS: Record<Topic, string[]> = {
  climate: [
    "{Label} from the {report}, table on page {page}; operational control, excludes joint ventures.",
    "Taken from the GHG inventory on page {page} of the {report}; prior years not restated.",
    "As reported on page {page} of the {report}; GHG Protocol, operational control.",
  ],
  environment: [
    "From the environmental key figures on page {page} of the {report}.",
    "Group total as disclosed on page {page} of the {report}; sites sold during the year excluded.",
  ],
  social: [
    "Taken from the people section of the {report}, page {page}.",
    "As stated on page {page} of the {report}; covers all consolidated subsidiaries.",
    "Headcount basis at year end, {report}, page {page}.",
  ],
  governance: [
    "Confirmed in the governance section of the {report}, page {page}.",
    "Described on page {page} of the {report}; applies group-wide.",
  ],
  taxonomy: [
    "From the EU Taxonomy tables of the {report}, page {page}.",
    "Share as disclosed on page {page} of the {report}; denominator as defined in the Disclosures Delegated Act.",
  ],
  financial: [
    "From the consolidated financial statements in the {report}, page {page}.",
    "Amount as reported on page {page} of the {report}; converted at the year-end rate where needed.",
  ],
  general: [
    "As stated on page {page} of the {report}.",
    "Taken from the company profile in the {report}, page {page}.",
  ],
};

function analystComment(topic: Topic, field: FieldDefinition, report: string, page: number): string {
  const templates = COMMENTS[topic];
  const template = templates[Math.floor(hashUnit("comment", field.path) * templates.length)] as string;
  return template.replace("{Label}", field.label).replace("{report}", report).replace("{page}", String(page));
}

interface Citation {
  topic: (typeof TOPICS)[number];
  /** The figure's line, read when the report is written (after totals are made to add up). */
  line: () => string;
  /** Called with the page the line lands on once the report is laid out. */
  place: (page: number) => void;
}

export interface DemoReport {
  kind: ReportKind;
  /** The name in the data sources, the referenced reports and on the documents page. */
  name: string;
  publicationDate: string;
  bytes: Buffer;
  /** The document id: the SHA-256 of the bytes. */
  documentId: string;
}

const LINES_PER_PAGE = 40;
const LINE_LENGTH = 95;

/**
 * The annual and the sustainability report of one company and fiscal year: collects the figures the
 * datasets of that year cite, then lays them out into PDF pages and tells each citation its page.
 */
export class DemoReports {
  private readonly citations: Record<ReportKind, Citation[]> = { annual: [], sustainability: [] };

  constructor(
    readonly companyName: string,
    readonly period: string,
    readonly fiscalYear: FiscalYear,
  ) {}

  nameOf(kind: ReportKind): string {
    return `${this.companyName} ${kind === "annual" ? "Annual Report" : "Sustainability Report"} ${this.period}`;
  }

  /** Published about three months after the fiscal year ends. */
  publicationDate(kind: ReportKind): string {
    return addDays(this.fiscalYear.end, kind === "annual" ? 88 : 102);
  }

  /** A placeholder for the document id until the report's bytes exist. */
  placeholder(kind: ReportKind): string {
    return `demo-report:${kind}`;
  }

  cite(kind: ReportKind, citation: Citation): void {
    this.citations[kind].push(citation);
  }

  /** The reports cited so far as PDFs; every citation is told its page. */
  write(): DemoReport[] {
    const reports: DemoReport[] = [];
    for (const kind of ["annual", "sustainability"] as const) {
      const citations = this.citations[kind];
      if (citations.length === 0) continue;
      const name = this.nameOf(kind);
      const pages: PdfPage[] = [
        {
          heading: name,
          lines: [
            `Fiscal year ${this.fiscalYear.start} to ${this.fiscalYear.end}.`,
            "Demo report generated by Openverde; not a real company's publication.",
          ],
        },
      ];
      for (const { heading } of [...TOPICS].sort(
        (a, b) => PAGE_ORDER.indexOf(a.topic) - PAGE_ORDER.indexOf(b.topic),
      )) {
        const ofTopic = citations.filter((citation) => citation.topic.heading === heading);
        for (let start = 0; start < ofTopic.length; start += LINES_PER_PAGE) {
          const chunk = ofTopic.slice(start, start + LINES_PER_PAGE);
          pages.push({
            heading: start === 0 ? heading : `${heading} (continued)`,
            lines: chunk.map((citation) => citation.line().slice(0, LINE_LENGTH)),
          });
          for (const citation of chunk) citation.place(pages.length);
        }
      }
      const bytes = writePdf(name, pages);
      reports.push({
        kind,
        name,
        publicationDate: this.publicationDate(kind),
        bytes,
        documentId: createHash("sha256").update(bytes).digest("hex"),
      });
    }
    return reports;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The yearly factor of a figure: a trend of the company's own and a little noise per year. */
function drift(companyId: string, path: string, period: string): number {
  const trend = -0.05 + hashUnit("trend", companyId, path) * 0.11;
  const noise = -0.015 + hashUnit("noise", companyId, path, period) * 0.03;
  return (1 + trend) ** (Number(period) - 2022) * (1 + noise);
}

function drifted(
  value: number,
  key: string,
  field: FieldDefinition,
  factor: number,
  direct: boolean,
): number {
  let next = value * factor;
  if (Number.isInteger(value)) next = Math.round(next);
  else next = Math.round(next * 100) / 100;
  const range = direct ? field.range : undefined;
  const max = range?.max ?? (/InPercent$/.test(key) || field.kind === "percentage" ? 100 : undefined);
  const min = range?.min ?? 0;
  if (max !== undefined) next = Math.min(next, max);
  return Math.max(next, Math.min(min, value));
}

/** Moves every number of a field's value by the field's yearly factor. */
function driftNumbers(node: unknown, field: FieldDefinition, factor: number, direct: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => driftNumbers(item, field, factor, false));
  if (!isObject(node)) return node;
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === "number") node[key] = drifted(value, key, field, factor, direct && key === "value");
    else if (isObject(value) || Array.isArray(value)) driftNumbers(value, field, factor, false);
  }
  return node;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date inside the fiscal year; the fiscal year end and the data date are its last day. */
function dateInYear(key: string, fiscalYear: FiscalYear, path: string): string {
  if (/fiscalYearEnd|dataDate/i.test(key)) return fiscalYear.end;
  return addDays(fiscalYear.start, Math.floor(hashUnit("date", path) * 360));
}

/** Moves the dates inside a field's value into the fiscal year; a data point's value is named by its field. */
function datesIntoYear(node: unknown, fiscalYear: FiscalYear, path: string, fieldKey: string): void {
  if (!isObject(node) && !Array.isArray(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "publicationDate" || key === "dataSource") continue;
    if (typeof value === "string" && ISO_DATE.test(value))
      (node as Record<string, unknown>)[key] = dateInYear(
        key === "value" ? fieldKey : key,
        fiscalYear,
        `${path}.${key}`,
      );
    else datesIntoYear(value, fiscalYear, `${path}.${key}`, fieldKey);
  }
}

/** The data points inside a field's value (the field's own and those of its list or map entries). */
function dataPointsIn(node: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const item of node) dataPointsIn(item, found);
  else if (isObject(node)) {
    if ("quality" in node || "comment" in node) found.push(node);
    for (const [key, value] of Object.entries(node)) if (key !== "dataSource") dataPointsIn(value, found);
  }
  return found;
}

/** The figure as a line of the report. */
function reportLine(field: FieldDefinition, point: Record<string, unknown> | undefined): string {
  const value = point?.value;
  if (typeof value === "number") {
    const unit = typeof point?.currency === "string" ? point.currency : (field.unit ?? "");
    return `${field.label}: ${value.toLocaleString("en-GB")} ${unit}`.trim();
  }
  if (typeof value === "string") return `${field.label}: ${value}`;
  return `${field.label}: see table`;
}

/** Every document reference inside a value (a data source, or the documents of a list entry). */
function documentReferences(node: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const item of node) documentReferences(item, found);
  else if (isObject(node)) {
    if (typeof node.fileReference === "string") found.push(node);
    else for (const value of Object.values(node)) documentReferences(value, found);
  }
  return found;
}

function nodeAt(
  data: Record<string, unknown>,
  path: string,
): { parent: Record<string, unknown>; key: string } | undefined {
  const keys = path.split(".");
  let node: unknown = data;
  for (const part of keys.slice(0, -1)) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return isObject(node) ? { parent: node, key: keys[keys.length - 1] as string } : undefined;
}

export interface DemoDatasetContext {
  companyId: string;
  frameworkId: FrameworkId;
  period: string;
  reports: DemoReports;
}

/**
 * The sample dataset as the demo shows it. Its data sources point at `reports` by placeholder: once
 * every dataset of the company's year is made, `reports.write()` lays out the PDFs and
 * `withDocumentIds` puts their ids in.
 */
export function demoDataset(
  sample: Record<string, unknown>,
  context: DemoDatasetContext,
): Record<string, unknown> {
  const { companyId, frameworkId, period, reports } = context;
  const data = structuredClone(sample);
  const framework = getFramework(frameworkId);
  const fields = frameworkFields(framework);
  const conditions = new Set(fields.flatMap((field) => (field.showIf ? [field.showIf.field] : [])));
  const used = new Set<ReportKind>();
  for (const field of fields) {
    if (field.kind === "referencedReports") continue;
    const at = nodeAt(data, field.path);
    if (!at) continue;
    const current = at.parent[at.key];
    if (current === null || current === undefined) continue;
    if (!conditions.has(field.path)) {
      const factor = drift(companyId, `${frameworkId}.${field.path}`, period);
      if (field.wrapper === "plain") {
        if (typeof current === "number") at.parent[at.key] = drifted(current, at.key, field, factor, true);
        else driftNumbers(current, field, factor, false);
      } else driftNumbers(current, field, factor, true);
    }
    if (typeof current === "string" && ISO_DATE.test(current))
      at.parent[at.key] = dateInYear(at.key, reports.fiscalYear, field.path);
    else datesIntoYear(current, reports.fiscalYear, field.path, at.key);

    const point = field.wrapper === "plain" || !isObject(current) ? undefined : current;
    const points = dataPointsIn(current);
    for (const each of points)
      if (each.quality === "NoDataFound" && each.value !== null && each.value !== undefined)
        each.quality = "Reported";
    const sources = documentReferences(current);
    if (sources.length === 0) {
      for (const each of points)
        if (typeof each.comment === "string") each.comment = `As published by the company for ${period}.`;
      continue;
    }
    const topic = topicOf(field);
    const kind = topic.report;
    used.add(kind);
    const name = reports.nameOf(kind);
    for (const source of sources) {
      source.fileName = name;
      source.fileReference = reports.placeholder(kind);
      source.publicationDate = reports.publicationDate(kind);
      if ("tagName" in source) delete source.tagName;
    }
    reports.cite(kind, {
      topic,
      line: () => reportLine(field, point),
      place: (page) => {
        for (const source of sources) if ("page" in source) source.page = String(page);
        for (const each of points)
          if (typeof each.comment === "string")
            each.comment = analystComment(topic.topic, field, `${period} ${kind} report`, page);
      },
    });
  }
  if (framework.referencedReportsPath) {
    const at = nodeAt(data, framework.referencedReportsPath);
    if (at)
      at.parent[at.key] = Object.fromEntries(
        [...used].map((kind) => [
          reports.nameOf(kind),
          {
            fileReference: reports.placeholder(kind),
            fileName: reports.nameOf(kind),
            publicationDate: reports.publicationDate(kind),
          },
        ]),
      );
  }
  alignAbsoluteShares(data);
  withConsistentTotals(data, reports.fiscalYear);
  return data;
}

const figureOf = (node: unknown): number | undefined =>
  isObject(node) && typeof node.value === "number" ? node.value : undefined;

/**
 * What a reader would add up adds up: scope 1 and 2 emissions are the sum of their parts, and a fiscal
 * year that does not end in December is reported as a deviation.
 */
function withConsistentTotals(data: Record<string, unknown>, fiscalYear: FiscalYear): void {
  const general = (data.general as Record<string, unknown> | undefined)?.general;
  const deviation = isObject(general) ? general.fiscalYearDeviation : undefined;
  if (isObject(deviation) && typeof deviation.value === "string")
    deviation.value = fiscalYear.end.endsWith("12-31") ? "NoDeviation" : "Deviation";
  const ghg = (data.environmental as Record<string, unknown> | undefined)?.greenhouseGasEmissions;
  if (!isObject(ghg)) return;
  const scope1 = figureOf(ghg.scope1GhgEmissionsInTonnes);
  if (scope1 === undefined) return;
  const sums: [string, string][] = [
    ["scope1And2GhgEmissionsInTonnes", "scope2GhgEmissionsInTonnes"],
    ["scope1And2GhgEmissionsLocationBasedInTonnes", "scope2GhgEmissionsLocationBasedInTonnes"],
    ["scope1And2GhgEmissionsMarketBasedInTonnes", "scope2GhgEmissionsMarketBasedInTonnes"],
  ];
  for (const [total, scope2] of sums) {
    const part = figureOf(ghg[scope2]);
    const target = ghg[total];
    if (part !== undefined && isObject(target) && typeof target.value === "number")
      target.value = Math.round((scope1 + part) * 100) / 100;
  }
}

/** The dataset with the written reports' document ids in place of their placeholders. */
export function withDocumentIds(
  data: Record<string, unknown>,
  reports: DemoReports,
  written: DemoReport[],
): Record<string, unknown> {
  let text = JSON.stringify(data);
  for (const report of written) text = text.replaceAll(reports.placeholder(report.kind), report.documentId);
  return JSON.parse(text);
}
