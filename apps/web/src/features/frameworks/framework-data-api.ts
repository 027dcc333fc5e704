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
