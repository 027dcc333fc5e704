/**
 * The sourcing life cycle: a stored request creates or joins the sourcing object of its company,
 * framework and period; people move the object along DATA_SOURCING_TRANSITIONS; the platform finishes
 * it when data arrives or is found not sourceable; and every move takes the object's requests along
 * (model.ts, docs/requests.md).
 */

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { badRequest, conflict } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { answerRequestsWithDataset, changeDataRequest, closeRequestsAsNonSourceable } from "./changes";
import type { DatasetActivatedPayload, DatasetNonSourceablePayload } from "./events";
import {
  ACTIVE_STATES,
  DATA_SOURCING_TRANSITIONS,
  type DataSourcingState,
  fromSourcingState,
  type Mover,
  sourcingIsUnderway,
  systemTargetOnActivation,
  systemTargetOnNewRequest,
  systemTargetOnNonSourceable,
} from "./model";
import { activeDataIdFor, companyExists, documentExists, markNonSourceable } from "./neighbours";
import { can, moversFor } from "./policy";
import { type DataRequestRecord, findDataRequests } from "./records";
import { dimensionFilter, dimensionOf, requireSourcing, sourcingFor, toStored } from "./sourcing-objects";
import {
  type DataSourcingRow,
  type Dimension,
  type ExpectedPublicationDate,
  insertHistory,
  insertIfAbsent,
  inTransaction,
  type SourcingDb,
  selectByDimension,
  selectById,
  update,
} from "./sourcing-store";
import { toReduced, type WireReducedDataSourcing, type WireStoredDataSourcing } from "./sourcing-views";
import type { AnyExecutor } from "./store";
import { enforceTransition } from "./transitions";

/**
 * Called in the transaction that stores a request: an open request
 * creates the sourcing object of its company, framework and period or joins it. A finished object is
 * reopened; an object already under way makes the new request Processing at once.
 */
export async function joinSourcing(db: AnyExecutor, request: DataRequestRecord): Promise<void> {
  if (!ACTIVE_STATES.includes(request.state)) return;
  await inTransaction(db, async (trx) => {
    const dimension: Dimension = {
      companyId: request.companyId,
      dataType: request.dataType,
      reportingPeriod: request.reportingPeriod,
    };
    const now = await transactionTime(trx);
    const fresh: DataSourcingRow = {
      id: randomUUID(),
      ...dimension,
      state: "Initialized",
      documentIds: [],
      expectedPublicationDates: [],
      dateOfNextDocumentSourcingAttempt: null,
      documentCollector: null,
      dataExtractor: null,
      adminComment: null,
      priority: null,
      createdAt: now,
      lastModifiedAt: now,
    };
    if (await insertIfAbsent(trx, fresh)) {
      await insertHistory(trx, {
        fromState: null,
        toState: "Initialized",
        changedByUserId: request.userId,
        comment: `Created for the request ${request.dataRequestId}.`,
        snapshot: fresh,
        changedAt: now,
      });
      return;
    }
    const row = (await selectByDimension(trx, dimension, { forUpdate: true })) as DataSourcingRow;
    const reopened = systemTargetOnNewRequest(row.state);
    if (reopened) {
      await moveSourcing(trx, row, reopened, {
        byUserId: request.userId,
        comment: `Reopened for the new request ${request.dataRequestId}.`,
      });
      return;
    }
    if (sourcingIsUnderway(row.state) && request.state === "Open")
      await changeDataRequest(
        trx,
        request.dataRequestId,
        { state: "Processing", reason: "The data is being sourced already." },
        null,
      );
  });
}

/**
 * The time of the transaction (PostgreSQL's now(), in epoch milliseconds): the request history is
 * stamped with it too, so changes made together carry the same time and sort together.
 */
async function transactionTime(trx: SourcingDb): Promise<number> {
  const result = await sql<{
    ms: string | number;
  }>`select floor(extract(epoch from now()) * 1000)::bigint as ms`.execute(trx);
  return Number(result.rows[0]?.ms ?? Date.now());
}

interface MoveOptions {
  byUserId: string | null;
  comment: string | null;
  /** For Done: the dataset that answers the requests. */
  dataId?: string;
  /** Other changes written in the same history entry. */
  changes?: Partial<DataSourcingRow>;
}

