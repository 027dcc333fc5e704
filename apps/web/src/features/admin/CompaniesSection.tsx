import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import {
  Alert,
  ConfirmDialog,
  EmptyState,
  FilterSearch,
  FilterSelect,
  plural,
  Tag,
} from "../../components/workflow";
import { formatDateTime } from "../../lib/dates";
import { useDebounced } from "../../lib/use-debounced";
import {
  assignmentMatches,
  CLAIM_STATUS_OPTIONS,
  type ClaimStatus,
  claimTone,
  type OwnershipClaim,
  personLabel,
} from "./admin-model";

const COMPANY_ROLE_LABELS: Record<string, string> = {
  CompanyOwner: "Owner",
  MemberAdmin: "Member admin",
  DataUploader: "Data uploader",
  Member: "Member",
};

type Decision = { claim: OwnershipClaim; approve: boolean };

/** Pending ownership claims (and decided ones), approved or declined here. */
function OwnershipClaims({ onDecided }: { onDecided: (notice: string) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [status, setStatus] = useState<ClaimStatus>("Pending");
  const [deciding, setDeciding] = useState<Decision>();
  const claims = useQuery({
    queryKey: ["admin-ownership-claims", status],
    queryFn: () => unwrap(api.community.GET("/company-ownership-claims", { params: { query: { status } } })),
  });
  const decide = useMutation({
    mutationFn: ({ claim, approve }: Decision) => {
      const path = { params: { path: { claimId: claim.claimId } } };
      return unwrap(
        approve
          ? api.community.POST("/company-ownership-claims/{claimId}/approval", path)
          : api.community.POST("/company-ownership-claims/{claimId}/decline", path),
      );
    },
    onSuccess: (claim, { approve }) => {
      setDeciding(undefined);
      onDecided(
        approve
          ? `${personLabel(claim)} now owns ${claim.companyName}.`
          : `The claim of ${personLabel(claim)} to own ${claim.companyName} is declined.`,
      );
      void queryClient.invalidateQueries({ queryKey: ["admin-company-roles"] });
      void queryClient.invalidateQueries({ queryKey: ["admin-audit"] });
      return queryClient.invalidateQueries({ queryKey: ["admin-ownership-claims"] });
    },
  });
  return (
    <section className="wf-section" aria-labelledby={`${id}-claims`}>
      <h2 id={`${id}-claims`}>Ownership claims</h2>
      <div className="wf-filters">
        <FilterSelect
          className="wf-field"
          label="Claims"
          allLabel="Waiting for a decision"
          value={status === "Pending" ? "" : status}
          options={CLAIM_STATUS_OPTIONS.filter((option) => option.value !== "Pending")}
          onChange={(value) => setStatus((value || "Pending") as ClaimStatus)}
        />
      </div>
      {claims.isPending ? <LoadingIndicator label="Loading the ownership claims." /> : null}
      {claims.isError ? (
        <Alert tone="error" title="The ownership claims could not be loaded">
          <p>{claims.error.message}</p>
        </Alert>
      ) : null}
      {claims.isSuccess && claims.data.length === 0 ? (
        <EmptyState
          title={
            status === "Pending" ? "No claim waits for a decision." : `No ${status.toLowerCase()} claims.`
          }
        />
      ) : null}
      {claims.isSuccess && claims.data.length > 0 ? (
        <div className="wf-table-wrap">
          <table className="wf-table">
            <caption className="visually-hidden">Ownership claims</caption>
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Claimed by</th>
                <th scope="col">Why</th>
                <th scope="col">Claimed</th>
                <th scope="col">
                  {status === "Pending" ? <span className="visually-hidden">Decision</span> : "Decided"}
                </th>
              </tr>
            </thead>
            <tbody>
              {claims.data.map((claim) => (
                <tr key={claim.claimId}>
                  <td>
                    <Link to={`/companies/${claim.companyId}`}>{claim.companyName || claim.companyId}</Link>
                  </td>
                  <td>
                    <strong>{personLabel(claim)}</strong>
                    <div className="wf-muted admin-people__meta">{claim.email}</div>
                  </td>
                  <td className="admin-audit__change">{claim.comment ?? "—"}</td>
                  <td className="admin-audit__when">{formatDateTime(claim.claimedAt)}</td>
                  <td>
                    {claim.status === "Pending" ? (
                      <div className="admin-people__actions">
                        <button
                          type="button"
                          className="p-button p-component p-button-sm"
                          aria-label={`Approve: ${personLabel(claim)} owns ${claim.companyName}`}
                          onClick={() => setDeciding({ claim, approve: true })}
                        >
                          <i className="pi pi-check" aria-hidden="true" />
                          <span>Approve</span>
                        </button>
                        <button
                          type="button"
                          className="p-button p-component p-button-outlined p-button-sm"
                          aria-label={`Decline the claim of ${personLabel(claim)} to own ${claim.companyName}`}
                          onClick={() => setDeciding({ claim, approve: false })}
                        >
                          <i className="pi pi-times" aria-hidden="true" />
                          <span>Decline</span>
                        </button>
                      </div>
                    ) : (
                      <>
                        <Tag tone={claimTone[claim.status]}>{claim.status}</Tag>
                        <div className="wf-muted admin-audit__when">{formatDateTime(claim.decidedAt)}</div>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        visible={deciding !== undefined}
        title={deciding?.approve ? "Approve this ownership claim?" : "Decline this ownership claim?"}
        confirmLabel={deciding?.approve ? "Approve" : "Decline"}
        busy={decide.isPending}
        onConfirm={() => deciding && decide.mutate(deciding)}
        onCancel={() => setDeciding(undefined)}
      >
        {deciding ? (
          <p>
            {deciding.approve
              ? `${personLabel(deciding.claim)} (${deciding.claim.email}) becomes an owner of ${deciding.claim.companyName}: they manage its users and upload its data.`
              : `${personLabel(deciding.claim)} (${deciding.claim.email}) does not become an owner of ${deciding.claim.companyName}. They may claim again.`}
          </p>
        ) : null}
        {decide.isError ? (
          <Alert tone="error" title="The claim was not decided">
            <p>{decide.error.message}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

/** Every company role assignment, filterable by company, user and role. */
function CompanyRoles() {
  const api = useApi();
  const id = useId();
  const [filter, setFilter] = useState({ company: "", user: "", role: "" });
  const assignments = useQuery({
    queryKey: ["admin-company-roles", filter.role],
    queryFn: () =>
      unwrap(
        api.community.GET("/company-role-assignments", {
          params: {
            query: filter.role
              ? { role: filter.role as "CompanyOwner" | "MemberAdmin" | "DataUploader" | "Member" }
              : {},
          },
        }),
      ),
  });
  const companyIds = [...new Set((assignments.data ?? []).map((row) => row.companyId))];
  const names = useQueries({
    queries: companyIds.map((companyId) => ({
      queryKey: ["company-info", companyId],
      staleTime: 60_000,
      queryFn: () =>
        unwrap(api.backend.GET("/companies/{companyId}/info", { params: { path: { companyId } } })),
    })),
  });
  const nameOf = new Map(
    companyIds.map((companyId, index) => [companyId, names[index]?.data?.companyName ?? ""]),
  );
  const shown = (assignments.data ?? []).filter((row) =>
    assignmentMatches(row, nameOf.get(row.companyId) ?? "", filter),
  );
  return (
    <section className="wf-section" aria-labelledby={`${id}-roles`}>
      <h2 id={`${id}-roles`}>Company roles</h2>
      <div className="wf-filters">
        <FilterSearch
          className="wf-field"
          label="Company"
          placeholder="Part of the company's name"
          value={filter.company}
          onChange={(company) => setFilter({ ...filter, company })}
        />
        <FilterSearch
          className="wf-field"
          label="User"
          placeholder="Part of the name or e-mail address"
          value={filter.user}
          onChange={(user) => setFilter({ ...filter, user })}
        />
        <FilterSelect
          className="wf-field"
          label="Role"
          allLabel="All roles"
          value={filter.role}
          options={Object.entries(COMPANY_ROLE_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(role) => setFilter({ ...filter, role })}
        />
      </div>
      {assignments.isPending ? <LoadingIndicator label="Loading the company roles." /> : null}
      {assignments.isError ? (
        <Alert tone="error" title="The company roles could not be loaded">
          <p>{assignments.error.message}</p>
        </Alert>
      ) : null}
      {assignments.isSuccess ? (
        <p className="wf-muted" aria-live="polite">
          {plural(shown.length, "assignment")}
        </p>
      ) : null}
      {assignments.isSuccess && shown.length > 0 ? (
        <div className="wf-table-wrap">
          <table className="wf-table">
            <caption className="visually-hidden">Company role assignments</caption>
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => {
                const companyName = nameOf.get(row.companyId) || row.companyId;
                return (
                  <tr key={`${row.companyId}-${row.userId}`}>
                    <td>
                      <Link to={`/companies/${row.companyId}`}>{companyName}</Link>
                    </td>
                    <td>
                      <strong>{personLabel(row)}</strong>
                      <div className="wf-muted admin-people__meta">{row.email}</div>
                    </td>
                    <td>
                      <Tag tone="info">{COMPANY_ROLE_LABELS[row.companyRole] ?? row.companyRole}</Tag>
                    </td>
                    <td>
                      <div className="admin-people__actions">
                        <Link
                          className="p-button p-component p-button-text p-button-sm"
                          to={`/companies/${row.companyId}/users`}
                          aria-label={`Manage the users of ${companyName}`}
                        >
                          <i className="pi pi-users" aria-hidden="true" />
                          <span>Users</span>
                        </Link>
                        <Link
                          className="p-button p-component p-button-text p-button-sm"
                          to={`/admin/companies/${row.companyId}`}
                          aria-label={`Edit the master data of ${companyName}`}
                        >
                          <i className="pi pi-pencil" aria-hidden="true" />
                          <span>Master data</span>
                        </Link>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** Finds a company by name or identifier, to edit its master data. */
function MasterDataFinder() {
  const api = useApi();
  const id = useId();
  const [text, setText] = useState("");
  const searchString = useDebounced(text.trim(), 300);
  const found = useQuery({
    queryKey: ["admin-company-search", searchString],
    enabled: searchString.length > 1,
    queryFn: () =>
      unwrap(api.backend.GET("/companies", { params: { query: { searchString, chunkSize: 8 } } })),
  });
  return (
    <section className="wf-section" aria-labelledby={`${id}-master`}>
      <h2 id={`${id}-master`}>Master data</h2>
      <div className="wf-filters">
        <FilterSearch
          className="wf-field wf-field--wide"
          label="Find a company to edit"
          placeholder="Name, LEI or ISIN"
          value={text}
          onChange={setText}
        />
      </div>
      {found.isSuccess && searchString.length > 1 ? (
        found.data.length === 0 ? (
          <p className="wf-muted">No company matches.</p>
        ) : (
          <ul className="admin-company-results" aria-label="Companies found">
            {found.data.map((company) => (
              <li key={company.companyId}>
                <Link to={`/admin/companies/${company.companyId}`}>{company.companyName}</Link>
                <span className="wf-muted">
                  {" "}
                  {[company.headquarters, company.lei].filter(Boolean).join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** The Companies section: ownership claims to decide, and who holds which role at which company. */
export function CompaniesSection() {
  const [notice, setNotice] = useState<string>();
  return (
    <>
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <OwnershipClaims onDecided={setNotice} />
      <CompanyRoles />
      <MasterDataFinder />
    </>
  );
}
