import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError, unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { Alert, plural } from "../../components/workflow";
import type { BasePortfolio } from "./portfolio-model";
import {
  addReader,
  addressProblem,
  type PickedReader,
  readerLabel,
  readersOf,
  sharingChanged,
} from "./sharing-model";

/**
 * The owner's share dialog: colleagues are added by their e-mail address (looked up on the server, so
 * only existing users can be picked) and removed from the list; saving replaces the readers. Every
 * change is announced in a live region, and focus returns to the address field after each one.
 */
export function PortfolioSharing({
  portfolio,
  onClose,
  onSaved,
}: {
  /** The portfolio to share; the dialog is open while it is set. */
  portfolio: BasePortfolio | undefined;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState("");
  const [problem, setProblem] = useState<string>();
  const [picked, setPicked] = useState<PickedReader[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const portfolioId = portfolio?.portfolioId ?? "";
  const rights = useQuery({
    queryKey: ["portfolios", portfolioId, "access-rights"],
    queryFn: () =>
      unwrap(api.users.GET("/portfolios/{portfolioId}/access-rights", { params: { path: { portfolioId } } })),
    enabled: Boolean(portfolio),
  });
  const ownerEmail = rights.data?.find((right) => right.portfolioAccessRole === "Owner")?.userEmail;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the stored readers when the dialog opens
  useEffect(() => {
    if (!portfolio) return;
    setAddress("");
    setProblem(undefined);
    setAnnouncement("");
    lookup.reset();
    save.reset();
  }, [portfolio]);
  useEffect(() => {
    if (rights.data) setPicked(readersOf(rights.data));
  }, [rights.data]);

  const lookup = useMutation({
    mutationFn: (email: string) =>
      unwrap(
        api.users.POST("/portfolios/{portfolioId}/sharing/recipient", {
          params: { path: { portfolioId } },
          body: { email },
        }),
      ),
    onSuccess: (found) => {
      const next = addReader(picked, found);
      setPicked(next);
      setAddress("");
      setAnnouncement(`Added ${readerLabel(next[next.length - 1] as PickedReader)}. Save to share.`);
      input.current?.focus();
    },
    onError: (error) => {
      setProblem(
        error instanceof ApiError && error.status === 404
          ? "No Openverde user has this e-mail address. Ask your colleague to register first."
          : error.message,
      );
      input.current?.focus();
    },
  });

  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.users.PATCH("/portfolios/{portfolioId}/sharing", {
          params: { path: { portfolioId } },
          body: { sharedUserIds: picked.map((reader) => reader.userId) },
        }),
      ),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ["portfolios"] });
      onSaved(
        saved.sharedUserIds.length > 0
          ? `“${saved.portfolioName}” is shared with ${plural(saved.sharedUserIds.length, "person", "people")}.`
          : `“${saved.portfolioName}” is shared with nobody.`,
      );
      onClose();
    },
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const found = addressProblem(address, picked, ownerEmail);
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    lookup.mutate(address.trim());
  };

  const remove = (reader: PickedReader) => {
    setPicked(picked.filter((other) => other.userId !== reader.userId));
    setAnnouncement(`Removed ${readerLabel(reader)}. Save to take their access away.`);
    input.current?.focus();
  };

  const changed = sharingChanged(picked, portfolio?.sharedUserIds ?? []);

  return (
    <Dialog
      visible={Boolean(portfolio)}
      header={portfolio ? `Share “${portfolio.portfolioName}”` : "Share"}
      onHide={onClose}
      onShow={() => input.current?.focus()}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "36rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      <p className="pf-share__intro">
        The people you share with see the portfolio, the data of its companies and its downloads, and get its
        monitoring e-mails. Only you change, share or delete it.
      </p>
      <form className="wf-form pf-share__add" onSubmit={add} noValidate aria-label="Add a person">
        <div className="wf-field">
          <label htmlFor={`${id}-email`}>E-mail address of a colleague</label>
          <div className="pf-share__row">
            <input
              ref={input}
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              className="p-inputtext p-component"
              value={address}
              maxLength={254}
              placeholder="jane.doe@example.com"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
              onChange={(event) => {
                setAddress(event.target.value);
                setProblem(undefined);
              }}
            />
            <button
              type="submit"
              className="p-button p-component p-button-outlined"
              disabled={lookup.isPending || !rights.isSuccess}
            >
              {lookup.isPending ? (
                <i className="pi pi-spin pi-spinner" aria-hidden="true" />
              ) : (
                <i className="pi pi-user-plus" aria-hidden="true" />
              )}
              <span>Add</span>
            </button>
          </div>
          {problem ? (
            <p className="wf-field__error" id={`${id}-problem`}>
              {problem}
            </p>
          ) : (
            <p className="wf-field__hint" id={`${id}-hint`}>
              Only people with an Openverde account can be added.
            </p>
          )}
        </div>
      </form>

      <h3 className="pf-share__title" id={`${id}-people`}>
        People with access
      </h3>
      {rights.isPending ? <LoadingIndicator label="Loading who has access." /> : null}
      {rights.isError ? (
        <Alert tone="error" title="Who has access could not be loaded">
          <p>{rights.error.message}</p>
        </Alert>
      ) : null}
      {rights.isSuccess ? (
        <ul className="pf-share__people" aria-labelledby={`${id}-people`}>
          <li>
            <span className="pf-share__who">{ownerEmail ? `You (${ownerEmail})` : "You"}</span>
            <span className="wf-muted">Owner</span>
          </li>
          {picked.map((reader) => (
            <li key={reader.userId}>
              <span className="pf-share__who">{readerLabel(reader)}</span>
              <button
                type="button"
                className="p-button p-component p-button-text p-button-sm p-button-danger"
                aria-label={`Remove ${readerLabel(reader)}`}
                onClick={() => remove(reader)}
              >
                <i className="pi pi-times" aria-hidden="true" />
                <span>Remove</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {rights.isSuccess && picked.length === 0 ? (
        <p className="wf-muted">Not shared with anyone yet.</p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {save.isError ? (
        <Alert tone="error" title="The sharing was not saved">
          <p>{save.error.message}</p>
        </Alert>
      ) : null}
      <div className="wf-dialog__footer">
        <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="p-button p-component"
          disabled={save.isPending || !rights.isSuccess || !changed}
          onClick={() => save.mutate()}
        >
          {save.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
          <span>Save sharing</span>
        </button>
      </div>
    </Dialog>
  );
}
