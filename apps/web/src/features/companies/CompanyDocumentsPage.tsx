import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { Breadcrumb } from "../../components/Breadcrumb";
import {
  DocumentOpenerProvider,
  useDocumentLoader,
  useDocumentOpener,
} from "../../components/framework-view";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { formatDate } from "../../lib/dates";
import { useCompany } from "./company-api";
import "./CompanyPages.css";
import "./CompaniesPage.css";

const CATEGORIES = [
  { value: "AnnualReport", label: "Annual report" },
  { value: "SustainabilityReport", label: "Sustainability report" },
  { value: "Policy", label: "Policy" },
  { value: "Other", label: "Other" },
] as const;
type Category = (typeof CATEGORIES)[number]["value"];
const PAGE_SIZE = 20;
/** Spec §3: the reporting periods offered, newest first. */
const PERIODS = ["2025", "2024", "2023", "2022", "2021", "2020", "2019"];

const isCategory = (value: string | null): value is Category =>
  CATEGORIES.some((category) => category.value === value);

function DocumentActions({ documentId, name }: { documentId: string; name: string }) {
  const { open } = useDocumentOpener();
  const load = useDocumentLoader();
  const download = async () => {
    const blob = await load({ fileReference: documentId });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="documents-actions">
      <button
        type="button"
        className="p-button p-component p-button-sm p-button-outlined"
        onClick={() => open?.({ fileReference: documentId, fileName: name })}
      >
        <i className="pi pi-eye" aria-hidden="true" />
        &nbsp;Open<span className="visually-hidden"> {name}</span>
      </button>
      <button
        type="button"
        className="p-button p-component p-button-sm p-button-text"
        onClick={() => void download()}
      >
        <i className="pi pi-download" aria-hidden="true" />
        &nbsp;Download<span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}

/** `/companies/:companyId/documents`: the reports of a company, filtered by category and period. */
export function CompanyDocumentsPage() {
  const { companyId = "" } = useParams();
  const api = useApi();
  const loader = useDocumentLoader();
  const company = useCompany(companyId);
  const [params, setParams] = useSearchParams();
  const category = params.get("category");
  const period = params.get("period") ?? "";
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "1", 10) - 1 || 0);
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== "page") next.delete("page");
        return next;
      },
      { replace: key === "page" },
    );

  const query = useMemo(
    () => ({
      companyId,
      ...(isCategory(category) ? { documentCategories: [category] } : {}),
      ...(period ? { reportingPeriod: period } : {}),
    }),
    [companyId, category, period],
  );
  const documents = useQuery({
    queryKey: ["documents", query, page],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () => {
      const call = api.documents.GET("/", {
        params: { query: { ...query, chunkSize: PAGE_SIZE, chunkIndex: page } },
      });
      const list = await unwrap(call);
      // How many match in all comes in a header, beside the reference's bare list.
      const total = Number((await call).response.headers.get("x-total-count") ?? list.length);
      return { list, total, hasNext: (page + 1) * PAGE_SIZE < total };
    },
  });
  const companyName = company.data?.companyInformation.companyName ?? "Company";
  const rows = documents.data?.list ?? [];

  return (
    <DocumentOpenerProvider loader={loader}>
      <Breadcrumb
        trail={[
          { label: "Companies", to: "/companies" },
          { label: companyName, to: `/companies/${companyId}` },
          { label: "Documents" },
        ]}
      />
      <PageFrame
        title={`Documents of ${companyName}`}
        description="The reports this company's data comes from. Open one to read it in the viewer, or download it."
      >
        <div className="companies-filters documents-filters">
          <label className="fw-select">
            Category
            <select
              value={isCategory(category) ? category : ""}
              onChange={(event) => set("category", event.target.value)}
            >
              <option value="">All categories</option>
              {CATEGORIES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="fw-select">
            Reporting period
            <select value={period} onChange={(event) => set("period", event.target.value)}>
              <option value="">All periods</option>
              {PERIODS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        </div>
        {documents.isPending ? <LoadingIndicator label="Loading the documents." /> : null}
        {documents.isError ? (
          <p className="companies-error" role="alert">
            {documents.error.message}
          </p>
        ) : null}
        {documents.isSuccess ? (
          <p className="documents-total" aria-live="polite">
            {documents.data.total === 1 ? "1 document" : `${documents.data.total} documents`}
          </p>
        ) : null}
        {documents.isSuccess ? (
          <div className="companies-table-wrap">
            <table className="companies-table">
              <caption className="visually-hidden">Documents of {companyName}</caption>
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Category</th>
                  <th scope="col">Reporting period</th>
                  <th scope="col">Published</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const name = row.documentName ?? row.documentId.slice(0, 12);
                  return (
                    <tr key={row.documentId}>
                      <th scope="row" className="documents-name">
                        {name.replaceAll("_", " ")}
                      </th>
                      <td>
                        {CATEGORIES.find((option) => option.value === row.documentCategory)?.label ?? "—"}
                      </td>
                      <td>{row.reportingPeriod ?? "—"}</td>
                      <td>{formatDate(row.publicationDate)}</td>
                      <td>
                        <DocumentActions documentId={row.documentId} name={name} />
                      </td>
                    </tr>
                  );
                })}
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="companies-empty">
                      No documents match these filters.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        ) : null}
        {page > 0 || documents.data?.hasNext ? (
          <nav className="documents-paging" aria-label="Pages of documents">
            <button
              type="button"
              className="p-button p-component p-button-sm p-button-outlined"
              disabled={page === 0}
              onClick={() => set("page", page > 1 ? String(page) : "")}
            >
              Previous
            </button>
            <span>Page {page + 1}</span>
            <button
              type="button"
              className="p-button p-component p-button-sm p-button-outlined"
              disabled={!documents.data?.hasNext}
              onClick={() => set("page", String(page + 2))}
            >
              Next
            </button>
          </nav>
        ) : null}
      </PageFrame>
    </DocumentOpenerProvider>
  );
}
