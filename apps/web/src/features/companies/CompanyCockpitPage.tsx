import { type FrameworkId, getFramework, isFrameworkId } from "@openverde/frameworks";
import { type CompanyRole, companyRolesAllow } from "@openverde/frameworks/access";
import { useMutation, useQueries, useQuery } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useId, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { Breadcrumb } from "../../components/Breadcrumb";
import { ButtonLink } from "../../components/ButtonLink";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { PlainButton } from "../../components/PlainButton";
import { rolesAllow, useAuth } from "../auth";
import { useCompanyHasOwner, useHasCompanyRole } from "./community-checks";
import { countryName, useCompany } from "./company-api";
import { type StandInSource, standInSources, useCompanyProxies } from "./company-proxies";
import { PendingData } from "./PendingData";
import { ProxyNote } from "./ProxyNote";
import "./CompanyPages.css";

const IDENTIFIER_LABELS: Record<string, string> = {
  Lei: "LEI",
  Isin: "ISIN",
  PermId: "PermID",
  Ticker: "Ticker",
  Duns: "DUNS",
  CompanyRegistrationNumber: "Registration number",
  VatNumber: "VAT number",
};

const SUBSIDIARIES_SHOWN = 8;

// Loaded (with ECharts) only for a company with active data, so the others' cockpits stay as light as before.
const KeyFigures = lazy(async () => ({ default: (await import("./KeyFigures")).KeyFigures }));

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

interface FrameworkSummary {
  frameworkId: FrameworkId;
  periods: number;
  /** Reporting periods with active data, newest first; only known to signed-in users. */
  activePeriods?: string[];
  /** Proxy companies whose data stands in for periods without data of the company's own. */
  standIns: StandInSource[];
}

