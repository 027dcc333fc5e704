/** Filtering and paging of My datasets. Pure. */
import type { components } from "../../api/generated/backend";

export type UploadedDataset = components["schemas"]["DataMetaInformationForMyDatasets"];

export const PAGE_SIZE = 20;

export interface DatasetFilters {
  search: string;
  framework: string;
  qaStatus: string;
  period: string;
}

/** Newest upload first, narrowed by the filters (company name contains the search text, case-insensitive). */
export function filterDatasets(
  datasets: readonly UploadedDataset[],
  filters: DatasetFilters,
): UploadedDataset[] {
  const search = filters.search.trim().toLowerCase();
  return datasets
    .filter(
      (dataset) =>
        (!search || dataset.companyName.toLowerCase().includes(search)) &&
        (!filters.framework || dataset.dataType === filters.framework) &&
        (!filters.qaStatus || dataset.qualityStatus === filters.qaStatus) &&
        (!filters.period || dataset.reportingPeriod === filters.period),
    )
    .sort((a, b) => b.uploadTime - a.uploadTime);
}

export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = PAGE_SIZE,
): { rows: T[]; pageCount: number; current: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  return { rows: items.slice(current * size, current * size + size), pageCount, current };
}
