import { findFramework, listFrameworks } from "@openverde/frameworks";
import { QA_STATUSES } from "@openverde/frameworks/qa-status";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { PageFrame } from "../../components/PageFrame";
import { SortableHeader, sortRows, useTableSort } from "../../components/sortable";
import { FilterSearch, FilterSelect, sameLabel } from "../../components/workflow";
import { formatDateTime } from "../../lib/dates";
import { useAuth } from "../auth";
import { type DatasetFilters, filterDatasets, PAGE_SIZE, pageOf, type UploadedDataset } from "./my-datasets";
import { RejectionReason } from "./RejectionReason";
import "./MyDatasetsPage.css";

const frameworkOptions = listFrameworks().map((framework) => ({
  value: framework.id,
  label: framework.label,
}));

type SortKey = "company" | "framework" | "period" | "uploaded" | "status";

const sortValueOf: Record<SortKey, (dataset: UploadedDataset) => string | number> = {
  company: (dataset) => dataset.companyName,
  framework: (dataset) => findFramework(dataset.dataType)?.label ?? dataset.dataType,
  period: (dataset) => dataset.reportingPeriod,
  uploaded: (dataset) => dataset.uploadTime,
  status: (dataset) => dataset.qualityStatus,
};

export function MyDatasetsPage() {
  const api = useApi();
  const { user } = useAuth();
  const userId = user?.sub ?? "";
  const uploads = useQuery({
    queryKey: ["my-uploads", userId],
    enabled: userId !== "",
    queryFn: () =>
      unwrap(api.backend.GET("/users/{userId}/uploads", { params: { path: { userId } } })) as Promise<
        UploadedDataset[]
      >,
  });
  const [filters, setFilters] = useState<DatasetFilters>({
    search: "",
    framework: "",
    qaStatus: "",
    period: "",
  });
  const [page, setPage] = useState(0);
  const { sort, onSort } = useTableSort<SortKey>();
  // The whole list is loaded, so sorting orders all matching datasets before they are paged.
  const filtered = useMemo(
    () => sortRows(filterDatasets(uploads.data ?? [], filters), sort, sortValueOf),
    [uploads.data, filters, sort],
  );
  const periods = useMemo(
    () => [...new Set((uploads.data ?? []).map((d) => d.reportingPeriod))].sort().reverse(),
    [uploads.data],
  );
  const { rows, pageCount, current } = pageOf(filtered, page);
  const sortBy = (key: SortKey) => {
    onSort(key);
    setPage(0);
  };
  const update = (patch: Partial<DatasetFilters>) => {
    setFilters((previous) => ({ ...previous, ...patch }));
    setPage(0);
  };

  return (
    <PageFrame
      title="My datasets"
      description="The datasets you have uploaded, with their quality review status."
    >
      <div className="my-datasets__top">
        <ButtonLink to="/companies/choose">
          <span className="pi pi-upload" aria-hidden="true" /> New dataset
        </ButtonLink>
      </div>
      <form
        className="my-datasets__filters"
        aria-label="Filter my datasets"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSearch
          className="my-datasets__filter"
          label="Company"
          placeholder="Filter by company name"
          value={filters.search}
          onChange={(search) => update({ search })}
        />
        <FilterSelect
          className="my-datasets__filter"
          label="Framework"
          allLabel="All frameworks"
          value={filters.framework}
          options={frameworkOptions}
          onChange={(framework) => update({ framework })}
        />
        <FilterSelect
          className="my-datasets__filter"
          label="Reporting period"
          allLabel="All periods"
          value={filters.period}
          options={sameLabel(periods)}
          onChange={(period) => update({ period })}
        />
        <FilterSelect
          className="my-datasets__filter"
          label="QA status"
          allLabel="All statuses"
          value={filters.qaStatus}
          options={sameLabel(QA_STATUSES)}
          onChange={(qaStatus) => update({ qaStatus })}
        />
      </form>

      {uploads.isPending ? <p role="status">Loading your datasets…</p> : null}
      {uploads.isError ? (
        <p className="my-datasets__error" role="alert">
          Your datasets could not be loaded: {uploads.error.message}
        </p>
      ) : null}
      {uploads.isSuccess && (uploads.data?.length ?? 0) === 0 ? (
        <div className="my-datasets__empty">
          <p>You have not uploaded any datasets yet.</p>
          <Link to="/companies/choose">Upload your first dataset</Link>
        </div>
      ) : null}
      {uploads.isSuccess && (uploads.data?.length ?? 0) > 0 ? (
        <>
          <p className="my-datasets__count" aria-live="polite">
            {filtered.length === uploads.data.length
              ? `${filtered.length} dataset${filtered.length === 1 ? "" : "s"}`
              : `${filtered.length} of ${uploads.data.length} datasets match the filters`}
          </p>
          <div className="my-datasets__table-wrap">
            <table className="my-datasets__table">
              <caption className="visually-hidden">My uploaded datasets</caption>
              <thead>
                <tr>
                  <SortableHeader label="Company" sortKey="company" sort={sort} onSort={sortBy} />
                  <SortableHeader label="Framework" sortKey="framework" sort={sort} onSort={sortBy} />
                  <SortableHeader label="Reporting period" sortKey="period" sort={sort} onSort={sortBy} />
                  <SortableHeader label="Uploaded" sortKey="uploaded" sort={sort} onSort={sortBy} />
                  <SortableHeader label="Status" sortKey="status" sort={sort} onSort={sortBy} />
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((dataset) => {
                  const label = findFramework(dataset.dataType)?.label ?? dataset.dataType;
                  return (
                    <tr key={dataset.dataId}>
                      <td>
                        <Link to={`/companies/${dataset.companyId}`}>{dataset.companyName}</Link>
                      </td>
                      <td>{label}</td>
                      <td>{dataset.reportingPeriod}</td>
                      <td>{formatDateTime(dataset.uploadTime)}</td>
                      <td>
                        <span
                          className={`my-datasets__status my-datasets__status--${dataset.qualityStatus.toLowerCase()}`}
                        >
                          {dataset.qualityStatus}
                        </span>
                        {dataset.currentlyActive ? <span className="my-datasets__active">Active</span> : null}
                        {dataset.qualityStatus === "Rejected" ? (
                          <RejectionReason dataId={dataset.dataId} className="my-datasets__reason" />
                        ) : null}
                      </td>
                      <td className="my-datasets__actions">
                        <Link
                          to={`/companies/${dataset.companyId}/frameworks/${dataset.dataType}/${dataset.dataId}`}
                          aria-label={`View ${label} ${dataset.reportingPeriod} of ${dataset.companyName}`}
                        >
                          View
                        </Link>
                        {findFramework(dataset.dataType) ? (
                          <Link
                            to={`/companies/${dataset.companyId}/frameworks/${dataset.dataType}/upload?templateDataId=${encodeURIComponent(dataset.dataId)}`}
                            aria-label={`Edit as new version: ${label} ${dataset.reportingPeriod} of ${dataset.companyName}`}
                          >
                            Edit as new version
                          </Link>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pageCount > 1 ? (
            <nav className="my-datasets__pager" aria-label="Pages of my datasets">
              <button
                type="button"
                className="p-button p-component p-button-text p-button-sm"
                disabled={current === 0}
                onClick={() => setPage(current - 1)}
              >
                Previous
              </button>
              <span aria-live="polite">
                Page {current + 1} of {pageCount} ({PAGE_SIZE} per page)
              </span>
              <button
                type="button"
                className="p-button p-component p-button-text p-button-sm"
                disabled={current >= pageCount - 1}
                onClick={() => setPage(current + 1)}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </PageFrame>
  );
}
