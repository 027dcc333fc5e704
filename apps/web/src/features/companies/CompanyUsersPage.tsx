import { ROLES_MANAGERS_ASSIGN } from "@openverde/frameworks/access";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError, unwrap, useApi } from "../../api";
import { Breadcrumb } from "../../components/Breadcrumb";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, ConfirmDialog, EmptyState, plural, Tag } from "../../components/workflow";
import { rolesAllow, useAuth } from "../auth";
import { isValidEmail } from "../requests/request-model";
import { CompanyRightsCard } from "./CompanyRightsCard";
import { useCompany } from "./company-api";
import {
  type CompanyRole,
  canChange,
  canManage,
  displayName,
  type RoleAssignment,
  roleHelp,
  roleLabel,
  sortAssignments,
} from "./company-users-model";
import "./company-users.css";

/** `/companies/:companyId/users`: the company's people and their roles; owners and member admins manage them. */
export function CompanyUsersPage() {
  const { companyId = "" } = useParams();
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const admin = rolesAllow(user, "administer");
  const company = useCompany(companyId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<CompanyRole>("Member");
  const [emailError, setEmailError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [removing, setRemoving] = useState<RoleAssignment>();

  const assignments = useQuery({
    queryKey: ["company-users", companyId],
    queryFn: () =>
      unwrap(api.community.GET("/company-role-assignments", { params: { query: { companyId } } })),
  });
  const list = sortAssignments(assignments.data ?? []);
  const manage = assignments.isSuccess && canManage(list, user?.sub, admin);
  const recommended = useQuery({
    queryKey: ["company-users", companyId, "recommended"],
    enabled: manage,
    retry: false,
    queryFn: () =>
      unwrap(api.community.GET("/emails/{companyId}/recommended-users", { params: { path: { companyId } } })),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["company-users", companyId] });

  const assign = useMutation({
    mutationFn: async ({ userId, newRole }: { userId: string; newRole: CompanyRole; who: string }) =>
      unwrap(
        api.community.POST("/company-role-assignments/{role}/{companyId}/{userId}", {
          params: { path: { role: newRole, companyId, userId } },
        }),
      ),
    onSuccess: async (_, { newRole, who }) => {
      setNotice(`${who} is now ${roleLabel[newRole].toLowerCase()} of ${companyName}.`);
      await refresh();
    },
  });
  const addByEmail = useMutation({
    mutationFn: async () => {
      const found = await unwrap(api.community.POST("/emails/validation", { body: { email: email.trim() } }));
      return found;
    },
    onSuccess: (found) => {
      assign.mutate({
        userId: found.id,
        newRole: role,
        who: displayName({ ...found, email: found.email ?? email.trim() }),
      });
      setEmail("");
    },
  });
  const remove = useMutation({
    mutationFn: (assignment: RoleAssignment) =>
      unwrap(
        api.community.DELETE("/company-role-assignments/{role}/{companyId}/{userId}", {
          params: { path: { role: assignment.companyRole, companyId, userId: assignment.userId } },
        }),
      ),
    onSuccess: async (_, assignment) => {
      setRemoving(undefined);
      setNotice(`${displayName(assignment)} no longer has a role at ${companyName}.`);
      await refresh();
    },
  });

  const companyName = company.data?.companyInformation.companyName ?? "the company";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    assign.reset();
    if (!isValidEmail(email)) {
      setEmailError("Enter an e-mail address such as jane.doe@company.com.");
      return;
    }
    setEmailError(undefined);
    addByEmail.mutate();
  };
  const addError =
    addByEmail.error instanceof ApiError && addByEmail.error.status === 404
      ? "Nobody with this e-mail address has an Openverde account yet. Ask them to register first."
      : (addByEmail.error?.message ?? assign.error?.message);

  return (
    <>
      <Breadcrumb
        trail={[
          { label: "Companies", to: "/companies" },
          { label: company.data?.companyInformation.companyName ?? "Company", to: `/companies/${companyId}` },
          { label: "Users" },
        ]}
      />
      <PageFrame
        title={company.data ? `Users of ${companyName}` : "Company users"}
        description="The people who act for this company on Openverde, and their roles."
      >
        {notice ? (
          <Alert tone="success">
            <p>{notice}</p>
          </Alert>
        ) : null}
        {assignments.isPending ? <LoadingIndicator label="Loading the company's users." /> : null}
        {assignments.isError ? (
          <Alert tone="error" title="The company's users could not be loaded">
            <p>{assignments.error.message}</p>
          </Alert>
        ) : null}
        {assignments.isSuccess && !manage ? (
          <Alert tone="info" title="Only owners and member admins manage users">
            <p>
              You can see who acts for {companyName}. To add people or change roles, ask one of its owners or
              member admins.
            </p>
          </Alert>
        ) : null}

        {manage ? (
          <section className="wf-card cu-add" aria-labelledby={`${id}-add`}>
            <h2 id={`${id}-add`}>Add a person</h2>
            <form className="cu-add__form" onSubmit={submit} noValidate aria-label="Add a person">
              <div className="wf-field cu-add__email">
                <label htmlFor={`${id}-email`}>E-mail address</label>
                <input
                  id={`${id}-email`}
                  type="email"
                  className="p-inputtext p-component"
                  value={email}
                  placeholder="jane.doe@company.com"
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? `${id}-email-error` : undefined}
                  onChange={(event) => setEmail(event.target.value)}
                />
                {emailError ? (
                  <p className="wf-field__error" id={`${id}-email-error`}>
                    {emailError}
                  </p>
                ) : null}
              </div>
              <div className="wf-field">
                <label htmlFor={`${id}-role`}>Role</label>
                <select
                  id={`${id}-role`}
                  className="p-inputtext p-component"
                  value={role}
                  onChange={(event) => setRole(event.target.value as CompanyRole)}
                >
                  {ROLES_MANAGERS_ASSIGN.map((value) => (
                    <option key={value} value={value}>
                      {roleLabel[value]}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="submit"
                className="p-button p-component"
                disabled={addByEmail.isPending || assign.isPending}
              >
                <i className="pi pi-user-plus" aria-hidden="true" />
                <span>Add</span>
              </button>
            </form>
            <p className="wf-field__hint">
              {roleLabel[role]}: {roleHelp[role]}.
            </p>
            {addError ? (
              <Alert tone="error" title="The person was not added">
                <p>{addError}</p>
              </Alert>
            ) : null}
            {recommended.data && recommended.data.length > 0 ? (
              <div className="cu-recommended">
                <h3>Suggested by e-mail domain</h3>
                <ul>
                  {recommended.data.map((person) => (
                    <li key={person.id}>
                      <span>
                        <strong>{displayName(person)}</strong>
                        {person.email && displayName(person) !== person.email ? (
                          <span className="wf-muted"> · {person.email}</span>
                        ) : null}
                      </span>
                      <button
                        type="button"
                        className="p-button p-component p-button-outlined p-button-sm"
                        disabled={assign.isPending}
                        aria-label={`Add ${displayName(person)} as ${roleLabel[role].toLowerCase()}`}
                        onClick={() =>
                          assign.mutate({ userId: person.id, newRole: role, who: displayName(person) })
                        }
                      >
                        Add as {roleLabel[role].toLowerCase()}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        ) : null}

        {admin && company.isSuccess ? (
          <CompanyRightsCard companyId={companyId} companyName={companyName} onChanged={setNotice} />
        ) : null}

        {assignments.isSuccess ? (
          <section className="wf-section" aria-labelledby={`${id}-people`}>
            <div className="wf-section__head">
              <h2 id={`${id}-people`}>People with a role</h2>
              <span className="wf-muted">{plural(list.length, "person", "people")}</span>
            </div>
            {list.length === 0 ? (
              <EmptyState title="Nobody has a role at this company yet.">
                <p>
                  <Link to={`/companies/${companyId}`}>Back to the company</Link>
                </p>
              </EmptyState>
            ) : (
              <div className="wf-table-wrap">
                <table className="wf-table">
                  <caption className="visually-hidden">People with a role at {companyName}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">E-mail</th>
                      <th scope="col">Role</th>
                      {manage ? (
                        <th scope="col">
                          <span className="visually-hidden">Actions</span>
                        </th>
                      ) : null}
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((assignment) => {
                      const changeable = manage && canChange(assignment, admin);
                      const name = displayName(assignment);
                      return (
                        <tr key={assignment.userId}>
                          <td>
                            {name}
                            {assignment.userId === user?.sub ? (
                              <span className="wf-muted"> (you)</span>
                            ) : null}
                          </td>
                          <td>{assignment.email}</td>
                          <td>
                            {changeable ? (
                              <>
                                <label
                                  className="visually-hidden"
                                  htmlFor={`${id}-role-${assignment.userId}`}
                                >
                                  Role of {name}
                                </label>
                                <select
                                  id={`${id}-role-${assignment.userId}`}
                                  className="p-inputtext p-component cu-role-select"
                                  value={assignment.companyRole}
                                  disabled={assign.isPending}
                                  onChange={(event) =>
                                    assign.mutate({
                                      userId: assignment.userId,
                                      newRole: event.target.value as CompanyRole,
                                      who: name,
                                    })
                                  }
                                >
                                  {(admin
                                    ? (["CompanyOwner", ...ROLES_MANAGERS_ASSIGN] as CompanyRole[])
                                    : ROLES_MANAGERS_ASSIGN
                                  ).map((value) => (
                                    <option key={value} value={value}>
                                      {roleLabel[value]}
                                    </option>
                                  ))}
                                </select>
                              </>
                            ) : (
                              <Tag tone={assignment.companyRole === "CompanyOwner" ? "accent" : "neutral"}>
                                {roleLabel[assignment.companyRole]}
                              </Tag>
                            )}
                          </td>
                          {manage ? (
                            <td className="wf-table__actions">
                              {changeable ? (
                                <button
                                  type="button"
                                  className="p-button p-component p-button-text p-button-danger p-button-sm"
                                  aria-label={`Remove ${name}`}
                                  onClick={() => {
                                    remove.reset();
                                    setRemoving(assignment);
                                  }}
                                >
                                  Remove
                                </button>
                              ) : null}
                            </td>
                          ) : null}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        ) : null}
        <ConfirmDialog
          visible={removing !== undefined}
          title="Remove this person?"
          confirmLabel="Remove"
          danger
          busy={remove.isPending}
          onConfirm={() => removing && remove.mutate(removing)}
          onCancel={() => setRemoving(undefined)}
        >
          {removing ? (
            <>
              <p>
                {displayName(removing)} loses the role {roleLabel[removing.companyRole].toLowerCase()} at{" "}
                {companyName}.
              </p>
              {remove.isError ? (
                <Alert tone="error">
                  <p>{remove.error.message}</p>
                </Alert>
              ) : null}
            </>
          ) : null}
        </ConfirmDialog>
      </PageFrame>
    </>
  );
}
