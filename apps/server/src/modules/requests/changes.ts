/**
 * Changes to stored requests, for both published surfaces and the platform's own reactions: every
 * change is written with its history entry and the events it causes, in one transaction.
 */

import { publishEvent } from "../../platform/events";
import { notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import type {
  DatasetActivatedPayload,
  DatasetNonSourceablePayload,
  RequestAnsweredPayload,
  RequestEventSubject,
  RequestNonSourceablePayload,
} from "./events";
import { REQUEST_ANSWERED, REQUEST_NON_SOURCEABLE } from "./events";
import { type DataRequestRecord, toRecord } from "./records";
import {
  type AnyExecutor,
  deleteRequestsOfUser,
  insertHistory,
  insertMessage,
  inTransaction,
  type RequestChanges,
  type RequestRow,
  type RequestsDb,
  selectActiveRequestsFor,
  selectRequest,
  updateRequest,
} from "./store";

/** The request an event names, taken from its record. */
const eventSubject = (record: DataRequestRecord): RequestEventSubject => ({
  dataRequestId: record.dataRequestId,
  userId: record.userId,
  companyId: record.companyId,
  dataType: record.dataType,
  reportingPeriod: record.reportingPeriod,
});

export interface DataRequestChange extends RequestChanges {
  /** Why; kept in the history. */
  reason?: string | null;
  contacts?: string[];
  message?: string | null;
}

/**
 * Applies a change that the caller has already checked, records it in the history and publishes
 * `request.answered` when the request becomes answered. For both API surfaces.
 */
export async function changeDataRequest(
  db: AnyExecutor,
  dataRequestId: string,
  change: DataRequestChange,
  byUserId: string | null,
): Promise<DataRequestRecord> {
  return inTransaction(db, async (trx) => {
    const current = await selectRequest(trx, dataRequestId, { forUpdate: true });
    if (!current) throw notFound(`There is no data request with the id ${dataRequestId}.`);
    return applyChange(trx, current, change, byUserId);
  });
}

export async function applyChange(
  trx: RequestsDb,
  current: RequestRow,
  change: DataRequestChange,
  byUserId: string | null,
): Promise<DataRequestRecord> {
  const changes: RequestChanges = {};
  if (change.state !== undefined && change.state !== current.state) changes.state = change.state;
  if (change.accessStatus !== undefined && change.accessStatus !== current.access_status)
    changes.accessStatus = change.accessStatus;
  if (change.priority !== undefined && change.priority !== current.priority)
    changes.priority = change.priority;
  if (change.adminComment !== undefined && change.adminComment !== current.admin_comment)
    changes.adminComment = change.adminComment;
  if (change.answeringDataId !== undefined && change.answeringDataId !== current.answering_data_id)
    changes.answeringDataId = change.answeringDataId;
  if (
    change.notifyMeImmediately !== undefined &&
    change.notifyMeImmediately !== current.notify_me_immediately
  )
    changes.notifyMeImmediately = change.notifyMeImmediately;
  const hasMessage = change.contacts !== undefined && change.contacts.length > 0;
  if (Object.keys(changes).length === 0 && !hasMessage) return toRecord(current);
  await updateRequest(trx, current.id, changes);
  const tracked =
    changes.state !== undefined ||
    changes.accessStatus !== undefined ||
    changes.priority !== undefined ||
    changes.adminComment !== undefined;
  if (tracked)
    await insertHistory(trx, current.id, { reason: change.reason ?? null, changedByUserId: byUserId });
  if (hasMessage)
    await insertMessage(trx, current.id, {
      contacts: change.contacts ?? [],
      message: change.message ?? null,
    });
  const updated = toRecord((await selectRequest(trx, current.id)) as RequestRow);
  if (changes.state === "Answered") {
    const payload: RequestAnsweredPayload = {
      ...eventSubject(updated),
      dataId: updated.answeringDataId,
    };
    await publishEvent(trx as never, REQUEST_ANSWERED, payload);
  }
  if (changes.state === "NonSourceable") {
    const payload: RequestNonSourceablePayload = {
      ...eventSubject(updated),
      reason: change.reason ?? null,
    };
    await publishEvent(trx as never, REQUEST_NON_SOURCEABLE, payload);
  }
  return updated;
}

/**
 * A dataset became active: every active request for its company, framework and period is answered by
 * it, and each requester hears of it through `request.answered`.
 */
export async function answerRequestsWithDataset(
  db: AnyExecutor,
  dataset: DatasetActivatedPayload,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const open = await selectActiveRequestsFor(trx, dataset);
    for (const row of open) {
      await applyChange(
        trx,
        row,
        {
          state: "Answered",
          answeringDataId: dataset.dataId,
          reason: "The requested data has been published.",
        },
        null,
      );
    }
    return open.length;
  });
}

/** The data was found not to be sourceable: the active requests for it end as NonSourceable. */
export async function closeRequestsAsNonSourceable(
  db: AnyExecutor,
  info: DatasetNonSourceablePayload,
): Promise<number> {
  if (!info.nonSourceable) return 0;
  return inTransaction(db, async (trx) => {
    const open = await selectActiveRequestsFor(trx, info);
    for (const row of open) {
      await applyChange(
        trx,
        row,
        { state: "NonSourceable", reason: info.reason ?? "The data cannot be sourced." },
        info.userId && isUuid(info.userId) ? info.userId : null,
      );
    }
    return open.length;
  });
}

/** A user's account was deleted: their requests go with it. */
export async function forgetRequestsOf(db: AnyExecutor, userId: string): Promise<void> {
  if (!isUuid(userId)) return;
  await inTransaction(db, (trx) => deleteRequestsOfUser(trx, userId));
}
