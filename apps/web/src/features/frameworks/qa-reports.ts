/**
 * QA reports on a dataset as the views show them: the newest finding of an active report per data
 * point (verdict, comment, corrected value written as the view writes values), and a summary line per
 * report. Pure, so the choice of finding is tested without a browser.
 */
import { type FrameworkId, fieldByPath, formatFieldValue, getFramework } from "@openverde/frameworks";
import type { QaFinding } from "../../components/framework-view";

/** A report as `GET /qa/data/{framework}/{dataId}/reports` lists it. */
export interface DatasetQaReport {
  metaInfo: {
    qaReportId: string;
    reporterUserId?: string;
    uploadTime: number;
    active: boolean;
  };
  report: unknown;
}

interface WireFinding {
  verdict: QaFinding["verdict"];
  comment: string;
  correctedData?: { value?: unknown; currency?: string; dataSource?: { page?: string } | null } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isFinding = (value: unknown): value is WireFinding =>
  isObject(value) && typeof value.verdict === "string" && "comment" in value;

/** Every finding of a report body with the wire path of its field. */
export function findingsOf(report: unknown, prefix = ""): [string, WireFinding][] {
  if (!isObject(report)) return [];
  return Object.entries(report).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isFinding(value) ? [[path, value] as [string, WireFinding]] : findingsOf(value, path);
  });
}

/** Per field path, the finding of the newest active report that judged it. */
export function latestFindings(
  frameworkId: FrameworkId,
  reports: readonly DatasetQaReport[],
): Map<string, QaFinding> {
  const framework = getFramework(frameworkId);
  const found = new Map<string, QaFinding>();
  const newestFirst = [...reports]
    .filter((report) => report.metaInfo.active)
    .sort((a, b) => b.metaInfo.uploadTime - a.metaInfo.uploadTime);
  for (const report of newestFirst) {
    for (const [path, finding] of findingsOf(report.report)) {
      const field = fieldByPath(framework, path);
      if (!field || found.has(path)) continue;
      const corrected = finding.correctedData;
      const correctedValue =
        corrected && corrected.value !== undefined
          ? formatFieldValue(field, corrected.value, corrected.currency)
          : null;
      const page = corrected?.dataSource?.page;
      found.set(path, {
        verdict: finding.verdict,
        comment: finding.comment,
        uploadTime: report.metaInfo.uploadTime,
        ...(correctedValue ? { correctedValue } : {}),
        ...(correctedValue && page ? { correctedPage: page } : {}),
      });
    }
  }
  return found;
}

/** How many findings of each verdict a report holds, in words: "2 rejected, 1 accepted". */
export function verdictSummary(report: unknown): string {
  const counts = new Map<string, number>();
  for (const [, finding] of findingsOf(report)) {
    const word = finding.verdict
      .replace(/^Qa/, "")
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase();
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts.size === 0
    ? "no findings"
    : [...counts].map(([word, count]) => `${count} ${word}`).join(", ");
}
