import {
  type FrameworkId,
  generateCompleteDataset,
  getFramework,
  listFrameworks,
} from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { unwrap, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { type DatasetColumn, DocumentOpenerProvider, FrameworkView } from "../../components/framework-view";
import { PageFrame } from "../../components/PageFrame";
import { useAuth } from "../auth";
import "./PreviewPage.css";

/**
 * The frameworks shown in the preview, every one of the catalogue but VSME (its data is private), with
 * two periods of sample data each.
 */
const PREVIEW: { frameworkId: FrameworkId; periods: string[] }[] = listFrameworks()
  .filter((framework) => framework.id !== "vsme")
  .map((framework) => ({ frameworkId: framework.id, periods: ["2024", "2023"] }));

function sampleColumns(frameworkId: FrameworkId, periods: string[]): DatasetColumn[] {
  return periods.map((period, index) => ({
    key: `sample-${frameworkId}-${period}`,
    label: period,
    reportingPeriod: period,
    data: generateCompleteDataset(frameworkId, 100 + index),
    qaStatus: "Accepted",
    currentlyActive: true,
  }));
}

/** `/preview`: sample data in the same views as real data, open to visitors without an account. */
export function PreviewPage() {
  const api = useApi();
  const { status, register } = useAuth();
  const [frameworkId, setFrameworkId] = useState<FrameworkId>("sfdr");
  const groupName = useId();
  const teaser = useQuery({
    queryKey: ["preview-company"],
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async () => {
      const ids = await unwrap(api.backend.GET("/companies/teaser"));
      const first = ids[0];
      if (!first) return null;
      const company = await unwrap(
        api.backend.GET("/companies/{companyId}", { params: { path: { companyId: first } } }),
      );
      return { companyId: first, name: company.companyInformation.companyName };
    },
  });
  const entry =
    PREVIEW.find((candidate) => candidate.frameworkId === frameworkId) ??
    (PREVIEW[0] as (typeof PREVIEW)[number]);
  const columns = useMemo(() => sampleColumns(entry.frameworkId, entry.periods), [entry]);
  const companyName = teaser.data?.name ?? "Sample company";

  return (
    <PageFrame
      title="Data preview"
      description="How company data looks on Openverde: every data point with its quality, a comment and the report page it comes from, across reporting periods."
    >
      <div className="preview-banner" role="note">
        <i className="pi pi-info-circle" aria-hidden="true" />
        <div>
          <strong>Preview mode.</strong> The figures below are generated sample data shown for {companyName}:
          they are not the company's real figures, and their source documents cannot be opened.{" "}
          {status === "signedIn" ? (
            <>Search real companies to read their data and reports.</>
          ) : (
            <>Create a free account to read real data and the reports behind it.</>
          )}
        </div>
        <div className="preview-banner__actions">
          {status === "signedIn" ? (
            <ButtonLink to="/companies">Search companies</ButtonLink>
          ) : (
            <button
              type="button"
              className="p-button p-component"
              onClick={() => void register().catch(() => {})}
            >
              Sign up free
            </button>
          )}
          {teaser.data ? (
            <ButtonLink to={`/companies/${teaser.data.companyId}`} variant="outlined">
              Company profile
            </ButtonLink>
          ) : null}
        </div>
      </div>
      <fieldset className="preview-frameworks">
        <legend>Framework</legend>
        {PREVIEW.map((candidate) => (
          <label key={candidate.frameworkId}>
            <input
              type="radio"
              name={groupName}
              checked={candidate.frameworkId === frameworkId}
              onChange={() => setFrameworkId(candidate.frameworkId)}
            />
            {getFramework(candidate.frameworkId).label}
          </label>
        ))}
      </fieldset>
      <DocumentOpenerProvider disabledReason="Sample data: its documents cannot be opened.">
        <FrameworkView
          key={frameworkId}
          frameworkId={entry.frameworkId}
          columns={columns}
          exportName={`Openverde preview ${getFramework(entry.frameworkId).label}`}
        />
      </DocumentOpenerProvider>
    </PageFrame>
  );
}
