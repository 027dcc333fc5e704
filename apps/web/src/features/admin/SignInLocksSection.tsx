import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { Alert, ConfirmDialog, EmptyState, formatDateTime, Tag } from "../../components/workflow";
import type { SignInLock } from "./admin-model";

const kindLabel: Record<SignInLock["kind"], string> = {
  account: "Account",
  name: "Name typed",
  address: "Address",
};

const subject = (lock: SignInLock) =>
  lock.kind === "account" ? (lock.username ?? lock.key) : lock.key.slice(lock.key.indexOf(":") + 1);

/** The Sign-in locks section: failed sign-ins counted now, and lifting a lock. */
export function SignInLocksSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [lifting, setLifting] = useState<SignInLock>();
  const [notice, setNotice] = useState<string>();
  const locks = useQuery({
    queryKey: ["admin-sign-in-locks"],
    queryFn: () => unwrap(api.admin.GET("/sign-in-locks")),
  });
  const lift = useMutation({
    mutationFn: (lock: SignInLock) =>
      unwrap(api.admin.POST("/sign-in-locks/lift", { body: { key: lock.key } })),
    onSuccess: (_, lock) => {
      setLifting(undefined);
      setNotice(`${subject(lock)} may sign in again.`);
      void queryClient.invalidateQueries({ queryKey: ["admin-audit"] });
      return queryClient.invalidateQueries({ queryKey: ["admin-sign-in-locks"] });
    },
  });
  return (
    <section aria-labelledby={`${id}-locks`}>
      <h2 id={`${id}-locks`} className="visually-hidden">
        Sign-in locks
      </h2>
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {locks.isPending ? <LoadingIndicator label="Loading the sign-in locks." /> : null}
      {locks.isError ? (
        <Alert tone="error" title="The sign-in locks could not be loaded">
          <p>{locks.error.message}</p>
        </Alert>
      ) : null}
      {locks.isSuccess && locks.data.length === 0 ? (
        <EmptyState title="No failed sign-ins are counted now." />
      ) : null}
      {locks.isSuccess && locks.data.length > 0 ? (
        <div className="wf-table-wrap">
          <table className="wf-table">
            <caption className="visually-hidden">Failed sign-ins counted now</caption>
            <thead>
              <tr>
                <th scope="col">Counted on</th>
                <th scope="col">Failures</th>
                <th scope="col">Last failure</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {locks.data.map((lock) => (
                <tr key={lock.key}>
                  <td>
                    <strong>{subject(lock)}</strong>
                    <div className="wf-muted">{kindLabel[lock.kind]}</div>
                  </td>
                  <td className="wf-num">{lock.failures}</td>
                  <td>{formatDateTime(Date.parse(lock.lastFailureAt))}</td>
                  <td>
                    {lock.lockedUntil && Date.parse(lock.lockedUntil) > Date.now() ? (
                      <Tag tone="danger">{`Locked until ${formatDateTime(Date.parse(lock.lockedUntil))}`}</Tag>
                    ) : (
                      <Tag tone="warning">Counting</Tag>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="p-button p-component p-button-text p-button-sm"
                      onClick={() => setLifting(lock)}
                      aria-label={`Lift the lock of ${subject(lock)}`}
                    >
                      <i className="pi pi-lock-open" aria-hidden="true" />
                      <span>Lift</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        visible={lifting !== undefined}
        title="Lift this sign-in lock?"
        confirmLabel="Lift lock"
        busy={lift.isPending}
        onConfirm={() => lifting && lift.mutate(lifting)}
        onCancel={() => setLifting(undefined)}
      >
        <p>
          The failed sign-ins counted on {lifting ? subject(lifting) : ""} are forgotten: they may try again
          at once.
        </p>
        {lift.isError ? (
          <Alert tone="error" title="The lock was not lifted">
            <p>{lift.error.message}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
