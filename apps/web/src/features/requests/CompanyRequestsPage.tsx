import { useQueries, useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { SortableHeader, sortRows, useTableSort } from "../../components/sortable";
import { Alert, EmptyState, formatDateTime, plural } from "../../components/workflow";
import { useAuth } from "../auth";
import { AccessTag, StatusTag } from "./RequestTags";
import {
  ACCESS_STATUSES,
  accessChoiceLabel,
  accessLabel,
  type ExtendedStoredDataRequest,
  frameworkLabel,
  ownerAccessChoices,
  PRIVATE_FRAMEWORKS,
  statusLabel,
} from "./request-model";
import { usePatchRequest } from "./use-request-actions";
import "./Requests.css";

type Show = "decide" | "private" | "all";

type SortKey = "company" | "data" | "requester" | "asked" | "status";

// Every request of the user's companies is loaded (one list per company), so sorting orders them all.
const sortValueOf: Record<SortKey, (request: ExtendedStoredDataRequest) => string | number> = {
  company: (request) => request.companyName,
  data: (request) => `${frameworkLabel(request.dataType)} ${request.reportingPeriod}`,
  requester: (request) => request.userEmailAddress ?? "",
  asked: (request) => request.creationTimestamp,
  status: (request) => `${statusLabel[request.requestStatus]} ${accessLabel[request.accessStatus]}`,
};

/** `/companyrequests` (tab DATA REQUESTS FOR MY COMPANIES): owners see requests for their companies and decide on access to private data. */
export function CompanyRequestsPage() {
  const api = useApi();
  const { user } = useAuth();
  const id = useId();
  const userId = user?.sub ?? "";
  const owned = useQuery({
    queryKey: ["owned-companies", userId],
    enabled: userId !== "",
    queryFn: () =>
      unwrap(
        api.community.GET("/company-role-assignments", {
          params: { query: { role: "CompanyOwner", userId } },
        }),
      ),
  });
  const companyIds = useMemo(() => [...new Set((owned.data ?? []).map((a) => a.companyId))], [owned.data]);
  const lists = useQueries({
    queries: companyIds.map((companyId) => ({
      queryKey: ["company-requests", companyId],
      queryFn: () =>
        unwrap(
          api.community.GET("/requests", {
            params: { query: { datalandCompanyId: companyId, chunkSize: 1000, chunkIndex: 0 } },
          }),
        ),
    })),
  });
  const [show, setShow] = useState<Show>("decide");
  const [company, setCompany] = useState("");
  const [access, setAccess] = useState("");
  const [notice, setNotice] = useState<string>();
  const patch = usePatchRequest();
  const [busyId, setBusyId] = useState<string>();

  const all = useMemo(
    () => lists.flatMap((list) => list.data ?? []).sort((a, b) => b.lastModifiedDate - a.lastModifiedDate),
    [lists],
  );
  const companyNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const request of all) names.set(request.datalandCompanyId, request.companyName);
    return names;
  }, [all]);
  const { sort, onSort } = useTableSort<SortKey>();
  const filteredRows = all
    .filter((request) =>
      show === "all" ? true : PRIVATE_FRAMEWORKS.has(request.dataType) || request.accessStatus !== "Public",
    )
    .filter((request) => (show === "decide" ? request.accessStatus === "Pending" : true))
    .filter((request) => !company || request.datalandCompanyId === company)
    .filter((request) => !access || request.accessStatus === access);
  const shown = sortRows(filteredRows, sort, sortValueOf);
  const waiting = all.filter((request) => request.accessStatus === "Pending").length;
  const loading = owned.isPending || lists.some((list) => list.isPending);
  const failed = owned.error ?? lists.find((list) => list.isError)?.error;

  const decide = (request: ExtendedStoredDataRequest, choice: "Granted" | "Declined" | "Revoked") => {
    setBusyId(request.dataRequestId);
    setNotice(undefined);
    patch.mutate(
      { requestId: request.dataRequestId, patch: { accessStatus: choice } },
      {
        onSuccess: () =>
          setNotice(
            `${accessLabel[choice]} for ${request.userEmailAddress ?? "the requester"} to ${frameworkLabel(request.dataType)} ${request.reportingPeriod} of ${request.companyName}.`,
          ),
        onSettled: () => setBusyId(undefined),
      },
    );
  };

  return (
    <PageFrame
      title="Data requests for my companies"
      description="Requests for data on the companies you own. Decide who may read your private data, and see what people ask of you."
    >
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {patch.isError ? (
        <Alert tone="error" title="The decision was not saved">
          <p>{patch.error.message}</p>
        </Alert>
      ) : null}
      {loading && userId ? <LoadingIndicator label="Loading the requests for your companies." /> : null}
      {failed ? (
        <Alert tone="error" title="The requests could not be loaded">
          <p>{failed.message}</p>
        </Alert>
      ) : null}
      {owned.isSuccess && companyIds.length === 0 ? (
        <EmptyState title="You do not own a company on Openverde.">
          <p>When you own a company, requests for its data show up here.</p>
        </EmptyState>
      ) : null}
      {!loading && !failed && companyIds.length > 0 ? (
        <>
          <div className="wf-section__head">
            <div className="wf-count" aria-live="polite">
              <span className="wf-count__number">{waiting}</span>
              <span>{waiting === 1 ? "request waits" : "requests wait"} for your access decision</span>
            </div>
          </div>
          <fieldset className="wf-tabs">
            <legend className="visually-hidden">Which requests</legend>
            {(
              [
                ["decide", "Awaiting your decision"],
                ["private", "All requests for private data"],
                ["all", "All requests"],
              ] as const
            ).map(([value, label]) => (
              <button key={value} type="button" aria-pressed={show === value} onClick={() => setShow(value)}>
                {label}
              </button>
            ))}
          </fieldset>
          <form
            className="wf-filters"
            aria-label="Filter requests"
            onSubmit={(event) => event.preventDefault()}
          >
            {companyIds.length > 1 ? (
              <div className="wf-field wf-field--wide">
                <label htmlFor={`${id}-company`}>Company</label>
                <select
                  id={`${id}-company`}
                  className="p-inputtext p-component"
                  value={company}
                  onChange={(event) => setCompany(event.target.value)}
                >
                  <option value="">All my companies</option>
                  {companyIds.map((companyId) => (
                    <option key={companyId} value={companyId}>
                      {companyNames.get(companyId) ?? companyId}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="wf-field">
              <label htmlFor={`${id}-access`}>Access</label>
              <select
                id={`${id}-access`}
                className="p-inputtext p-component"
                value={access}
                onChange={(event) => setAccess(event.target.value)}
              >
                <option value="">Any access</option>
                {ACCESS_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {accessLabel[value]}
                  </option>
                ))}
              </select>
            </div>
          </form>
          <p className="wf-summary" aria-live="polite">
            <span>{plural(shown.length, "request")}</span>
          </p>
          {shown.length === 0 ? (
            <EmptyState
              title={
                show === "decide"
                  ? "No request waits for your decision."
                  : "No request matches these filters."
              }
            >
              {show === "decide" ? (
                <p>You will get an e-mail when someone asks to read your private data.</p>
              ) : null}
            </EmptyState>
          ) : (
            <div className="wf-table-wrap">
              <table className="wf-table">
                <caption className="visually-hidden">Data requests for my companies</caption>
                <thead>
                  <tr>
                    <SortableHeader label="Company" sortKey="company" sort={sort} onSort={onSort} />
                    <SortableHeader label="Data" sortKey="data" sort={sort} onSort={onSort} />
                    <SortableHeader label="Requested by" sortKey="requester" sort={sort} onSort={onSort} />
                    <SortableHeader label="Asked" sortKey="asked" sort={sort} onSort={onSort} />
                    <SortableHeader label="Status" sortKey="status" sort={sort} onSort={onSort} />
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((request) => {
                    const what = `${frameworkLabel(request.dataType)} ${request.reportingPeriod}`;
                    const who = request.userEmailAddress ?? "A user";
                    return (
                      <tr key={request.dataRequestId}>
                        <td>
                          <Link to={`/companies/${request.datalandCompanyId}`}>{request.companyName}</Link>
                        </td>
                        <td>{what}</td>
                        <td>{who}</td>
                        <td>{formatDateTime(request.creationTimestamp)}</td>
                        <td>
                          <span className="rq-tags">
                            <StatusTag status={request.requestStatus} />
                            <AccessTag access={request.accessStatus} />
                          </span>
                        </td>
                        <td className="wf-table__actions">
                          {ownerAccessChoices(request.accessStatus).map((choice) => (
                            <button
                              key={choice}
                              type="button"
                              className={`p-button p-component p-button-sm${choice === "Granted" ? "" : " p-button-outlined p-button-danger"}`}
                              disabled={busyId === request.dataRequestId}
                              aria-label={`${accessChoiceLabel[choice]}: ${who}, ${what} of ${request.companyName}`}
                              onClick={() => decide(request, choice)}
                            >
                              {accessChoiceLabel[choice]}
                            </button>
                          ))}
                          <Link
                            to={`/requests/${request.dataRequestId}`}
                            aria-label={`Details of the request of ${who} for ${what}`}
                          >
                            Details
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </PageFrame>
  );
}
