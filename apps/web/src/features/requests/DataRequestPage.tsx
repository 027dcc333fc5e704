import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError, unwrap, useApi } from "../../api";
import { Breadcrumb } from "../../components/Breadcrumb";
import { ButtonLink } from "../../components/ButtonLink";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, ConfirmDialog, formatDateTime, Tag } from "../../components/workflow";
import { rolesAllow, useAuth } from "../auth";
import { useHasCompanyRole } from "../companies/community-checks";
import { useCompany } from "../companies/company-api";
import { RequestEditDialog } from "./RequestEditDialog";
import { AccessTag, PriorityTag, StatusTag } from "./RequestTags";
import {
  accessChoiceLabel,
  frameworkLabel,
  ownerAccessChoices,
  PRIVATE_FRAMEWORKS,
  parseContacts,
  type RequesterAction,
  requesterActionPatch,
  requesterActions,
} from "./request-model";
import { sourcingTone, useSourcingState } from "./sourcing";
import { usePatchRequest } from "./use-request-actions";
import "./Requests.css";

const actionLabel: Record<RequesterAction, string> = {
  withdraw: "Withdraw request",
  resolve: "Data answers my request: resolve",
  close: "Close without resolving",
};

/** `/requests/:requestId`: one request with its status and message history and, for private data, its access. */
export function DataRequestPage() {
  const { requestId = "" } = useParams();
  const api = useApi();
  const { user } = useAuth();
  const id = useId();
  const request = useQuery({
    queryKey: ["request", requestId],
    retry: false,
    queryFn: () =>
      unwrap(
        api.community.GET("/requests/{dataRequestId}", { params: { path: { dataRequestId: requestId } } }),
      ),
  });
  const companyId = request.data?.datalandCompanyId;
  const company = useCompany(companyId);
  const owner = useHasCompanyRole("CompanyOwner", companyId);
  const sourcing = useSourcingState(request.data ? requestId : undefined);
  const patch = usePatchRequest();
  const [confirming, setConfirming] = useState<RequesterAction>();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [contactsText, setContactsText] = useState("");
  const [message, setMessage] = useState("");
  const [contactError, setContactError] = useState<string>();

  const data = request.data;
  const companyName = company.data?.companyInformation.companyName ?? "the company";
  const isRequester = data !== undefined && user?.sub === data.userId;
  const admin = rolesAllow(user, "administer");
  const what = data ? `${frameworkLabel(data.dataType)} ${data.reportingPeriod}` : "";
  const editable = useMemo(
    () =>
      editing && data
        ? {
            dataRequestId: data.dataRequestId,
            companyName,
            dataType: data.dataType,
            reportingPeriod: data.reportingPeriod,
            requestStatus: data.requestStatus,
            accessStatus: data.accessStatus,
            requestPriority: data.requestPriority,
            ...(data.adminComment ? { adminComment: data.adminComment } : {}),
          }
        : undefined,
    [editing, data, companyName],
  );

  const runPatch = (body: Parameters<typeof patch.mutate>[0]["patch"], text: string) =>
    patch.mutate(
      { requestId, patch: body },
      {
        onSuccess: () => {
          setNotice(text);
          setConfirming(undefined);
        },
      },
    );

  const sendMessage = (event: FormEvent) => {
    event.preventDefault();
    const contacts = parseContacts(contactsText);
    if (contacts.valid.length === 0 || contacts.invalid.length > 0) {
      setContactError(
        contacts.invalid.length > 0
          ? `Not a valid e-mail address: ${contacts.invalid.join(", ")}.`
          : "Add at least one e-mail address.",
      );
      return;
    }
    setContactError(undefined);
    runPatch(
      { contacts: contacts.valid, ...(message.trim() ? { message: message.trim() } : {}) },
      "Your message was sent to the contacts.",
    );
    setContactsText("");
    setMessage("");
  };

  return (
    <>
      <Breadcrumb
        trail={[
          isRequester || !owner.data
            ? { label: "My data requests", to: "/requests" }
            : { label: "Data requests for my companies", to: "/companyrequests" },
          { label: "Request" },
        ]}
      />
      <PageFrame
        title={data ? `${what} of ${companyName}` : "Data request"}
        description="One data request: what was asked for, where it stands and everything that happened to it."
      >
        {request.isPending ? <LoadingIndicator label="Loading the request." /> : null}
        {request.isError ? (
          <Alert
            tone="error"
            title={
              request.error instanceof ApiError && request.error.status === 403
                ? "This request is not yours to see"
                : "This request could not be loaded"
            }
          >
            <p>{request.error.message}</p>
            <p>
              <Link to="/requests">Back to my data requests</Link>
            </p>
          </Alert>
        ) : null}
        {notice ? (
          <Alert tone="success">
            <p>{notice}</p>
          </Alert>
        ) : null}
        {data ? (
          <>
            <dl className="wf-facts">
              <div>
                <dt>Status</dt>
                <dd>
                  <StatusTag status={data.requestStatus} />
                </dd>
              </div>
              <div>
                <dt>Access</dt>
                <dd>
                  <AccessTag access={data.accessStatus} />
                </dd>
              </div>
              <div>
                <dt>Priority</dt>
                <dd>
                  <PriorityTag priority={data.requestPriority} />
                </dd>
              </div>
              {sourcing.data ? (
                <div>
                  <dt>Data sourcing</dt>
                  <dd>
                    <Tag tone={sourcingTone[sourcing.data]}>{sourcing.data}</Tag>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Company</dt>
                <dd>
                  <Link to={`/companies/${data.datalandCompanyId}`}>{companyName}</Link>
                </dd>
              </div>
              <div>
                <dt>Asked</dt>
                <dd>{formatDateTime(data.creationTimestamp)}</dd>
              </div>
              <div>
                <dt>Last change</dt>
                <dd>{formatDateTime(data.lastModifiedDate)}</dd>
              </div>
              {!isRequester && data.userEmailAddress ? (
                <div>
                  <dt>Requested by</dt>
                  <dd>{data.userEmailAddress}</dd>
                </div>
              ) : null}
            </dl>

            {data.adminComment ? (
              <Alert tone="info" title="Note from the Openverde team">
                <p>{data.adminComment}</p>
              </Alert>
            ) : null}
            {data.accessStatus !== "Public" ? (
              <Alert
                tone={
                  data.accessStatus === "Granted"
                    ? "success"
                    : data.accessStatus === "Pending"
                      ? "warning"
                      : "error"
                }
                title="Private data"
              >
                <p>
                  {frameworkLabel(data.dataType)} data is private to the company.{" "}
                  {data.accessStatus === "Pending"
                    ? "The company's owners have been asked to give access and have not decided yet."
                    : data.accessStatus === "Granted"
                      ? "The company has given access: the data can be read."
                      : data.accessStatus === "Declined"
                        ? "The company has declined access."
                        : "The company has taken back its access."}
                </p>
              </Alert>
            ) : null}

            <div className="rq-detail-grid">
              <section className="wf-card" aria-labelledby={`${id}-history`}>
                <h2 id={`${id}-history`}>Status history</h2>
                <ol className="wf-timeline">
                  {[...data.dataRequestStatusHistory].reverse().map((entry) => (
                    <li key={`${entry.creationTimestamp}-${entry.status}-${entry.accessStatus}`}>
                      <span className="wf-timeline__when">{formatDateTime(entry.creationTimestamp)}</span>
                      <span className="wf-timeline__what">
                        <StatusTag status={entry.status} />
                        {entry.accessStatus !== "Public" ? <AccessTag access={entry.accessStatus} /> : null}
                      </span>
                      {entry.requestStatusChangeReason ? (
                        <p className="wf-timeline__note">{entry.requestStatusChangeReason}</p>
                      ) : null}
                      {entry.answeringDataId ? (
                        <p className="wf-timeline__note">
                          <Link
                            to={`/companies/${data.datalandCompanyId}/frameworks/${data.dataType}/${entry.answeringDataId}`}
                          >
                            The dataset that answers it
                          </Link>
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </section>

              <div>
                {isRequester && requesterActions(data.requestStatus).length > 0 ? (
                  <section className="wf-card" aria-labelledby={`${id}-actions`}>
                    <h2 id={`${id}-actions`}>What you can do</h2>
                    {data.requestStatus === "Answered" ? (
                      <p>
                        Data for this request is on Openverde.{" "}
                        <Link to={`/companies/${data.datalandCompanyId}/frameworks/${data.dataType}`}>
                          Look at it
                        </Link>{" "}
                        and tell us whether it answers your request.
                      </p>
                    ) : (
                      <p>Nobody has found the data yet. If you no longer need it, withdraw the request.</p>
                    )}
                    <div className="wf-actions">
                      {requesterActions(data.requestStatus).map((action) => (
                        <button
                          key={action}
                          type="button"
                          className={`p-button p-component p-button-sm${action === "resolve" ? "" : " p-button-outlined"}`}
                          onClick={() => {
                            patch.reset();
                            setConfirming(action);
                          }}
                        >
                          {actionLabel[action]}
                        </button>
                      ))}
                    </div>
                  </section>
                ) : null}

                {(owner.data || admin) &&
                PRIVATE_FRAMEWORKS.has(data.dataType) &&
                ownerAccessChoices(data.accessStatus).length > 0 ? (
                  <section className="wf-card" aria-labelledby={`${id}-access`}>
                    <h2 id={`${id}-access`}>Access to your company's data</h2>
                    <p>
                      {data.userEmailAddress ?? "The requester"} asks to read {what} of {companyName}.
                    </p>
                    <div className="wf-actions">
                      {ownerAccessChoices(data.accessStatus).map((choice) => (
                        <button
                          key={choice}
                          type="button"
                          className={`p-button p-component p-button-sm${choice === "Granted" ? "" : " p-button-outlined p-button-danger"}`}
                          disabled={patch.isPending}
                          onClick={() =>
                            runPatch({ accessStatus: choice }, `Access is now ${choice.toLowerCase()}.`)
                          }
                        >
                          {accessChoiceLabel[choice]}
                        </button>
                      ))}
                    </div>
                  </section>
                ) : null}

                {admin ? (
                  <section className="wf-card" aria-labelledby={`${id}-admin`}>
                    <h2 id={`${id}-admin`}>Administration</h2>
                    <p>Change status, access, priority or the comment the requester sees.</p>
                    <button
                      type="button"
                      className="p-button p-component p-button-outlined p-button-sm"
                      onClick={() => setEditing(true)}
                    >
                      Change request
                    </button>
                  </section>
                ) : null}

                <section className="wf-card" aria-labelledby={`${id}-messages`}>
                  <h2 id={`${id}-messages`}>Messages to the company</h2>
                  {data.messageHistory.length === 0 ? (
                    <p className="wf-muted">No message was sent to people at the company.</p>
                  ) : (
                    [...data.messageHistory].reverse().map((entry) => (
                      <div className="rq-message" key={entry.creationTimestamp}>
                        <span className="wf-timeline__when">
                          {formatDateTime(entry.creationTimestamp)} · to {entry.contacts.join(", ")}
                        </span>
                        {entry.message ? <p>{entry.message}</p> : null}
                      </div>
                    ))
                  )}
                  {isRequester && data.requestStatus === "Open" ? (
                    <form className="wf-form" style={{ marginTop: "1rem" }} onSubmit={sendMessage} noValidate>
                      <div className="wf-field">
                        <label htmlFor={`${id}-contacts`}>Write to more contacts</label>
                        <input
                          id={`${id}-contacts`}
                          type="text"
                          className="p-inputtext p-component"
                          value={contactsText}
                          placeholder="name@company.com, other@company.com"
                          aria-invalid={contactError ? true : undefined}
                          aria-describedby={contactError ? `${id}-contacts-error` : undefined}
                          onChange={(event) => setContactsText(event.target.value)}
                        />
                        {contactError ? (
                          <p className="wf-field__error" id={`${id}-contacts-error`}>
                            {contactError}
                          </p>
                        ) : null}
                      </div>
                      <div className="wf-field">
                        <label htmlFor={`${id}-message`}>Message</label>
                        <textarea
                          id={`${id}-message`}
                          className="p-inputtext p-component"
                          rows={3}
                          value={message}
                          onChange={(event) => setMessage(event.target.value)}
                        />
                      </div>
                      <div>
                        <button
                          type="submit"
                          className="p-button p-component p-button-sm p-button-outlined"
                          disabled={patch.isPending}
                        >
                          Send message
                        </button>
                      </div>
                    </form>
                  ) : null}
                </section>
                {patch.isError && !confirming ? (
                  <Alert tone="error" title="The change was not saved">
                    <p>{patch.error.message}</p>
                  </Alert>
                ) : null}
              </div>
            </div>

            <p style={{ marginTop: "2rem" }}>
              <ButtonLink
                to={isRequester ? "/requests" : owner.data ? "/companyrequests" : "/requestoverview"}
                variant="text"
              >
                <i className="pi pi-arrow-left" aria-hidden="true" /> Back to the list
              </ButtonLink>
            </p>

            <ConfirmDialog
              visible={confirming !== undefined}
              title={confirming ? actionLabel[confirming] : ""}
              confirmLabel={
                confirming === "withdraw"
                  ? "Withdraw"
                  : confirming === "resolve"
                    ? "Resolve"
                    : "Close request"
              }
              danger={confirming === "withdraw"}
              busy={patch.isPending}
              onConfirm={() =>
                confirming &&
                runPatch(
                  { requestStatus: requesterActionPatch[confirming] },
                  `The request is now ${requesterActionPatch[confirming].toLowerCase()}.`,
                )
              }
              onCancel={() => setConfirming(undefined)}
            >
              <p>
                {what} of <strong>{companyName}</strong>
              </p>
              {patch.isError ? (
                <Alert tone="error">
                  <p>{patch.error.message}</p>
                </Alert>
              ) : null}
            </ConfirmDialog>
            {admin ? (
              <RequestEditDialog request={editable} onClose={() => setEditing(false)} onSaved={setNotice} />
            ) : null}
          </>
        ) : null}
      </PageFrame>
    </>
  );
}
