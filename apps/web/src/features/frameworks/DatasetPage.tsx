import { getFramework } from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { type DatasetColumn, FrameworkView, QaStatusTag } from "../../components/framework-view";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { formatDateTime } from "../../lib/dates";
import { useCompany } from "../companies/company-api";
import { RejectionReason } from "../datasets/RejectionReason";
import { FrameworkPageFrame, Notice } from "./FrameworkPageFrame";
import { datasetById, frameworkOrUndefined } from "./framework-data-api";
import { useCorrectedColumns } from "./judged-corrections";
import { QaReportList, useQaReports } from "./QaReportList";
import { latestFindings } from "./qa-reports";

/** `/companies/:companyId/frameworks/:dataType/:dataId`: one dataset (one version of one period). */
export function DatasetPage() {
  const { companyId = "", dataType, dataId = "" } = useParams();
  const frameworkId = frameworkOrUndefined(dataType);
  const api = useApi();
  const company = useCompany(companyId);
  const dataset = useQuery({
    queryKey: ["dataset", frameworkId, dataId],
    enabled: frameworkId !== undefined,
    retry: false,
    queryFn: () => datasetById(api, frameworkId ?? "sfdr", dataId),
  });
  const meta = useQuery({
    queryKey: ["metadata", dataId],
    retry: false,
    queryFn: () => unwrap(api.backend.GET("/metadata/{dataId}", { params: { path: { dataId } } })),
  });
  const reports = useQaReports(frameworkId ?? "sfdr", frameworkId ? dataId : "");
  const uncorrected = useMemo((): DatasetColumn[] => {
    if (!dataset.data) return [];
    const findings = frameworkId && reports.data ? latestFindings(frameworkId, reports.data) : undefined;
    return [
      {
        key: dataId,
        label: dataset.data.reportingPeriod,
        data: dataset.data.data,
        dataId,
        reportingPeriod: dataset.data.reportingPeriod,
        ...(meta.data
          ? {
              qaStatus: meta.data.qaStatus,
              currentlyActive: meta.data.currentlyActive,
              uploadTime: meta.data.uploadTime,
            }
          : {}),
        ...(findings && findings.size > 0 ? { qaFindings: findings } : {}),
      },
    ];
  }, [dataset.data, meta.data, dataId, frameworkId, reports.data]);
  // Values a dataset judgement corrected are marked, with the uploaded value beside them.
  const columns = useCorrectedColumns(frameworkId, uncorrected);

  if (!frameworkId) {
    return (
      <PageFrame title="Unknown framework" description="There is no framework under this name.">
        <ButtonLink to={`/companies/${companyId}`}>Back to the company</ButtonLink>
      </PageFrame>
    );
  }
  const framework = getFramework(frameworkId);
  const companyName = company.data?.companyInformation.companyName ?? "this company";
  const period = dataset.data?.reportingPeriod;
  const base = `/companies/${companyId}/frameworks/${frameworkId}`;

  return (
    <FrameworkPageFrame
      companyId={companyId}
      frameworkId={frameworkId}
      crumbs={[
        ...(period ? [{ label: period, to: `${base}/reportingPeriods/${period}` }] : []),
        { label: "Dataset" },
      ]}
      title={`${framework.label} dataset${period ? ` ${period}` : ""} of ${companyName}`}
      description="One uploaded version of this framework's data, with its review status and the sources of every data point."
    >
      {dataset.isPending ? <LoadingIndicator label="Loading the dataset." /> : null}
      {dataset.isError ? (
        <Notice tone="error">
          <p>{dataset.error.message}</p>
          <ButtonLink to={base} variant="text">
            All {framework.label} data of {companyName}
          </ButtonLink>
        </Notice>
      ) : null}
      {meta.data ? (
        <dl className="fw-dataset-meta">
          <div>
            <dt>Review status</dt>
            <dd>
              <QaStatusTag status={meta.data.qaStatus} />
            </dd>
          </div>
          <div>
            <dt>Version</dt>
            <dd>{meta.data.currentlyActive ? "Active for this period" : "Earlier or unreviewed version"}</dd>
          </div>
          <div>
            <dt>Uploaded</dt>
            <dd>{formatDateTime(meta.data.uploadTime)}</dd>
          </div>
          {period ? (
            <div>
              <dt>All versions</dt>
              <dd>
                <Link to={`${base}/reportingPeriods/${period}`}>Versions of {period}</Link>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {meta.data?.qaStatus === "Rejected" ? (
        <Notice tone="error">
          <RejectionReason dataId={dataId} />
          <p>
            A rejected dataset is never shown as this company's data.{" "}
            <Link to={`${base}/upload?templateDataId=${encodeURIComponent(dataId)}`}>
              Edit it as a new version
            </Link>{" "}
            to correct it.
          </p>
        </Notice>
      ) : null}
      {reports.data ? <QaReportList reports={reports.data} /> : null}
      {columns.length > 0 ? (
        <FrameworkView
          frameworkId={frameworkId}
          columns={columns}
          exportName={`${companyName} ${framework.label} ${period ?? ""}`}
          company={{ id: companyId, name: companyName }}
        />
      ) : null}
    </FrameworkPageFrame>
  );
}