/** Writes a change of a sourcing object with its history entry, and what it means for its requests. */
async function moveSourcing(
  trx: SourcingDb,
  row: DataSourcingRow,
  to: DataSourcingState,
  options: MoveOptions,
): Promise<DataSourcingRow> {
  const now = Math.max(await transactionTime(trx), row.lastModifiedAt);
  const next: DataSourcingRow = { ...row, ...options.changes, state: to, lastModifiedAt: now };
  await update(trx, next);
  await insertHistory(trx, {
    fromState: row.state,
    toState: to,
    changedByUserId: options.byUserId,
    comment: options.comment,
    snapshot: next,
    changedAt: now,
  });
  if (to === row.state) return next;
  const reason = options.comment ?? `Sourcing moved from ${row.state} to ${to}.`;
  if (sourcingIsUnderway(to)) {
    const open = await findDataRequests(trx, { ...dimensionFilter(row), states: ["Open"] });
    for (const request of open)
      await changeDataRequest(trx, request.dataRequestId, { state: "Processing", reason }, options.byUserId);
  } else if (to === "Done") {
    const dataId = options.dataId ?? (await activeDataIdFor(trx, row));
    if (dataId) {
      await answerRequestsWithDataset(trx, { ...dimensionOf(row), dataId, previousActiveDataId: null });
    } else {
      const active = await findDataRequests(trx, { ...dimensionFilter(row), states: [...ACTIVE_STATES] });
      for (const request of active)
        await changeDataRequest(
          trx,
          request.dataRequestId,
          { state: fromSourcingState("Processed", request.state), reason },
          options.byUserId,
        );
    }
  } else if (to === "NonSourceable") {
    await closeRequestsAsNonSourceable(trx, {
      ...dimensionOf(row),
      nonSourceable: true,
      reason,
      userId: options.byUserId,
    });
  }
  return next;
}

/** `dataset.activated`: the sourcing object of the dimension is done, its requests processed. */
export async function onDatasetActivated(db: AnyExecutor, dataset: DatasetActivatedPayload): Promise<void> {
  if (!isUuid(dataset.companyId)) return;
  await inTransaction(db, async (trx) => {
    const row = await selectByDimension(trx, dataset, { forUpdate: true });
    if (!row) return;
    const target = systemTargetOnActivation(row.state);
    if (target)
      await moveSourcing(trx, row, target, {
        byUserId: null,
        comment: `The dataset ${dataset.dataId} is now active.`,
        dataId: dataset.dataId,
      });
    else await answerRequestsWithDataset(trx, dataset);
  });
}

/** `dataset.nonSourceable` (true): the sourcing object of the dimension ends as NonSourceable. */
export async function onDatasetNonSourceable(
  db: AnyExecutor,
  info: DatasetNonSourceablePayload,
): Promise<void> {
  if (!info.nonSourceable || !isUuid(info.companyId)) return;
  await inTransaction(db, async (trx) => {
    const row = await selectByDimension(trx, info, { forUpdate: true });
    if (!row) return;
    const target = systemTargetOnNonSourceable(row.state);
    if (target)
      await moveSourcing(trx, row, target, {
        byUserId: info.userId && isUuid(info.userId) ? info.userId : null,
        comment: info.reason ?? "The data cannot be sourced.",
      });
  });
}

/**
 * Changes a sourcing object: the state through the transition table (NonSourceable is first recorded
 * in the datasets module, which tells the rest of the platform), the other fields as given, all in one
 * history entry.
 */
async function changeSourcing(
  db: AnyExecutor,
  actor: SignedInActor,
  row: DataSourcingRow,
  movers: Mover[],
  change: { state?: DataSourcingState; comment: string | null; fields?: Partial<DataSourcingRow> },
): Promise<DataSourcingRow> {
  const target = change.state ?? row.state;
  if (target !== row.state)
    enforceTransition(DATA_SOURCING_TRANSITIONS, "A sourcing object", row.state, target, movers, "state");
  if (target === "NonSourceable" && row.state !== "NonSourceable")
    await markNonSourceable(
      db,
      actor,
      {
        ...dimensionOf(row),
        reason: change.comment ?? "Data sourcing found no source for this data.",
      },
      true,
    );
  return inTransaction(db, async (trx) => {
    const current = (await selectById(trx, row.id, { forUpdate: true })) as DataSourcingRow;
    if (current.state !== row.state && current.state !== target)
      throw conflict(
        `The sourcing object moved to ${current.state} meanwhile; look at it again and retry.`,
        "Changed meanwhile",
      );
    return moveSourcing(trx, current, target, {
      byUserId: actor.userId,
      comment: change.comment,
      ...(change.fields ? { changes: change.fields } : {}),
    });
  });
}

export async function patchDataSourcingState(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  state: DataSourcingState,
  comment: string | undefined,
): Promise<WireReducedDataSourcing> {
  const { row, standing } = await sourcingFor(
    db,
    actor,
    dataSourcingId,
    "changeSourcingState",
    "Only admins and the companies collecting documents or extracting data for it change this sourcing object's state.",
  );
  if (state === row.state) return toReduced(row, can(actor, "seeSourcingPriority", standing));
  const next = await changeSourcing(db, actor, row, moversFor(actor, standing), {
    state,
    comment: comment?.trim() || null,
  });
  return toReduced(next, can(actor, "seeSourcingPriority", standing));
}

