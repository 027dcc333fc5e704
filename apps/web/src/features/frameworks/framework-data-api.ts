/**
 * Framework data calls for any framework id. The server has one path family per framework
 * (`/data/sfdr/...`, `/data/lksg/...`), all of the same shape; the typed client is asked for the SFDR
 * paths and the framework id is put in, so params and results stay checked.
 */
import { type FrameworkId, findFramework } from "@openverde/frameworks";
import type { ApiClients } from "../../api";
import { unwrap } from "../../api";
import type { components } from "../../api/generated/backend";
import type { DatasetColumn } from "../../components/framework-view";

export type DataMetaInformation = components["schemas"]["DataMetaInformation"];

export interface DatasetWithMeta {
  metaInfo: DataMetaInformation;
  data: unknown;
}

type CompanyDataPath = "/data/sfdr/companies/{companyId}";
type DatasetPath = "/data/sfdr/{dataId}";

export function frameworkOrUndefined(dataType: string | undefined): FrameworkId | undefined {
  return dataType ? findFramework(dataType)?.id : undefined;
}

export function companyDatasets(
  api: ApiClients,
  frameworkId: FrameworkId,
  companyId: string,
  query: { showOnlyActive?: boolean; reportingPeriod?: string },
): Promise<DatasetWithMeta[]> {
  const path = `/data/${frameworkId}/companies/{companyId}` as CompanyDataPath;
  return unwrap(api.backend.GET(path, { params: { path: { companyId }, query } })) as Promise<
    DatasetWithMeta[]
  >;
}

/**
 * Of every version a reader may see, the active dataset of each period and, where one is newer, the
 * newest dataset still waiting for review, so an upload shows as pending instead of missing. Who sees
 * a dataset under review (its uploader, reviewers and admins) is the server's decision.
 */
export function activeAndPending(datasets: readonly DatasetWithMeta[]): DatasetWithMeta[] {
  const newest = new Map<string, { active?: DatasetWithMeta; pending?: DatasetWithMeta }>();
  for (const dataset of datasets) {
    const meta = dataset.metaInfo;
    const period = newest.get(meta.reportingPeriod) ?? {};
    if (meta.currentlyActive) period.active = dataset;
    else if (meta.qaStatus === "Pending" && meta.uploadTime > (period.pending?.metaInfo.uploadTime ?? -1))
      period.pending = dataset;
    newest.set(meta.reportingPeriod, period);
  }
  return [...newest.values()].flatMap(({ active, pending }) => [
    ...(active ? [active] : []),
    ...(pending && pending.metaInfo.uploadTime > (active?.metaInfo.uploadTime ?? -1) ? [pending] : []),
  ]);
}

/** The active datasets of a company and the newer ones waiting for review that the reader may see. */
export async function activeAndPendingDatasets(
  api: ApiClients,
  frameworkId: FrameworkId,
  companyId: string,
): Promise<DatasetWithMeta[]> {
  return activeAndPending(await companyDatasets(api, frameworkId, companyId, { showOnlyActive: false }));
}

export async function datasetById(
  api: ApiClients,
  frameworkId: FrameworkId,
  dataId: string,
): Promise<{ companyId: string; reportingPeriod: string; data: unknown }> {
  const path = `/data/${frameworkId}/{dataId}` as DatasetPath;
  return unwrap(api.backend.GET(path, { params: { path: { dataId } } }));
}

export function toColumn(dataset: DatasetWithMeta): DatasetColumn {
  const meta = dataset.metaInfo;
  return {
    key: meta.dataId,
    label: meta.reportingPeriod,
    data: dataset.data,
    dataId: meta.dataId,
    reportingPeriod: meta.reportingPeriod,
    qaStatus: meta.qaStatus,
    currentlyActive: meta.currentlyActive,
    uploadTime: meta.uploadTime,
  };
}
