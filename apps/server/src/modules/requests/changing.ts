/**
 * Changes people ask for through either surface: /community's patch (status, access, priority,
 * comment, contacts), /data-sourcing's state and priority, and the check for granted access. Each
 * change is judged against the tables of model.ts before changes.ts writes it.
 */

import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { applyChange, changeDataRequest } from "./changes";
import { roleOf, storedView } from "./community-requests";
import type { WireStoredDataRequest } from "./community-views";
import { checkContacts } from "./creating";
import {
  ACCESS_TRANSITIONS,
  type AccessStatus,
  allowedTargets,
  type CommunityStatus,
  fromCommunityStatus,
  fromSourcingState,
  type RequestPriority,
  requesterStatusTargets,
  SOURCING_REQUEST_TRANSITIONS,
  type SourcingState,
  toCommunityStatus,
  toSourcingState,
} from "./model";

import { can, moversFor } from "./policy";
import { getDataRequest, hasPrivateDataAccess, toRecord } from "./records";
import { requireRequest, storedViews } from "./sourcing-requests";
import type { WireStoredRequest } from "./sourcing-views";
import { type AnyExecutor, inTransaction, selectRequest } from "./store";
import { enforceTransition } from "./transitions";

// ===================================================================================================
// /community

export interface DataRequestPatch {
  requestStatus?: CommunityStatus;
  accessStatus?: AccessStatus;
  contacts?: string[];
  message?: string;
  requestPriority?: RequestPriority;
  notifyMeImmediately?: boolean;
  adminComment?: string;
  requestStatusChangeReason?: string;
}

export async function patchDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
  patch: DataRequestPatch,
): Promise<WireStoredDataRequest> {
  const record = await inTransaction(db, async (trx) => {
    const row = isUuid(dataRequestId)
      ? await selectRequest(trx, dataRequestId, { forUpdate: true })
      : undefined;
    if (!row) throw notFound(`There is no data request with the id ${dataRequestId}.`);
    const current = toRecord(row);
    const actorRole = await roleOf(trx, actor.userId, current.companyId);
    const contactsOrMessage = patch.contacts !== undefined || patch.message !== undefined;
    if (
      !can(actor, "patchRequest", { request: current, patch: { ...patch, contactsOrMessage }, actorRole })
    ) {
      const isRequester = actor.userId === current.userId;
      throw forbidden(
        isRequester
          ? "You may withdraw, close or resolve your request and change its contacts, message and notifications; nothing else."
          : actorRole === "CompanyOwner"
            ? "As the company's owner you may grant, decline or revoke access to its private data; nothing else."
            : "Only admins, the requester and the company's owners may change this request.",
      );
    }
    const admin = can(actor, "setAnyRequestStatus");
    if (
      patch.requestStatus !== undefined &&
      !admin &&
      toCommunityStatus(current.state) !== patch.requestStatus
    ) {
      const possible = requesterStatusTargets(current.state);
      if (!possible.includes(patch.requestStatus)) {
        throw badRequest(
          `A ${toCommunityStatus(current.state)} request cannot become ${patch.requestStatus}; allowed: ${possible.join(", ") || "none"}.`,
          "Invalid requestStatus",
        );
      }
    }
    if (patch.accessStatus !== undefined && patch.accessStatus !== current.accessStatus) {
      const isPrivate = current.accessStatus !== "Public";
      if (!isPrivate || patch.accessStatus === "Public")
        throw badRequest(
          isPrivate
            ? "Access to private data cannot become Public."
            : "This request is for public data; there is no access to decide.",
          "Invalid accessStatus",
        );
      if (!admin) {
        const possible = allowedTargets(ACCESS_TRANSITIONS, current.accessStatus, ["companyOwner"]);
        if (!possible.includes(patch.accessStatus)) {
          throw badRequest(
            `Access ${current.accessStatus} cannot become ${patch.accessStatus}; allowed: ${possible.join(", ") || "none"}.`,
            "Invalid accessStatus",
          );
        }
      }
    }
    const contacts = contactsOrMessage ? checkContacts(patch.contacts, patch.message) : undefined;
    return applyChange(
      trx,
      row,
      {
        ...(patch.requestStatus !== undefined
          ? { state: fromCommunityStatus(patch.requestStatus, current.state) }
          : {}),
        ...(patch.accessStatus !== undefined ? { accessStatus: patch.accessStatus } : {}),
        ...(patch.requestPriority !== undefined ? { priority: patch.requestPriority } : {}),
        ...(patch.adminComment !== undefined ? { adminComment: patch.adminComment.trim() || null } : {}),
        ...(patch.notifyMeImmediately !== undefined
          ? { notifyMeImmediately: patch.notifyMeImmediately }
          : {}),
        ...(contacts !== undefined ? { contacts, message: patch.message?.trim() || null } : {}),
        reason: patch.requestStatusChangeReason?.trim() || null,
      },
      actor.userId,
    );
  });
  return storedView(db, record);
}

/** Whether the user may read the private dataset; for the HEAD check, where false is a 404. */
export async function checkDatasetAccess(
  db: AnyExecutor,
  actor: SignedInActor,
  dimension: { companyId: string; dataType: string; reportingPeriod: string; userId: string },
): Promise<boolean> {
  const actorRole = await roleOf(db, actor.userId, dimension.companyId);
  authorize(
    actor,
    can(actor, "checkDatasetAccess", { actorRole, targetUserId: dimension.userId }),
    "Only admins, the user themselves and the company's owners may ask about this access.",
  );
  return hasPrivateDataAccess(
    db,
    dimension.userId,
    dimension.companyId,
    dimension.dataType,
    dimension.reportingPeriod,
  );
}

// ===================================================================================================
// /data-sourcing

export async function patchRequestState(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
  to: SourcingState,
  adminComment: string | undefined,
): Promise<WireStoredRequest> {
  const { record, standing } = await requireRequest(
    db,
    actor,
    dataRequestId,
    "changeRequestState",
    "Only admins change the state of other users' requests.",
  );
  if (adminComment !== undefined)
    authorize(actor, can(actor, "writeAdminComment"), "Only admins write the admin comment.");
  const from = toSourcingState(record.state);
  if (from !== to)
    enforceTransition(
      SOURCING_REQUEST_TRANSITIONS,
      "A request",
      from,
      to,
      moversFor(actor, standing),
      "requestState",
    );
  const comment = adminComment?.trim();
  const updated = await changeDataRequest(
    db,
    dataRequestId,
    {
      ...(from !== to ? { state: fromSourcingState(to, record.state) } : {}),
      ...(comment !== undefined ? { adminComment: comment || null } : {}),
      reason: comment || null,
    },
    actor.userId,
  );
  return (await storedViews(db, [updated]))[0] as WireStoredRequest;
}

export async function patchRequestPriority(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
  priority: RequestPriority,
  adminComment: string | undefined,
): Promise<WireStoredRequest> {
  authorize(actor, can(actor, "setRequestPriority"), "Only admins set the priority of requests.");
  if (!(await getDataRequest(db, dataRequestId)))
    throw notFound(`There is no data request with the id ${dataRequestId}.`);
  const comment = adminComment?.trim();
  const updated = await changeDataRequest(
    db,
    dataRequestId,
    {
      priority,
      ...(comment !== undefined ? { adminComment: comment || null } : {}),
      reason: comment || null,
    },
    actor.userId,
  );
  return (await storedViews(db, [updated]))[0] as WireStoredRequest;
}
