import type { FrameworkId } from "@openverde/frameworks";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { PageFrame } from "../../components/PageFrame";
import {
  dataPointTypeIds,
  filterRows,
  type OverviewRow,
  overviewFrameworks,
  overviewRows,
} from "./overview-model";
import "./FrameworkOverviewPage.css";

const ALL = "all";
const SHOWN_OPTIONS = 8;

/** Path → data point type id per framework; a stable function, so TanStack Query memoises the result. */
function typeIdsByFramework(trees: { data?: { framework: { id: string }; schema: string } }[]) {
  const byFramework = new Map<string, Map<string, string>>();
  for (const tree of trees) {
    if (tree.data) byFramework.set(tree.data.framework.id, dataPointTypeIds(tree.data.schema));
  }
  return byFramework;
}

function useSpecifiedFrameworks() {
  const api = useApi();
  const list = useQuery({
    queryKey: ["specifications", "frameworks"],
    queryFn: () => unwrap(api.specifications.GET("/frameworks")),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const specified = (list.data ?? []).map((entry) => entry.framework.id);
  const typeIds = useQueries({
    queries: specified.map((id) => ({
      queryKey: ["specifications", "frameworks", id],
      queryFn: () =>
        unwrap(
          api.specifications.GET("/frameworks/{frameworkSpecificationId}", {
            params: { path: { frameworkSpecificationId: id } },
          }),
        ),
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: typeIdsByFramework,
  });
  return { specified: new Set(specified), typeIds, loading: list.isPending, failed: list.isError };
}

function DataPointTypeDetails({ typeId }: { typeId: string }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const details = useQuery({
    queryKey: ["specifications", "data-point-types", typeId],
    queryFn: () =>
      unwrap(
        api.specifications.GET("/data-point-types/{dataPointTypeId}", {
          params: { path: { dataPointTypeId: typeId } },
        }),
      ),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <details className="fo-type" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <code>{typeId}</code>
      </summary>
      {details.isPending && open ? <p className="fo-muted">Loading…</p> : null}
      {details.isError ? <p className="fo-muted">The specification could not be loaded.</p> : null}
      {details.data ? (
        <dl className="fo-type__facts">
          <dt>Definition</dt>
          <dd>{details.data.businessDefinition}</dd>
          <dt>Base type</dt>
          <dd>
            <code>{details.data.dataPointBaseType.id}</code>
          </dd>
          {details.data.constraints?.length ? (
            <>
              <dt>Constraints</dt>
              <dd>{details.data.constraints.join(", ")}</dd>
            </>
          ) : null}
          {details.data.calculationRules.length ? (
            <>
              <dt>Calculation</dt>
              <dd>
                {details.data.calculationRules
                  .map((rule) => `${rule.calculationMethod}(${rule.inputs.join(", ")})`)
                  .join("; ")}
              </dd>
            </>
          ) : null}
          <dt>Used by</dt>
          <dd>{details.data.usedBy.map((usage) => usage.id).join(", ")}</dd>
        </dl>
      ) : null}
    </details>
  );
}

function Options({ options }: { options: string[] }) {
  if (options.length === 0) return <span className="fo-muted">–</span>;
  const first = options.slice(0, SHOWN_OPTIONS);
  const rest = options.slice(SHOWN_OPTIONS);
  return (
    <>
      <ul className="fo-options">
        {first.map((option) => (
          <li key={option}>{option}</li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="fo-more">
          <summary>{rest.length} more</summary>
          <ul className="fo-options">
            {rest.map((option) => (
              <li key={option}>{option}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function Row({ row, typeId }: { row: OverviewRow; typeId: string | undefined }) {
  return (
    <tr>
      <th scope="row" className="fo-label">
        <span className="fo-label__text">{row.label}</span>
        <code className="fo-path">{row.path}</code>
        {row.help ? <span className="fo-help">{row.help}</span> : null}
      </th>
      <td>
        {row.type}
        <span className="fo-tags">
          {row.required ? <span className="fo-tag fo-tag--required">Mandatory</span> : null}
          {row.conditional ? <span className="fo-tag">Conditional</span> : null}
          {row.extended ? <span className="fo-tag">With source</span> : null}
        </span>
        {row.range ? <span className="fo-muted fo-block">Range: {row.range}</span> : null}
        {row.entryFields.length > 0 ? (
          <span className="fo-muted fo-block">Entries: {row.entryFields.join(", ")}</span>
        ) : null}
      </td>
      <td>{row.unit ?? <span className="fo-muted">–</span>}</td>
      <td>
        <Options options={row.options} />
      </td>
      <td>{typeId ? <DataPointTypeDetails typeId={typeId} /> : <span className="fo-muted">–</span>}</td>
    </tr>
  );
}

function FrameworkTable({
  frameworkId,
  label,
  rows,
  total,
  typeIds,
  specified,
}: {
  frameworkId: FrameworkId;
  label: string;
  rows: OverviewRow[];
  total: number;
  typeIds: Map<string, string> | undefined;
  specified: boolean;
}) {
  const headingId = `fo-${frameworkId}`;
  const sections = new Map<string, OverviewRow[]>();
  for (const row of rows) {
    const list = sections.get(row.section) ?? [];
    list.push(row);
    sections.set(row.section, list);
  }
  return (
    <section className="fo-framework" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {label}{" "}
        <span className="fo-count">
          ({rows.length === total ? total : `${rows.length} of ${total}`} data points)
        </span>
      </h2>
      <p className="fo-muted">
        {specified
          ? "Data point types from the specifications API; types, units and options from the framework definitions."
          : "This framework has no specification in the specifications API; everything shown comes from the framework definitions."}
      </p>
      <div className="fo-table-wrap">
        <table className="fo-table">
          <thead>
            <tr>
              <th scope="col">Data point</th>
              <th scope="col">Type</th>
              <th scope="col">Unit</th>
              <th scope="col">Options</th>
              <th scope="col">Data point type</th>
            </tr>
          </thead>
          {[...sections].map(([section, sectionRows]) => (
            <tbody key={section}>
              <tr className="fo-section">
                <th scope="colgroup" colSpan={5}>
                  {section}
                </th>
              </tr>
              {sectionRows.map((row) => (
                <Row key={row.path} row={row} typeId={typeIds?.get(row.path)} />
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

/** Every framework's data points with type, unit and options, searchable (spec: framework overview). */
export function FrameworkOverviewPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("framework") ?? ALL;
  const framework = overviewFrameworks.some((entry) => entry.id === requested) ? requested : ALL;
  const query = params.get("q") ?? "";
  const deferredQuery = useDeferredValue(query);
  const { specified, typeIds, failed } = useSpecifiedFrameworks();
  const searchId = useId();
  const frameworkSelectId = useId();

  const update = (key: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const shown = overviewFrameworks.filter((entry) => framework === ALL || entry.id === framework);
  const results = shown.map((entry) => {
    const rows = overviewRows(entry.id);
    return { ...entry, rows: filterRows(rows, deferredQuery), total: rows.length };
  });
  const found = results.reduce((sum, result) => sum + result.rows.length, 0);
  const total = results.reduce((sum, result) => sum + result.total, 0);

  return (
    <PageFrame
      title="Framework overview"
      description="Every data point of the frameworks on Openverde, with its type, unit and answer options."
    >
      <search className="fo-controls">
        <div className="fo-control">
          <label htmlFor={frameworkSelectId}>Framework</label>
          <select
            id={frameworkSelectId}
            className="p-inputtext"
            value={framework}
            onChange={(event) => update("framework", event.target.value, ALL)}
          >
            <option value={ALL}>All frameworks</option>
            {overviewFrameworks.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <div className="fo-control fo-control--grow">
          <label htmlFor={searchId}>Search data points</label>
          <input
            id={searchId}
            type="search"
            className="p-inputtext"
            value={query}
            placeholder="e.g. scope 1, water, NACE, yes"
            onChange={(event) => update("q", event.target.value, "")}
          />
        </div>
      </search>
      <p className="fo-summary" aria-live="polite">
        {found === total
          ? `${total} data points`
          : `${found} of ${total} data points match “${deferredQuery}”`}
      </p>
      {failed ? (
        <p className="fo-muted">
          The specifications API could not be reached; data point types are not shown.
        </p>
      ) : null}
      {results
        .filter((result) => result.rows.length > 0 || framework !== ALL)
        .map((result) => (
          <FrameworkTable
            key={result.id}
            frameworkId={result.id}
            label={result.label}
            rows={result.rows}
            total={result.total}
            typeIds={typeIds.get(result.id)}
            specified={specified.has(result.id)}
          />
        ))}
    </PageFrame>
  );
}
