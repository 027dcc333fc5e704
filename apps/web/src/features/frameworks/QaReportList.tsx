import type { FrameworkId } from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";
import type { paths as QaPaths } from "../../api/generated/qa";
import { formatDateTime } from "../../lib/dates";
import { type DatasetQaReport, verdictSummary } from "./qa-reports";

/** The frameworks whose datasets take QA reports (the /qa API has their report operations). */
const FRAMEWORKS_WITH_REPORTS = [
  "sfdr",
  "pcaf",
  "nuclear-and-gas",
  "eutaxonomy-non-financials",
  "eutaxonomy-non-financials-2026-73",
  "eutaxonomy-financials",
  "eutaxonomy-financials-2026-73",
] as const satisfies readonly FrameworkId[];
type ReportedFramework = (typeof FRAMEWORKS_WITH_REPORTS)[number];
// Type-checked against the generated API: each of them has its report operation.
type ReportPath = `/data/${ReportedFramework}/{dataId}/reports`;
const everyPathPublished: ReportPath extends keyof QaPaths ? true : never = true;

const hasReports = (frameworkId: FrameworkId): frameworkId is ReportedFramework =>
  everyPathPublished && (FRAMEWORKS_WITH_REPORTS as readonly string[]).includes(frameworkId);

/**
 * The QA reports on a dataset (deactivated ones included, marked so), for every reader of the
 * dataset; none for frameworks without reports or when they cannot be read.
 */
export function useQaReports(frameworkId: FrameworkId, dataId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ["qa-reports", frameworkId, dataId],
    enabled: hasReports(frameworkId) && dataId !== "",
    retry: false,
    staleTime: 60_000,
    queryFn: async () => {
      // Every framework's operation has the same parameters; their bodies differ by framework only.
      const path = `/data/${frameworkId}/{dataId}/reports` as "/data/sfdr/{dataId}/reports";
      const reports = await unwrap(
        api.qa.GET(path, { params: { path: { dataId }, query: { showInactive: true } } }),
      );
      return reports as DatasetQaReport[];
    },
  });
}

/** The dataset's QA reports: when, whether still active, and how many findings of each verdict. */
export function QaReportList({ reports }: { reports: readonly DatasetQaReport[] }) {
  if (reports.length === 0) return null;
  const newestFirst = [...reports].sort((a, b) => b.metaInfo.uploadTime - a.metaInfo.uploadTime);
  return (
    <section className="fw-qa-reports" aria-labelledby="fw-qa-reports-heading">
      <h2 id="fw-qa-reports-heading">QA reports</h2>
      <p>
        Reviewers checked this dataset data point by data point. The view below shows the newest active
        finding next to each value it concerns; focus or hover a verdict to read the reviewer's comment.
      </p>
      <ul>
        {newestFirst.map((report) => (
          <li key={report.metaInfo.qaReportId}>
            <strong>{formatDateTime(report.metaInfo.uploadTime)}</strong>: {verdictSummary(report.report)}
            {report.metaInfo.active ? "" : " (deactivated)"}
          </li>
        ))}
      </ul>
    </section>
  );
}