function FrameworkCard({
  companyId,
  summary,
  signedIn,
  mayUpload,
}: {
  companyId: string;
  summary: FrameworkSummary;
  signedIn: boolean;
  mayUpload: boolean;
}) {
  const framework = getFramework(summary.frameworkId);
  const headingId = useId();
  const hasData = summary.periods > 0 || (summary.activePeriods?.length ?? 0) > 0;
  const base = `/companies/${companyId}/frameworks/${summary.frameworkId}`;
  const latest = summary.activePeriods?.[0];
  return (
    <li
      className={`cockpit-framework${hasData ? "" : " cockpit-framework--empty"}`}
      aria-labelledby={headingId}
    >
      <div className="cockpit-framework__head">
        <h3 id={headingId}>{framework.label}</h3>
        {summary.frameworkId === "vsme" ? <span className="cockpit-chip">Private</span> : null}
      </div>
      {framework.regulation ? <p className="cockpit-framework__regulation">{framework.regulation}</p> : null}
      {summary.standIns.map(({ proxy, periods }) => (
        <p key={proxy.proxyId} className="cockpit-framework__proxy">
          <ProxyNote
            proxyCompanyId={proxy.proxyCompanyId}
            proxyCompanyName={proxy.proxyCompanyName}
            {...((summary.activePeriods?.length ?? 0) > periods.length ? { periods } : {})}
          />
        </p>
      ))}
      <p className="cockpit-framework__count">
        <strong>{summary.periods}</strong> {summary.periods === 1 ? "reporting period" : "reporting periods"}
      </p>
      {latest ? (
        <p className="cockpit-framework__latest">
          Latest: <Link to={`${base}/reportingPeriods/${latest}`}>{latest}</Link>
          {summary.activePeriods && summary.activePeriods.length > 1
            ? ` · also ${summary.activePeriods.slice(1, 4).join(", ")}${summary.activePeriods.length > 4 ? ", …" : ""}`
            : ""}
        </p>
      ) : null}
      {latest && signedIn ? (
        <PendingData
          companyId={companyId}
          frameworkId={summary.frameworkId}
          signedIn={signedIn}
          fallback={null}
          className="cockpit-framework__latest"
        />
      ) : null}
      {latest ? null : (
        <p className="cockpit-framework__latest">
          {hasData ? (
            signedIn ? (
              ""
            ) : (
              "Sign in to see the periods."
            )
          ) : (
            <PendingData
              companyId={companyId}
              frameworkId={summary.frameworkId}
              signedIn={signedIn}
              fallback="No data yet."
            />
          )}
        </p>
      )}
      <div className="cockpit-framework__actions">
        {hasData ? (
          <ButtonLink to={base} variant={signedIn ? "primary" : "outlined"} className="p-button-sm">
            View data<span className="visually-hidden"> of {framework.label}</span>
          </ButtonLink>
        ) : null}
        {signedIn || mayUpload ? (
          <span className="cockpit-framework__links">
            {signedIn ? (
              <Link to={`/singledatarequest/${companyId}?dataType=${summary.frameworkId}`}>
                Request<span className="visually-hidden"> {framework.label} data</span>
              </Link>
            ) : null}
            {mayUpload ? (
              <Link to={`${base}/upload`}>
                Upload<span className="visually-hidden"> {framework.label} data</span>
              </Link>
            ) : null}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function OwnershipClaim({ companyId, companyName }: { companyId: string; companyName: string }) {
  const api = useApi();
  const [comment, setComment] = useState("");
  const commentId = useId();
  const claim = useMutation({
    mutationFn: () =>
      unwrap(
        api.community.POST("/company-ownership/{companyId}", {
          params: { path: { companyId }, query: comment.trim() ? { comment: comment.trim() } : {} },
        }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    claim.mutate();
  };
  return (
    <section className="cockpit-card cockpit-claim" aria-labelledby={`${commentId}-heading`}>
      <h2 id={`${commentId}-heading`}>Is this your company?</h2>
      {claim.isSuccess ? (
        <p role="status">
          Thank you. Your claim to own {companyName} was sent; an administrator will check it and let you
          know.
        </p>
      ) : (
        <form onSubmit={submit}>
          <p>
            {companyName} has no owner on Openverde yet. Owners answer data requests for their company and
            decide who may upload its data.
          </p>
          <label htmlFor={commentId}>Why should you own it? (optional)</label>
          <textarea
            id={commentId}
            className="p-inputtextarea p-inputtext p-component"
            rows={3}
            maxLength={1000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          {claim.isError ? (
            <p className="cockpit-error" role="alert">
              {claim.error.message}
            </p>
          ) : null}
          <PlainButton type="submit" disabled={claim.isPending}>
            {claim.isPending ? "Sending…" : "Claim ownership"}
          </PlainButton>
        </form>
      )}
    </section>
  );
}

/** `/companies/:companyId`: public company cockpit. */
export function CompanyCockpitPage() {
  const { companyId = "" } = useParams();
  const api = useApi();
  const { status, user, signIn } = useAuth();
  const signedIn = status === "signedIn";
  const company = useCompany(companyId);
  const info = company.data?.companyInformation;
  const [allSubsidiaries, setAllSubsidiaries] = useState(false);

  const summary = useQuery({
    queryKey: ["framework-summary", companyId],
    retry: false,
    queryFn: () =>
      unwrap(
        api.backend.GET("/companies/{companyId}/aggregated-framework-data-summary", {
          params: { path: { companyId } },
        }),
      ),
  });
  const metadata = useQuery({
    queryKey: ["metadata", "company", companyId, "active"],
    enabled: signedIn,
    retry: false,
    queryFn: () =>
      unwrap(api.backend.GET("/metadata", { params: { query: { companyId, showOnlyActive: true } } })),
  });
  const subsidiaries = useQuery({
    queryKey: ["subsidiaries", companyId],
    retry: false,
    queryFn: () =>
      unwrap(api.backend.GET("/companies/{companyId}/subsidiaries", { params: { path: { companyId } } })),
  });
  const parentLei = info?.parentCompanyLei ?? undefined;
  const parent = useQuery({
    queryKey: ["company-by-lei", parentLei],
    enabled: parentLei !== undefined,
    retry: false,
    queryFn: async () => {
      const found = await unwrap(
        api.backend.GET("/companies/identifiers/{identifierType}/{identifier}", {
          params: { path: { identifierType: "Lei", identifier: parentLei ?? "" } },
        }),
      );
      const parentCompany = await unwrap(
        api.backend.GET("/companies/{companyId}", { params: { path: { companyId: found.companyId } } }),
      );
      return { companyId: found.companyId, companyName: parentCompany.companyInformation.companyName };
    },
  });
  const proxies = useCompanyProxies(companyId);
  const proxyCompanyIds = [...new Set((proxies.data ?? []).map((proxy) => proxy.proxyCompanyId))];
  const proxyMetadata = useQueries({
    queries: proxyCompanyIds.map((proxyCompanyId) => ({
      queryKey: ["metadata", "company", proxyCompanyId, "active"],
      retry: false,
      queryFn: () =>
        unwrap(
          api.backend.GET("/metadata", {
            params: { query: { companyId: proxyCompanyId, showOnlyActive: true } },
          }),
        ),
    })),
  });
  const proxyMetadataKey = proxyMetadata.map((result) => result.dataUpdatedAt).join(",");
  const isOwner = useHasCompanyRole("CompanyOwner", companyId);
  const isCompanyUploader = useHasCompanyRole("DataUploader", companyId);
  const hasOwner = useCompanyHasOwner(companyId);
  const rolesHere: CompanyRole[] = [];
  if (isOwner.data) rolesHere.push("CompanyOwner");
  if (isCompanyUploader.data) rolesHere.push("DataUploader");
  const mayUpload =
    signedIn && (rolesAllow(user, "upload") || companyRolesAllow(rolesHere, "uploadForCompany"));

  // biome-ignore lint/correctness/useExhaustiveDependencies: proxyMetadataKey stands for the proxy companies' metadata (proxyMetadata is a new array on every render).
  const frameworks = useMemo((): FrameworkSummary[] => {
    const periodsByFramework = new Map<string, string[]>();
    for (const meta of metadata.data ?? []) {
      const list = periodsByFramework.get(meta.dataType) ?? [];
      if (!list.includes(meta.reportingPeriod)) list.push(meta.reportingPeriod);
      periodsByFramework.set(meta.dataType, list);
    }
    const standIns = standInSources(
      proxies.data ?? [],
      proxyMetadata.flatMap((result, index) =>
        (result.data ?? []).map((meta) => ({
          proxyCompanyId: proxyCompanyIds[index] ?? "",
          dataType: meta.dataType,
          reportingPeriod: meta.reportingPeriod,
        })),
      ),
      periodsByFramework,
    );
    const newestFirst = (a: string, b: string) => b.localeCompare(a, undefined, { numeric: true });
    return Object.entries(summary.data ?? {})
      .filter(([id]) => isFrameworkId(id))
      .map(([id, value]) => {
        const frameworkStandIns = standIns.get(id) ?? [];
        const standInPeriods = frameworkStandIns.flatMap((source) => source.periods);
        const ownPeriods = periodsByFramework.get(id) ?? [];
        const activePeriods = metadata.data
          ? [...ownPeriods, ...standInPeriods].sort(newestFirst)
          : undefined;
        return {
          frameworkId: id as FrameworkId,
          periods:
            Math.max(value.numberOfProvidedReportingPeriods, ownPeriods.length) + standInPeriods.length,
          ...(activePeriods ? { activePeriods } : {}),
          standIns: frameworkStandIns,
        };
      })
      .sort((a, b) => Number(b.periods > 0) - Number(a.periods > 0));
  }, [summary.data, metadata.data, proxies.data, proxyMetadataKey]);

  if (company.isPending) return <LoadingIndicator label="Loading the company." />;
  if (company.isError || !info) {
    return (
      <PageFrame
        title="Company not found"
        description={company.error?.message ?? "There is no company under this address."}
      >
        <ButtonLink to="/companies">Search companies</ButtonLink>
      </PageFrame>
    );
  }

  const identifiers = Object.entries(info.identifiers).filter(([, values]) => values.length > 0);
  const subsidiaryList = subsidiaries.data ?? [];
  const shownSubsidiaries = allSubsidiaries ? subsidiaryList : subsidiaryList.slice(0, SUBSIDIARIES_SHOWN);
  const location = [info.headquartersPostalCode, info.headquarters].filter(Boolean).join(" ");

  return (
    <>
      <Breadcrumb trail={[{ label: "Companies", to: "/companies" }, { label: info.companyName }]} />
      <PageFrame
        title={info.companyName}
        description={[info.sector, info.companyLegalForm, countryName(info.countryCode)]
          .filter(Boolean)
          .join(" · ")}
      >
        <div className="cockpit-actions">
          {signedIn ? (
            <>
              <ButtonLink to={`/singledatarequest/${companyId}`}>Request data</ButtonLink>
              {mayUpload ? (
                <ButtonLink to={`/companies/${companyId}/frameworks/upload`} variant="outlined">
                  Upload data
                </ButtonLink>
              ) : null}
              <ButtonLink to={`/companies/${companyId}/documents`} variant="outlined">
                Documents
              </ButtonLink>
              {isOwner.data ? (
                <ButtonLink to={`/companies/${companyId}/users`} variant="outlined">
                  Company users
                </ButtonLink>
              ) : null}
            </>
          ) : (
            <p className="cockpit-visitor">
              You see this company's public profile.{" "}
              <button
                type="button"
                className="link-button"
                onClick={() => void signIn(window.location.pathname).catch(() => {})}
              >
                Sign in
              </button>{" "}
              to read its data, the reports behind it, and to request what is missing.
            </p>
          )}
        </div>

        <div className="cockpit-grid">
          <section className="cockpit-card" aria-labelledby="cockpit-info">
            <h2 id="cockpit-info">Company information</h2>
            <dl className="cockpit-facts">
              <div>
                <dt>Headquarters</dt>
                <dd>
                  {location}
                  {info.countryCode ? `, ${countryName(info.countryCode)}` : ""}
                </dd>
              </div>
              {info.sector ? (
                <div>
                  <dt>Sector</dt>
                  <dd>
                    {info.sector}
                    {info.sectorCodeWz ? ` (WZ ${info.sectorCodeWz})` : ""}
                  </dd>
                </div>
              ) : null}
              {info.website ? (
                <div>
                  <dt>Website</dt>
                  <dd>
                    <a href={websiteHref(info.website)} rel="noopener noreferrer" target="_blank">
                      {info.website.replace(/^https?:\/\//, "")}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </dd>
                </div>
              ) : null}
              {info.fiscalYearEnd ? (
                <div>
                  <dt>Fiscal year ends</dt>
                  <dd>{info.fiscalYearEnd}</dd>
                </div>
              ) : null}
              {info.companyAlternativeNames?.length ? (
                <div>
                  <dt>Also known as</dt>
                  <dd>{info.companyAlternativeNames.join(", ")}</dd>
                </div>
              ) : null}
              {identifiers.map(([type, values]) => (
                <div key={type}>
                  <dt>{IDENTIFIER_LABELS[type] ?? type}</dt>
                  <dd className="cockpit-mono">{values.join(", ")}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section className="cockpit-card" aria-labelledby="cockpit-family">
            <h2 id="cockpit-family">Parent and subsidiaries</h2>
            <h3 className="cockpit-subheading">Parent company</h3>
            {parentLei ? (
              parent.data ? (
                <p>
                  <Link to={`/companies/${parent.data.companyId}`}>{parent.data.companyName}</Link>
                </p>
              ) : (
                <p>
                  LEI <span className="cockpit-mono">{parentLei}</span>
                  {parent.isError ? " (not on Openverde)" : ""}
                </p>
              )
            ) : (
              <p className="cockpit-muted">None known.</p>
            )}
            <h3 className="cockpit-subheading">Subsidiaries</h3>
            {subsidiaryList.length === 0 ? (
              <p className="cockpit-muted">{subsidiaries.isPending ? "Loading…" : "None known."}</p>
            ) : (
              <>
                <ul className="cockpit-subsidiaries">
                  {shownSubsidiaries.map((subsidiary) => (
                    <li key={subsidiary.companyId}>
                      <Link to={`/companies/${subsidiary.companyId}`}>{subsidiary.companyName}</Link>
                      <span className="cockpit-muted"> · {countryName(subsidiary.countryCode)}</span>
                    </li>
                  ))}
                </ul>
                {subsidiaryList.length > SUBSIDIARIES_SHOWN ? (
                  <button
                    type="button"
                    className="link-button"
                    aria-expanded={allSubsidiaries}
                    onClick={() => setAllSubsidiaries(!allSubsidiaries)}
                  >
                    {allSubsidiaries ? "Show fewer" : `Show all ${subsidiaryList.length} subsidiaries`}
                  </button>
                ) : null}
              </>
            )}
          </section>
        </div>

        {signedIn && metadata.data?.length ? (
          <Suspense fallback={null}>
            <KeyFigures companyId={companyId} metadata={metadata.data} />
          </Suspense>
        ) : null}

        {signedIn && hasOwner.data === false ? (
          <OwnershipClaim companyId={companyId} companyName={info.companyName} />
        ) : null}

        <section className="cockpit-frameworks" aria-labelledby="cockpit-frameworks">
          <h2 id="cockpit-frameworks">Data by framework</h2>
          {summary.isPending ? <LoadingIndicator label="Loading the data summary." /> : null}
          {summary.isError ? <p className="cockpit-error">{summary.error.message}</p> : null}
          <ul className="cockpit-framework-list">
            {frameworks.map((framework) => (
              <FrameworkCard
                key={framework.frameworkId}
                companyId={companyId}
                summary={framework}
                signedIn={signedIn}
                mayUpload={mayUpload}
              />
            ))}
          </ul>
        </section>
      </PageFrame>
    </>
  );
}
