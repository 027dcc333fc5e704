import { realmRoleLabel } from "@openverde/frameworks/role-labels";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import {
  Alert,
  EmptyState,
  FilterSearch,
  FilterSelect,
  formatDateTime,
  Pager,
  plural,
  Tag,
} from "../../components/workflow";
import { useDebounced } from "../../lib/use-debounced";
import { type AccountStatus, type AdminUser, ROLE_OPTIONS, shownRoles, statusTone } from "./admin-model";
import { InviteDialog } from "./InviteDialog";
import { type PersonAction, PersonActionDialog } from "./PersonActionDialog";
import { RolesDialog } from "./RolesDialog";

const CHUNK_SIZE = 25;

/** The People section: find accounts, and act on one through its row's buttons. */
export function PeopleSection({ currentUserId }: { currentUserId: string | undefined }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [search, setSearch] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [rolesOf, setRolesOf] = useState<AdminUser>();
  const [action, setAction] = useState<{ kind: PersonAction; user: AdminUser }>();
  const [notice, setNotice] = useState<string>();
  const searchText = useDebounced(search.trim(), 300);

  const people = useQuery({
    queryKey: ["admin-users", searchText, role, status, page],
    queryFn: () =>
      unwrap(
        api.admin.GET("/users", {
          params: {
            query: {
              ...(searchText ? { search: searchText } : {}),
              ...(role ? { role: role as AdminUser["roles"][number] } : {}),
              ...(status ? { status: status as "Disabled" | "Enabled" } : {}),
              chunkSize: CHUNK_SIZE,
              chunkIndex: page,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-users"] });
  const done = (message: string) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ["admin-audit"] });
    return refresh();
  };
  const filtering = searchText !== "" || role !== "" || status !== "";
  const total = people.data?.totalCount ?? 0;

  return (
    <section aria-labelledby={`${id}-people`}>
      <h2 id={`${id}-people`} className="visually-hidden">
        People
      </h2>
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <div className="admin-toolbar">
        <form className="wf-filters" aria-label="Find people" onSubmit={(event) => event.preventDefault()}>
          <FilterSearch
            className="wf-field wf-field--wide"
            label="Name or e-mail"
            placeholder="Part of the username, name or e-mail address"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
          />
          <FilterSelect
            className="wf-field"
            label="Role"
            allLabel="All roles"
            value={role}
            options={ROLE_OPTIONS}
            onChange={(value) => {
              setRole(value);
              setPage(0);
            }}
          />
          <FilterSelect
            className="wf-field"
            label="Status"
            allLabel="Any status"
            value={status}
            options={[
              { value: "Enabled", label: "Enabled" },
              { value: "Disabled", label: "Disabled" },
            ]}
            onChange={(value) => {
              setStatus(value);
              setPage(0);
            }}
          />
        </form>
        <button type="button" className="p-button p-component" onClick={() => setInviting(true)}>
          <i className="pi pi-user-plus" aria-hidden="true" />
          <span>Invite someone</span>
        </button>
      </div>

      <p className="wf-summary admin-summary" aria-live="polite">
        <span>
          {people.isSuccess ? (
            <>
              <strong>{plural(total, "account")}</strong> {filtering ? "match the filters" : "in all"}
            </>
          ) : (
            " "
          )}
        </span>
      </p>
      {people.isPending ? <LoadingIndicator label="Loading the accounts." /> : null}
      {people.isError ? (
        <Alert tone="error" title="The accounts could not be loaded">
          <p>{people.error.message}</p>
        </Alert>
      ) : null}
      {people.isSuccess && people.data.users.length === 0 ? (
        <EmptyState title={filtering ? "No account matches these filters." : "There are no accounts yet."} />
      ) : null}
      {people.isSuccess && people.data.users.length > 0 ? (
        <div className="wf-table-wrap" aria-busy={people.isFetching}>
          <table className="wf-table admin-people">
            <caption className="visually-hidden">Accounts</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Roles</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {people.data.users.map((person) => (
                <PersonRow
                  key={person.userId}
                  person={person}
                  isSelf={person.userId === currentUserId}
                  onRoles={() => setRolesOf(person)}
                  onAction={(kind) => setAction({ kind, user: person })}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        label="Pages of accounts"
        page={page}
        pageCount={Math.ceil(total / CHUNK_SIZE)}
        onPage={setPage}
      />

      <InviteDialog
        visible={inviting}
        onClose={() => setInviting(false)}
        onInvited={(user) => {
          setInviting(false);
          void done(`${user.username} is invited: a link to choose a password went to ${user.email}.`);
        }}
      />
      {rolesOf ? (
        <RolesDialog
          user={rolesOf}
          isSelf={rolesOf.userId === currentUserId}
          onClose={() => setRolesOf(undefined)}
          onChanged={(user) => {
            setRolesOf(undefined);
            void done(`${user.username} now has the roles ${user.roles.map(realmRoleLabel).join(", ")}.`);
          }}
        />
      ) : null}
      {action ? (
        <PersonActionDialog
          action={action.kind}
          user={action.user}
          onClose={() => setAction(undefined)}
          onDone={(message) => {
            setAction(undefined);
            void done(message);
          }}
        />
      ) : null}
    </section>
  );
}

function PersonRow({
  person,
  isSelf,
  onRoles,
  onAction,
}: {
  person: AdminUser;
  isSelf: boolean;
  onRoles: () => void;
  onAction: (kind: PersonAction) => void;
}) {
  const who = person.name.trim() || person.username;
  const button = (label: string, icon: string, onClick: () => void, danger = false) => (
    <button
      type="button"
      className={`p-button p-component p-button-text p-button-sm${danger ? " p-button-danger" : ""}`}
      onClick={onClick}
      aria-label={`${label}: ${person.username}`}
    >
      <i className={`pi ${icon}`} aria-hidden="true" />
      <span>{label}</span>
    </button>
  );
  return (
    <tr>
      <td>
        <strong>{who}</strong>
        {isSelf ? <span className="wf-muted"> (you)</span> : null}
        <div className="wf-muted admin-people__meta">{person.username}</div>
        <div className="wf-muted admin-people__meta">{person.email}</div>
      </td>
      <td>
        <div className="admin-people__roles">
          {shownRoles(person.roles).map((label) => (
            <Tag key={label} tone={label === "Administrator" ? "accent" : "neutral"}>
              {label}
            </Tag>
          ))}
        </div>
      </td>
      <td>
        <Tag tone={statusTone[person.status as AccountStatus]}>{person.status}</Tag>
      </td>
      <td>
        {person.lastSignInAt ? (
          formatDateTime(Date.parse(person.lastSignInAt))
        ) : (
          <span className="wf-muted">never</span>
        )}
      </td>
      <td>
        <div className="admin-people__actions">
          {button("Roles", "pi-users", onRoles)}
          {person.status === "Disabled"
            ? button("Enable", "pi-check-circle", () => onAction("enable"))
            : button("Disable", "pi-ban", () => onAction("disable"), true)}
          {button("Reset password", "pi-envelope", () => onAction("reset"))}
          {button("End sessions", "pi-sign-out", () => onAction("endSessions"))}
          {button("Delete", "pi-trash", () => onAction("delete"), true)}
        </div>
      </td>
    </tr>
  );
}