async function checkDocuments(db: AnyExecutor, documentIds: readonly string[], field: string): Promise<void> {
  const unknown: string[] = [];
  for (const documentId of documentIds) if (!(await documentExists(db, documentId))) unknown.push(documentId);
  if (unknown.length > 0)
    throw badRequest(`${field}: there is no document with the id ${unknown.join(", ")}.`, `Invalid ${field}`);
}

async function checkProviderCompany(db: AnyExecutor, companyId: string, field: string): Promise<void> {
  if (!(await companyExists(db, companyId)))
    throw badRequest(`${field}: there is no company with the id ${companyId}.`, `Invalid ${field}`);
}

export interface DataSourcingPatch {
  documentCollector?: string;
  dataExtractor?: string;
  adminComment?: string;
  priority?: number;
  state?: DataSourcingState;
  documentIds?: string[];
  expectedPublicationDatesOfDocuments?: ExpectedPublicationDate[];
  dateOfNextDocumentSourcingAttempt?: string;
}

export async function patchDataSourcing(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  patch: DataSourcingPatch,
): Promise<WireStoredDataSourcing> {
  authorize(actor, can(actor, "patchSourcing"), "Only admins change sourcing objects this way.");
  const row = await requireSourcing(db, dataSourcingId);
  if (patch.documentCollector !== undefined)
    await checkProviderCompany(db, patch.documentCollector, "documentCollector");
  if (patch.dataExtractor !== undefined) await checkProviderCompany(db, patch.dataExtractor, "dataExtractor");
  if (patch.documentIds !== undefined) await checkDocuments(db, patch.documentIds, "documentIds");
  const fields: Partial<DataSourcingRow> = {
    ...(patch.documentCollector !== undefined
      ? { documentCollector: patch.documentCollector.toLowerCase() }
      : {}),
    ...(patch.dataExtractor !== undefined ? { dataExtractor: patch.dataExtractor.toLowerCase() } : {}),
    ...(patch.adminComment !== undefined ? { adminComment: patch.adminComment.trim() || null } : {}),
    ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
    ...(patch.documentIds !== undefined ? { documentIds: [...new Set(patch.documentIds)] } : {}),
    ...(patch.expectedPublicationDatesOfDocuments !== undefined
      ? { expectedPublicationDates: patch.expectedPublicationDatesOfDocuments }
      : {}),
    ...(patch.dateOfNextDocumentSourcingAttempt !== undefined
      ? { dateOfNextDocumentSourcingAttempt: patch.dateOfNextDocumentSourcingAttempt }
      : {}),
  };
  const next = await changeSourcing(db, actor, row, moversFor(actor, {}), {
    ...(patch.state !== undefined ? { state: patch.state } : {}),
    comment: patch.adminComment?.trim() || null,
    fields,
  });
  return toStored(db, next, true);
}

/**
 * A change of the search for documents (the documents found, the next attempt), kept in the history
 * without a change of state; for admins and the document collector. `check` judges the input once
 * the actor may act.
 */
async function changeDocumentSearch(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  refusal: string,
  change: (current: DataSourcingRow) => { comment: string; changes: Partial<DataSourcingRow> },
  check: () => Promise<void> = async () => {},
): Promise<WireReducedDataSourcing> {
  const { row, standing } = await sourcingFor(db, actor, dataSourcingId, "manageDocuments", refusal);
  await check();
  const next = await inTransaction(db, async (trx) => {
    const current = (await selectById(trx, row.id, { forUpdate: true })) as DataSourcingRow;
    return moveSourcing(trx, current, current.state, { byUserId: actor.userId, ...change(current) });
  });
  return toReduced(next, can(actor, "seeSourcingPriority", standing));
}

export async function patchDataSourcingDocuments(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  documentIds: string[],
  appendDocuments: boolean,
): Promise<WireReducedDataSourcing> {
  return changeDocumentSearch(
    db,
    actor,
    dataSourcingId,
    "Only admins and the company collecting the documents attach documents to this sourcing object.",
    (current) => ({
      comment: appendDocuments ? "Documents added." : "Documents replaced.",
      changes: {
        documentIds: [...new Set(appendDocuments ? [...current.documentIds, ...documentIds] : documentIds)],
      },
    }),
    () => checkDocuments(db, documentIds, "documentIds"),
  );
}

export async function patchDocumentSourcingAttempt(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  date: string,
): Promise<WireReducedDataSourcing> {
  return changeDocumentSearch(
    db,
    actor,
    dataSourcingId,
    "Only admins and the company collecting the documents plan the next search for documents.",
    () => ({
      comment: `Next search for documents planned for ${date}.`,
      changes: { dateOfNextDocumentSourcingAttempt: date },
    }),
  );
}
