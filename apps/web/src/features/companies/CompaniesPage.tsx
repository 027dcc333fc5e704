import { getFramework, isFrameworkId, listFrameworks } from "@openverde/frameworks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MultiSelect } from "primereact/multiselect";
import { Paginator } from "primereact/paginator";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { PageFrame } from "../../components/PageFrame";
import { SortableHeader, sortRows, useTableSort } from "../../components/sortable";
import { site } from "../../content/site";
import { CompanySearchBox } from "./CompanySearchBox";
import { countryName } from "./company-api";
import { MEMBER_BENEFITS } from "./membership";
import {
  apiFilters,
  type CompanySearch,
  inclusionRequestMail,
  PAGE_SIZES,
  readSearch,
  writeSearch,
} from "./search-params";
import "./CompaniesPage.css";

const frameworkOptions = listFrameworks().map((framework) => ({
  label: framework.label,
  value: framework.id,
}));

const premiumEnquiry = `mailto:${site.contactEmail}?subject=${encodeURIComponent(
  "Membership: premium access for my company",
)}&body=${encodeURIComponent(
  [
    "Hello Openverde team,",
    "",
    "We would like our company to become a member of Openverde, so that our people get premium access.",
    "",
    "Company (name and LEI or another identifier):",
    "Who of us has a role at the company on Openverde:",
    "Companies and frameworks we are interested in:",
    "",
    "Kind regards,",
  ].join("\n"),
)}`;

type SortKey = "company" | "lei" | "sector" | "country" | "frameworks";

