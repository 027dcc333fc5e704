import { type FrameworkId, frameworkDescriptions, listFrameworks } from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/backend";
import { Breadcrumb } from "../../components/Breadcrumb";
import { PageFrame } from "../../components/PageFrame";
import { formatDate } from "../../lib/dates";
import { useCompany } from "../companies/company-api";
import "../../components/framework-form/FrameworkForm.css";
import "./UploadFrameworkDataPage.css";
import "./ChooseFrameworkPage.css";

type DataMetaInformation = components["schemas"]["DataMetaInformation"];

export function ChooseFrameworkPage() {
  const { companyId = "" } = useParams();
  const api = useApi();
  const company = useCompany(companyId);
  const metadata = useQuery({
    queryKey: ["upload-metadata", companyId],
    enabled: companyId !== "",
    queryFn: () =>
      unwrap(api.backend.GET("/metadata", { params: { query: { companyId, showOnlyActive: false } } })),
  });
  const companyName = company.data?.companyInformation.companyName;
  const byFramework = new Map<string, DataMetaInformation[]>();
  for (const meta of metadata.data ?? []) {
    byFramework.set(meta.dataType, [...(byFramework.get(meta.dataType) ?? []), meta]);
  }

  return (
    <>
      <Breadcrumb
        trail={[{ label: "Choose a company", to: "/companies/choose" }, { label: companyName ?? "Company" }]}
      />
      <PageFrame
        title="Choose a framework"
        description={
          companyName
            ? `Which framework's data do you want to upload for ${companyName}?`
            : "Pick the framework of the data you want to upload for this company."
        }
      >
        {company.isError ? (
          <p className="ff-message ff-message--block" role="alert">
            This company could not be loaded: {company.error.message}
          </p>
        ) : null}
        {metadata.isError ? (
          <p className="ff-message ff-message--block" role="alert">
            The datasets already on the platform could not be loaded: {metadata.error.message}
          </p>
        ) : null}
        <ul className="choose-fw">
          {listFrameworks().map((framework) => (
            <FrameworkCard
              key={framework.id}
              companyId={companyId}
              frameworkId={framework.id}
              label={framework.label}
              datasets={byFramework.get(framework.id) ?? []}
              loading={metadata.isPending}
            />
          ))}
        </ul>
      </PageFrame>
    </>
  );
}

function FrameworkCard({
  companyId,
  frameworkId,
  label,
  datasets,
  loading,
}: {
  companyId: string;
  frameworkId: FrameworkId;
  label: string;
  datasets: DataMetaInformation[];
  loading: boolean;
}) {
  const navigate = useNavigate();
  const selectId = useId();
  const headingId = useId();
  const [template, setTemplate] = useState("");
  const sorted = [...datasets].sort(
    (a, b) => b.reportingPeriod.localeCompare(a.reportingPeriod) || b.uploadTime - a.uploadTime,
  );
  const periods = [...new Set(sorted.filter((d) => d.currentlyActive).map((d) => d.reportingPeriod))];
  const pendingPeriods = [
    ...new Set(
      sorted.filter((d) => !d.currentlyActive && d.qaStatus === "Pending").map((d) => d.reportingPeriod),
    ),
  ].filter((period) => !periods.includes(period));
  const base = `/companies/${companyId}/frameworks/${frameworkId}/upload`;
  return (
    <li className="choose-fw__card" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      <p className="choose-fw__text">{frameworkDescriptions[frameworkId]}</p>
      <p className="choose-fw__periods">
        {loading ? (
          "Looking for existing data…"
        ) : periods.length > 0 ? (
          <>
            Data for: <strong>{periods.join(", ")}</strong>
          </>
        ) : (
          "No data yet."
        )}
        {pendingPeriods.length > 0 ? <> Waiting for review: {pendingPeriods.join(", ")}.</> : null}
      </p>
      <div className="choose-fw__actions">
        <Link className="p-button p-component" to={base}>
          New {label} dataset
        </Link>
        {sorted.length > 0 ? (
          <form
            className="choose-fw__template"
            onSubmit={(event) => {
              event.preventDefault();
              if (template) navigate(`${base}?templateDataId=${encodeURIComponent(template)}`);
            }}
          >
            <label htmlFor={selectId}>Start from an existing dataset</label>
            <div className="choose-fw__template-row">
              <select
                id={selectId}
                className="p-inputtext p-component ff-input ff-select"
                value={template}
                onChange={(event) => setTemplate(event.target.value)}
              >
                <option value="">Choose a dataset…</option>
                {sorted.map((dataset) => (
                  <option key={dataset.dataId} value={dataset.dataId}>
                    {dataset.reportingPeriod} · {dataset.qaStatus}
                    {dataset.currentlyActive ? " · active" : ""} · uploaded {formatDate(dataset.uploadTime)}
                  </option>
                ))}
              </select>
              <button type="submit" className="p-button p-component p-button-outlined" disabled={!template}>
                Edit as new version
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </li>
  );
}