/** `/companies`: search all companies, filter them, page through the results. */
export function CompaniesPage() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readSearch(params), [params]);
  const update = (change: Partial<CompanySearch>) =>
    setParams(writeSearch({ ...search, page: 0, ...change }), { replace: change.page !== undefined });
  const filters = apiFilters(search);

  const meta = useQuery({
    queryKey: ["company-meta-information"],
    staleTime: 10 * 60_000,
    queryFn: () => unwrap(api.backend.GET("/companies/meta-information")),
  });
  const results = useQuery({
    queryKey: ["companies", filters, search.page, search.pageSize],
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.backend.GET("/companies", {
          params: { query: { ...filters, chunkSize: search.pageSize, chunkIndex: search.page } },
        }),
      ),
  });
  const total = useQuery({
    queryKey: ["companies-count", filters],
    placeholderData: keepPreviousData,
    queryFn: () => unwrap(api.backend.GET("/companies/numberOfCompanies", { params: { query: filters } })),
  });
  const companyIds = (results.data ?? []).map((company) => company.companyId);
  const dimensions = useQuery({
    queryKey: ["available-data-dimensions", companyIds],
    enabled: companyIds.length > 0,
    staleTime: 60_000,
    retry: false,
    queryFn: () =>
      unwrap(api.backend.GET("/metadata/available-data-dimensions", { params: { query: { companyIds } } })),
  });
  const frameworksByCompany = useMemo(() => {
    const map = new Map<string, Set<string>>();
    for (const dimension of dimensions.data ?? []) {
      if (!isFrameworkId(dimension.dataType)) continue;
      const set = map.get(dimension.companyId) ?? new Set<string>();
      set.add(dimension.dataType);
      map.set(dimension.companyId, set);
    }
    return map;
  }, [dimensions.data]);

  const countryOptions = (meta.data?.countryCodes ?? [])
    .map((code) => ({ label: countryName(code), value: code }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const sectorOptions = (meta.data?.sectors ?? []).map((sector) => ({ label: sector, value: sector }));
  const count = total.data ?? 0;
  const hasFilters = search.frameworks.length + search.countries.length + search.sectors.length > 0;
  const { sort, onSort } = useTableSort<SortKey>();
  // GET /companies ranks the search and pages it; it cannot order by a column, so a header sorts the
  // companies of the page shown (the summary line says so).
  const rows = sortRows(results.data ?? [], sort, {
    company: (company) => company.companyName,
    lei: (company) => company.lei,
    sector: (company) => company.sector,
    country: (company) => countryName(company.countryCode),
    frameworks: (company) => frameworksByCompany.get(company.companyId)?.size ?? 0,
  });

  return (
    <PageFrame
      title="Companies"
      description="Search all companies on Openverde by name or identifier, filter them by framework, country and sector, and open a company to read its data."
    >
      <div className="companies-search-panel">
        <CompanySearchBox initial={search.query} onSearch={(query) => update({ query })} />
        <fieldset className="companies-filters">
          <legend className="visually-hidden">Filters</legend>
          <MultiSelect
            inputId="filter-frameworks"
            aria-label="Frameworks"
            value={search.frameworks}
            options={frameworkOptions}
            onChange={(event) => update({ frameworks: event.value })}
            placeholder="Framework"
            maxSelectedLabels={2}
            selectedItemsLabel="{0} frameworks"
            display="comma"
            className="companies-filter"
          />
          <MultiSelect
            inputId="filter-countries"
            aria-label="Countries"
            value={search.countries}
            options={countryOptions}
            onChange={(event) => update({ countries: event.value })}
            placeholder="Country"
            filter
            maxSelectedLabels={2}
            selectedItemsLabel="{0} countries"
            className="companies-filter"
          />
          <MultiSelect
            inputId="filter-sectors"
            aria-label="Sectors"
            value={search.sectors}
            options={sectorOptions}
            onChange={(event) => update({ sectors: event.value })}
            placeholder="Sector"
            filter
            maxSelectedLabels={2}
            selectedItemsLabel="{0} sectors"
            className="companies-filter"
          />
          {hasFilters ? (
            <button
              type="button"
              className="p-button p-component p-button-text p-button-sm"
              onClick={() => update({ frameworks: [], countries: [], sectors: [] })}
            >
              Clear filters
            </button>
          ) : null}
        </fieldset>
      </div>

      <section
        className="companies-results"
        aria-labelledby="companies-results-heading"
        aria-busy={results.isFetching}
      >
        <div className="companies-results__head">
          <h2 id="companies-results-heading">Results</h2>
          <p aria-live="polite">
            {total.isSuccess
              ? `${count.toLocaleString("en-GB")} ${count === 1 ? "company" : "companies"}`
              : ""}
            {search.query.trim() ? ` matching “${search.query.trim()}”` : ""}
            {sort ? "; sorted on this page only" : ""}
          </p>
        </div>
        {results.isError ? (
          <p className="companies-error" role="alert">
            {results.error.message}
          </p>
        ) : null}
        <div className="companies-table-wrap">
          <table className="companies-table">
            <caption className="visually-hidden">
              Companies found, best match first; the column headers sort the companies of this page
            </caption>
            <thead>
              <tr>
                <SortableHeader label="Company" sortKey="company" sort={sort} onSort={onSort} />
                <SortableHeader label="LEI" sortKey="lei" sort={sort} onSort={onSort} />
                <SortableHeader label="Sector" sortKey="sector" sort={sort} onSort={onSort} />
                <SortableHeader label="Country" sortKey="country" sort={sort} onSort={onSort} />
                <SortableHeader
                  label="Frameworks with data"
                  sortKey="frameworks"
                  sort={sort}
                  onSort={onSort}
                />
              </tr>
            </thead>
            <tbody>
              {rows.map((company) => {
                const frameworks = [...(frameworksByCompany.get(company.companyId) ?? [])];
                return (
                  <tr key={company.companyId}>
                    <th scope="row">
                      <Link to={`/companies/${company.companyId}`}>{company.companyName}</Link>
                      <span className="companies-table__hq">{company.headquarters}</span>
                    </th>
                    <td className="companies-table__lei">{company.lei ?? "—"}</td>
                    <td>{company.sector ?? "—"}</td>
                    <td>{countryName(company.countryCode)}</td>
                    <td>
                      {frameworks.length ? (
                        <ul className="companies-frameworks">
                          {frameworks.map((id) => (
                            <li key={id}>{isFrameworkId(id) ? getFramework(id).label : id}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className="companies-muted">{dimensions.isPending ? "…" : "None yet"}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
              {results.isSuccess && rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="companies-empty">
                    No company matches this search. Check the spelling, try an identifier, or ask us to add
                    the company below.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
        {count > search.pageSize ? (
          <Paginator
            first={search.page * search.pageSize}
            rows={search.pageSize}
            totalRecords={count}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(event) => update({ page: event.page, pageSize: event.rows })}
            template={{
              layout:
                "FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport",
              // A native, labelled select: PrimeReact's dropdown leaves a hidden select without a name (axe).
              // biome-ignore lint/correctness/noComponentHookFactories: PrimeReact calls this as a render function, not as a component.
              RowsPerPageDropdown: (options) => (
                <select
                  className="p-inputtext p-component companies-paginator__rows"
                  aria-label="Companies per page"
                  value={options.value}
                  onChange={(event) => update({ page: 0, pageSize: Number(event.target.value) })}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              ),
            }}
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            className="companies-paginator"
          />
        ) : null}
      </section>

      <div className="companies-cards">
        <section className="companies-card" aria-labelledby="missing-company">
          <h2 id="missing-company">Company missing?</h2>
          <p>
            If a company you are looking for is not on Openverde, tell us its name and an identifier and we
            add it, so that its data can be requested and uploaded.
          </p>
          <a
            className="p-button p-component p-button-outlined button-link"
            href={inclusionRequestMail(site.contactEmail, search.query)}
          >
            <i className="pi pi-envelope" aria-hidden="true" />
            &nbsp;Request the company's inclusion
          </a>
        </section>
        <section className="companies-card companies-card--premium" aria-labelledby="single-data-request">
          <h2 id="single-data-request">Single Data Request</h2>
          <p>
            Need a framework for a company that nobody has asked for yet? Every signed-in user can request
            data from a company's page. Companies that are members of Openverde make everyone with a role
            there a <strong>premium user</strong>, who gets:
          </p>
          <ul className="companies-card__list">
            {MEMBER_BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <p>
            To make your company a member, write to us with its name and identifier; once an admin has given
            it the right, you and your colleagues have premium access from your next visit on.
          </p>
          <a className="p-button p-component button-link" href={premiumEnquiry}>
            <i className="pi pi-star" aria-hidden="true" />
            &nbsp;Ask about premium access
          </a>
        </section>
      </div>
    </PageFrame>
  );
}
