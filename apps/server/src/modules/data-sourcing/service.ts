/**
 * Data sourcing: the work queue of the people who find and extract the data. Requests are the
 * community module's (one store, docs/requests.md): this module reads and changes them only through
 * the community service and maps the vocabulary. The sourcing objects (one per company, framework
 * and reporting period) are this module's own tables.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { badRequest, conflict, forbidden, notFound } from "../../platform/http/errors";
import {
  ACTIVE_STATES,
  type RequestState as CanonicalState,
  COMPANY_ROLES,
  fromSourcingState,
  REQUEST_DATA_TYPES,
  type RequestPriority,
  statesOfSourcingState,
} from "../community/model";
import {
  answerRequestsWithDataset,
  changeDataRequest,
  closeRequestsAsNonSourceable,
  companyIdsWhereUserHasRole,
  companyRolesOf,
  countDataRequests,
  createDataRequest,
  type DataRequestRecord,
  type DatasetActivatedPayload,
  type DatasetNonSourceablePayload,
  findDataRequests,
  getDataRequest,
  getDataRequestHistory,
  type RequestFilter,
} from "../community/service";
import { companyExists, getCompanyNames, validateIdentifiers } from "../companies/service";
import { findActiveDataId, isNonSourceable, markNonSourceable } from "../datasets/service";
import { documentExists } from "../documents/service";
import { getUserById, getUsersByIds, listUsers } from "../identity/service";
import {
  DATA_SOURCING_TRANSITIONS,
  type DataSourcingState,
  type DisplayedState,
  displayedState,
  judgeTransition,
  REQUEST_TRANSITIONS,
  type RequestState,
  sourcingIsUnderway,
  systemTargetOnActivation,
  systemTargetOnNewRequest,
  systemTargetOnNonSourceable,
  type Transition,
  toSourcingState,
} from "./model";
import {
  canChangeRequestState,
  canChangeSourcingState,
  canListForProvider,
  canManageDocuments,
  canPatchSourcing,
  canReadRequest,
  canReadSourcing,
  canRequestForOthers,
  canSetRequestPriority,
  canWriteAdminComment,
  ensure,
  moversFor,
  type Standing,
  seesAllRequests,
  seesAllSourcing,
  seesSourcingPriority,
} from "./policy";
import {
  type AnyExecutor,
  type DataSourcingRow,
  type Dimension,
  dimensionKey,
  type ExpectedPublicationDate,
  insertHistory,
  insertIfAbsent,
  inTransaction,
  type SourcingDb,
  type SourcingFilter,
  selectByDimension,
  selectById,
  selectHistory,
  selectIdsByDimensions,
  selectMany,
  sourcingDb,
  update,
} from "./store";

export type { AnyExecutor };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
const REPORTING_PERIOD = /^\d{4}$/;

// ===================================================================================================
// Wire shapes

export interface WireStoredRequest {
  id: string;
  companyId: string;
  reportingPeriod: string;
  dataType: string;
  userId: string;
  creationTimestamp: number;
  memberComment?: string;
  adminComment?: string;
  lastModifiedDate: number;
  requestPriority: RequestPriority;
  state: RequestState;
  dataSourcingEntityId?: string;
}

export interface WireExtendedStoredRequest extends WireStoredRequest {
  companyName: string;
  userEmailAddress?: string;
}

export interface WireReducedDataSourcing {
  dataSourcingId: string;
  companyId: string;
  reportingPeriod: string;
  dataType: string;
  state: DataSourcingState;
  documentIds: string[];
  expectedPublicationDatesOfDocuments: ExpectedPublicationDate[];
  dateOfNextDocumentSourcingAttempt?: string;
  documentCollector?: string;
  dataExtractor?: string;
  priority?: number;
}

export interface WireStoredDataSourcing extends WireReducedDataSourcing {
  adminComment?: string;
  associatedRequestIds: string[];
}

export interface WireDataSourcingHistoryEntry {
  dataSourcingId: string;
  companyId: string;
  reportingPeriod: string;
  dataType: string;
  state: DataSourcingState;
  dateOfNextDocumentSourcingAttempt?: string;
  documentCollector?: string;
  dataExtractor?: string;
  adminComment?: string;
  lastModifiedDate: number;
  priority?: number;
  previousState?: DataSourcingState;
  changedByUserId?: string;
  comment?: string;
  documentIds: string[];
}

export interface WireRequestHistoryEntry {
  modificationDate: number;
  displayedState: DisplayedState;
  requestState: RequestState;
  previousRequestState?: RequestState;
  changedByUserId?: string;
  comment?: string;
}

export interface WireExtendedRequestHistoryEntry extends WireRequestHistoryEntry {
  dataSourcingState?: DataSourcingState;
  adminComment?: string;
}

function toStoredRequest(record: DataRequestRecord, dataSourcingId: string | undefined): WireStoredRequest {
  return {
    id: record.dataRequestId,
    companyId: record.companyId,
    reportingPeriod: record.reportingPeriod,
    dataType: record.dataType,
    userId: record.userId,
    creationTimestamp: record.createdAt.getTime(),
    ...(record.memberComment ? { memberComment: record.memberComment } : {}),
    ...(record.adminComment ? { adminComment: record.adminComment } : {}),
    lastModifiedDate: record.lastModifiedAt.getTime(),
    requestPriority: record.priority,
    state: toSourcingState(record.state),
    ...(dataSourcingId ? { dataSourcingEntityId: dataSourcingId } : {}),
  };
}

function toReduced(row: DataSourcingRow, showPriority: boolean): WireReducedDataSourcing {
  return {
    dataSourcingId: row.id,
    companyId: row.companyId,
    reportingPeriod: row.reportingPeriod,
    dataType: row.dataType,
    state: row.state,
    documentIds: row.documentIds,
    expectedPublicationDatesOfDocuments: row.expectedPublicationDates,
    ...(row.dateOfNextDocumentSourcingAttempt
      ? { dateOfNextDocumentSourcingAttempt: row.dateOfNextDocumentSourcingAttempt }
      : {}),
    ...(row.documentCollector ? { documentCollector: row.documentCollector } : {}),
    ...(row.dataExtractor ? { dataExtractor: row.dataExtractor } : {}),
    ...(showPriority && row.priority !== null ? { priority: row.priority } : {}),
  };
}

const dimensionFilter = (dimension: Dimension): RequestFilter => ({
  companyIds: [dimension.companyId],
  dataTypes: [dimension.dataType],
  reportingPeriods: [dimension.reportingPeriod],
});

async function toStored(
  db: AnyExecutor,
  row: DataSourcingRow,
  showPriority: boolean,
): Promise<WireStoredDataSourcing> {
  const requests = await findDataRequests(db, dimensionFilter(row));
  return {
    ...toReduced(row, showPriority),
    ...(row.adminComment ? { adminComment: row.adminComment } : {}),
    associatedRequestIds: requests.map((request) => request.dataRequestId),
  };
}

// ===================================================================================================
// Facts for the policies

/** Whether the user holds any company role at the company (acts for it as a provider). */
async function belongsTo(db: AnyExecutor, userId: string, companyId: string | null): Promise<boolean> {
  if (!companyId) return false;
  return (await companyRolesOf(db, userId, companyId)).length > 0;
}

async function standingAt(db: AnyExecutor, actor: SignedInActor, row: DataSourcingRow): Promise<Standing> {
  return {
    belongsToDocumentCollector: await belongsTo(db, actor.userId, row.documentCollector),
    belongsToDataExtractor: await belongsTo(db, actor.userId, row.dataExtractor),
  };
}

async function providerCompaniesOf(db: AnyExecutor, userId: string): Promise<string[]> {
  return companyIdsWhereUserHasRole(db, userId, COMPANY_ROLES);
}

function describeRefusal<S extends string>(what: string, from: S, to: S, allowed: readonly S[]): string {
  return `${what} in state ${from} cannot move to ${to}; allowed from ${from}: ${allowed.join(", ") || "none"}.`;
}

/** Applies a state-transition table: 400 naming the allowed targets, 403 when the move is not the actor's. */
function enforceTransition<S extends string>(
  table: readonly Transition<S>[],
  what: string,
  from: S,
  to: S,
  movers: Parameters<typeof judgeTransition>[3],
  field: string,
): void {
  const verdict = judgeTransition(table, from, to, movers);
  if (verdict.ok) return;
  if (verdict.reason === "invalid")
    throw badRequest(describeRefusal(what, from, to, verdict.allowed), `Invalid ${field}`);
  throw forbidden(
    `You may not move ${what.toLowerCase()} from ${from} to ${to}; you may move it to: ${verdict.allowed.join(", ") || "nothing"}.`,
  );
}

// ===================================================================================================
// Sourcing objects: joining requests, moving states, effects on the requests

/**
 * Called (through the community service) in the transaction that stores a request: an open request
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
 * The time of the transaction (PostgreSQL's now(), in epoch milliseconds): the community module stamps
 * its request history with it, so changes made together carry the same time and sort together.
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
    const dataId =
      options.dataId ?? (await findActiveDataId(trx, row.companyId, row.dataType, row.reportingPeriod));
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

const dimensionOf = (row: Dimension): Dimension => ({
  companyId: row.companyId,
  dataType: row.dataType,
  reportingPeriod: row.reportingPeriod,
});

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

async function requireSourcing(db: AnyExecutor, dataSourcingId: string): Promise<DataSourcingRow> {
  const row = isUuid(dataSourcingId) ? await selectById(sourcingDb(db), dataSourcingId) : undefined;
  if (!row) throw notFound(`There is no data sourcing object with the id ${dataSourcingId}.`);
  return row;
}

async function requireReadableSourcing(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
): Promise<{ row: DataSourcingRow; standing: Standing }> {
  const row = await requireSourcing(db, dataSourcingId);
  const standing = await standingAt(db, actor, row);
  ensure(
    canReadSourcing(actor, standing),
    "Only admins and the companies collecting documents or extracting data for it see this sourcing object.",
  );
  return { row, standing };
}

export async function readDataSourcing(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
): Promise<WireStoredDataSourcing> {
  const { row, standing } = await requireReadableSourcing(db, actor, dataSourcingId);
  return toStored(db, row, seesSourcingPriority(actor, standing));
}

export interface DataSourcingSearch {
  companyId?: string;
  dataType?: string;
  reportingPeriod?: string;
  state?: DataSourcingState;
}

export async function searchDataSourcing(
  db: AnyExecutor,
  actor: SignedInActor,
  search: DataSourcingSearch,
  paging: { chunkSize: number; chunkIndex: number },
): Promise<WireStoredDataSourcing[]> {
  if (search.companyId !== undefined && !isUuid(search.companyId)) return [];
  const filter: SourcingFilter = { ...search };
  if (!seesAllSourcing(actor)) filter.providerCompanyIds = await providerCompaniesOf(db, actor.userId);
  const rows = await selectMany(sourcingDb(db), filter, {
    limit: paging.chunkSize,
    offset: paging.chunkSize * paging.chunkIndex,
  });
  // Everyone listed here is an admin or acts for a provider of the object: they see its priority.
  return Promise.all(rows.map((row) => toStored(db, row, true)));
}

export async function dataSourcingOfProvider(
  db: AnyExecutor,
  actor: SignedInActor,
  providerCompanyId: string,
): Promise<WireStoredDataSourcing[]> {
  if (!(await companyExists(db, providerCompanyId)))
    throw notFound(`There is no company with the id ${providerCompanyId}.`);
  ensure(
    canListForProvider(actor, { belongsToProvider: await belongsTo(db, actor.userId, providerCompanyId) }),
    "Only admins and the people of this company see the sourcing work assigned to it.",
  );
  const rows = await selectMany(sourcingDb(db), { providerCompanyIds: [providerCompanyId] });
  return Promise.all(rows.map((row) => toStored(db, row, true)));
}

export async function dataSourcingHistory(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  options: { stateChangesOnly: boolean },
): Promise<WireDataSourcingHistoryEntry[]> {
  const { row, standing } = await requireReadableSourcing(db, actor, dataSourcingId);
  const showPriority = seesSourcingPriority(actor, standing);
  const entries = await selectHistory(sourcingDb(db), row.id);
  return entries
    .filter((entry) => !options.stateChangesOnly || entry.fromState !== entry.toState)
    .map((entry) => {
      const snapshot = entry.snapshot;
      return {
        dataSourcingId: snapshot.id,
        companyId: snapshot.companyId,
        reportingPeriod: snapshot.reportingPeriod,
        dataType: snapshot.dataType,
        state: entry.toState,
        ...(snapshot.dateOfNextDocumentSourcingAttempt
          ? { dateOfNextDocumentSourcingAttempt: snapshot.dateOfNextDocumentSourcingAttempt }
          : {}),
        ...(snapshot.documentCollector ? { documentCollector: snapshot.documentCollector } : {}),
        ...(snapshot.dataExtractor ? { dataExtractor: snapshot.dataExtractor } : {}),
        ...(snapshot.adminComment ? { adminComment: snapshot.adminComment } : {}),
        lastModifiedDate: entry.changedAt,
        ...(showPriority && snapshot.priority !== null ? { priority: snapshot.priority } : {}),
        ...(entry.fromState ? { previousState: entry.fromState } : {}),
        ...(entry.changedByUserId ? { changedByUserId: entry.changedByUserId } : {}),
        ...(entry.comment ? { comment: entry.comment } : {}),
        documentIds: snapshot.documentIds ?? [],
      };
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
  movers: ReturnType<typeof moversFor>,
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
  const row = await requireSourcing(db, dataSourcingId);
  const standing = await standingAt(db, actor, row);
  ensure(
    canChangeSourcingState(actor, standing),
    "Only admins and the companies collecting documents or extracting data for it change this sourcing object's state.",
  );
  if (state === row.state) return toReduced(row, seesSourcingPriority(actor, standing));
  const next = await changeSourcing(db, actor, row, moversFor(actor, standing), {
    state,
    comment: comment?.trim() || null,
  });
  return toReduced(next, seesSourcingPriority(actor, standing));
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
  ensure(canPatchSourcing(actor), "Only admins change sourcing objects this way.");
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

export async function patchDataSourcingDocuments(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  documentIds: string[],
  appendDocuments: boolean,
): Promise<WireReducedDataSourcing> {
  const row = await requireSourcing(db, dataSourcingId);
  const standing = await standingAt(db, actor, row);
  ensure(
    canManageDocuments(actor, standing),
    "Only admins and the company collecting the documents attach documents to this sourcing object.",
  );
  await checkDocuments(db, documentIds, "documentIds");
  const next = await inTransaction(db, async (trx) => {
    const current = (await selectById(trx, row.id, { forUpdate: true })) as DataSourcingRow;
    const ids = appendDocuments
      ? [...new Set([...current.documentIds, ...documentIds])]
      : [...new Set(documentIds)];
    return moveSourcing(trx, current, current.state, {
      byUserId: actor.userId,
      comment: appendDocuments ? "Documents added." : "Documents replaced.",
      changes: { documentIds: ids },
    });
  });
  return toReduced(next, seesSourcingPriority(actor, standing));
}

export async function patchDocumentSourcingAttempt(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  date: string,
): Promise<WireReducedDataSourcing> {
  const row = await requireSourcing(db, dataSourcingId);
  const standing = await standingAt(db, actor, row);
  ensure(
    canManageDocuments(actor, standing),
    "Only admins and the company collecting the documents plan the next search for documents.",
  );
  const next = await inTransaction(db, async (trx) => {
    const current = (await selectById(trx, row.id, { forUpdate: true })) as DataSourcingRow;
    return moveSourcing(trx, current, current.state, {
      byUserId: actor.userId,
      comment: `Next search for documents planned for ${date}.`,
      changes: { dateOfNextDocumentSourcingAttempt: date },
    });
  });
  return toReduced(next, seesSourcingPriority(actor, standing));
}

export async function sourcingPriorities(
  db: AnyExecutor,
  actor: SignedInActor,
  dimensions: Dimension[],
): Promise<{ companyId: string; dataType: string; reportingPeriod: string; priority?: number }[]> {
  const result: { companyId: string; dataType: string; reportingPeriod: string; priority?: number }[] = [];
  for (const dimension of dimensions) {
    if (!isUuid(dimension.companyId)) continue;
    const row = await selectByDimension(sourcingDb(db), dimension);
    if (!row) continue;
    const show = seesSourcingPriority(actor, await standingAt(db, actor, row));
    result.push({
      ...dimensionOf(row),
      ...(show && row.priority !== null ? { priority: row.priority } : {}),
    });
  }
  return result;
}

// ===================================================================================================
// Requests through the sourcing surface

async function sourcingIdsFor(db: AnyExecutor, records: DataRequestRecord[]): Promise<Map<string, string>> {
  return selectIdsByDimensions(sourcingDb(db), records);
}

async function storedViews(db: AnyExecutor, records: DataRequestRecord[]): Promise<WireStoredRequest[]> {
  const ids = await sourcingIdsFor(db, records);
  return records.map((record) =>
    toStoredRequest(record, ids.get(dimensionKey(record.companyId, record.dataType, record.reportingPeriod))),
  );
}

async function extendedViews(
  db: AnyExecutor,
  records: DataRequestRecord[],
): Promise<WireExtendedStoredRequest[]> {
  const stored = await storedViews(db, records);
  const names = await getCompanyNames(db, [...new Set(records.map((record) => record.companyId))]);
  const users = new Map(
    (await getUsersByIds(db, [...new Set(records.map((record) => record.userId))])).map((user) => [
      user.userId,
      user,
    ]),
  );
  return stored.map((view) => {
    const email = users.get(view.userId)?.email;
    return {
      ...view,
      companyName: names.get(view.companyId) ?? "",
      ...(email ? { userEmailAddress: email } : {}),
    };
  });
}

async function requesterFor(
  db: AnyExecutor,
  actor: SignedInActor,
  onBehalfOfUserId: string | undefined,
): Promise<string> {
  if (onBehalfOfUserId === undefined || onBehalfOfUserId === actor.userId) return actor.userId;
  ensure(
    canRequestForOthers(actor),
    "Only admins ask for data in the name of another user; leave userId out to ask for yourself.",
  );
  const user = isUuid(onBehalfOfUserId) ? await getUserById(db, onBehalfOfUserId) : undefined;
  if (!user)
    throw badRequest(
      `querystring parameter userId: there is no user with the id ${onBehalfOfUserId}.`,
      "Invalid userId",
    );
  return user.userId;
}

function checkDataType(dataType: string, field: string): void {
  if (!(REQUEST_DATA_TYPES as readonly string[]).includes(dataType))
    throw badRequest(
      `${field}: ${dataType} is not a framework one can ask for; use one of ${REQUEST_DATA_TYPES.join(", ")}.`,
      `Invalid ${field}`,
    );
}

function checkReportingPeriod(period: string, field: string): void {
  if (!REPORTING_PERIOD.test(period))
    throw badRequest(`${field} must be a year like 2024; not: ${period}.`, `Invalid ${field}`);
}

/** Company ids by identifier (Openverde id, LEI, ISIN, ...), for the identifiers that name one. */
async function resolveCompanies(db: AnyExecutor, identifiers: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const trimmed = [...new Set(identifiers.map((identifier) => identifier.trim()).filter(Boolean))];
  if (trimmed.length === 0) return result;
  for (const entry of await validateIdentifiers(db, trimmed))
    if (entry.companyInformation) result.set(entry.identifier, entry.companyInformation.companyId);
  return result;
}

/**
 * One request, always stored unless the user has an open one for the same data already (then 400):
 * also for data that is there or was found not sourceable, since the requester may know better (a
 * finished sourcing object is reopened).
 */
export async function createSingleRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  body: { companyIdentifier: string; dataType: string; reportingPeriod: string; memberComment?: string },
  onBehalfOfUserId: string | undefined,
): Promise<{ requestId: string }> {
  const userId = await requesterFor(db, actor, onBehalfOfUserId);
  checkDataType(body.dataType, "dataType");
  checkReportingPeriod(body.reportingPeriod.trim(), "reportingPeriod");
  const companyId = (await resolveCompanies(db, [body.companyIdentifier])).get(body.companyIdentifier.trim());
  if (!companyId)
    throw badRequest(
      `companyIdentifier: no company is known by "${body.companyIdentifier}".`,
      "Invalid companyIdentifier",
    );
  const result = await createDataRequest(db, {
    userId,
    companyId,
    dataType: body.dataType,
    reportingPeriod: body.reportingPeriod.trim(),
    notifyMeImmediately: false,
    memberComment: body.memberComment?.trim() || null,
  });
  if (result.outcome === "duplicate")
    throw badRequest(
      `There is an open request for this data already: ${result.request.dataRequestId}.`,
      "Duplicate request",
    );
  return { requestId: result.request.dataRequestId };
}

export interface BulkResponse {
  acceptedDataRequests: Dimension[];
  invalidDataRequests: Dimension[];
  existingDataRequests: Dimension[];
  existingDataSets: Dimension[];
  nonSourceableDataRequests: Dimension[];
}

/** Most combinations (identifiers × frameworks × periods) one bulk call may cover. */
export const MAX_BULK_COMBINATIONS = 5000;

/**
 * Every combination becomes a request, except unknown companies (invalid), data the user asked for
 * already, public data that is there already, and data found not to be sourceable.
 */
export async function createBulkRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  body: { companyIdentifiers: string[]; dataTypes: string[]; reportingPeriods: string[] },
  onBehalfOfUserId: string | undefined,
): Promise<BulkResponse> {
  const userId = await requesterFor(db, actor, onBehalfOfUserId);
  const identifiers = [...new Set(body.companyIdentifiers.map((id) => id.trim()).filter(Boolean))];
  const dataTypes = [...new Set(body.dataTypes)];
  const periods = [...new Set(body.reportingPeriods.map((period) => period.trim()))];
  if (identifiers.length === 0)
    throw badRequest("companyIdentifiers must name at least one company.", "Invalid companyIdentifiers");
  if (dataTypes.length === 0)
    throw badRequest("dataTypes must name at least one framework.", "Invalid dataTypes");
  if (periods.length === 0)
    throw badRequest("reportingPeriods must name at least one period.", "Invalid reportingPeriods");
  for (const dataType of dataTypes) checkDataType(dataType, "dataTypes");
  for (const period of periods) checkReportingPeriod(period, "reportingPeriods");
  const combinations = identifiers.length * dataTypes.length * periods.length;
  if (combinations > MAX_BULK_COMBINATIONS)
    throw badRequest(
      `One bulk request may cover at most ${MAX_BULK_COMBINATIONS} combinations; this one has ${combinations}.`,
      "Too many combinations",
    );
  const companies = await resolveCompanies(db, identifiers);
  const response: BulkResponse = {
    acceptedDataRequests: [],
    invalidDataRequests: [],
    existingDataRequests: [],
    existingDataSets: [],
    nonSourceableDataRequests: [],
  };
  // What is already known is judged before writing (the datasets module's reads take no transaction).
  const toStore: Dimension[] = [];
  for (const identifier of identifiers) {
    const companyId = companies.get(identifier);
    for (const dataType of dataTypes) {
      for (const reportingPeriod of periods) {
        if (!companyId) {
          response.invalidDataRequests.push({ companyId: identifier, dataType, reportingPeriod });
          continue;
        }
        const dimension = { companyId, dataType, reportingPeriod };
        if (
          dataType !== "vsme" &&
          (await findActiveDataId(db, companyId, dataType, reportingPeriod)) !== undefined
        ) {
          response.existingDataSets.push(dimension);
          continue;
        }
        const sourcing = await selectByDimension(sourcingDb(db), dimension);
        if (sourcing?.state === "NonSourceable" || (await isNonSourceable(db, actor, dimension))) {
          response.nonSourceableDataRequests.push(dimension);
          continue;
        }
        toStore.push(dimension);
      }
    }
  }
  await inTransaction(db, async (trx) => {
    for (const dimension of toStore) {
      const result = await createDataRequest(trx, { userId, ...dimension, notifyMeImmediately: false });
      if (result.outcome === "duplicate") response.existingDataRequests.push(dimension);
      else response.acceptedDataRequests.push(dimension);
    }
  });
  return response;
}

async function requireRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<{ record: DataRequestRecord; standing: Standing }> {
  const record = await getDataRequest(db, dataRequestId);
  if (!record) throw notFound(`There is no data request with the id ${dataRequestId}.`);
  const standing: Standing = { isRequester: record.userId === actor.userId };
  ensure(
    canReadRequest(actor, standing),
    "This request is not yours; only admins see other users' requests.",
  );
  return { record, standing };
}

export async function readRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<WireExtendedStoredRequest> {
  const { record } = await requireRequest(db, actor, dataRequestId);
  return (await extendedViews(db, [record]))[0] as WireExtendedStoredRequest;
}

/**
 * The request's life as one timeline: its own changes (community history) and, while it is being
 * processed, the changes of its sourcing object's state, each with the displayed state at that moment.
 */
async function requestTimeline(
  db: AnyExecutor,
  record: DataRequestRecord,
): Promise<WireExtendedRequestHistoryEntry[]> {
  const own = await getDataRequestHistory(db, record.dataRequestId);
  const sourcing = await selectByDimension(sourcingDb(db), record);
  const sourcingHistory = sourcing ? await selectHistory(sourcingDb(db), sourcing.id) : [];
  type Step =
    | {
        at: number;
        kind: "request";
        state: CanonicalState;
        by: string | null;
        why: string | null;
        admin: string | null;
      }
    | { at: number; kind: "sourcing"; state: DataSourcingState; by: string | null; why: string | null };
  const steps: Step[] = [
    ...own.map(
      (entry): Step => ({
        at: entry.createdAt.getTime(),
        kind: "request",
        state: entry.state,
        by: entry.changedByUserId,
        why: entry.reason,
        admin: entry.adminComment,
      }),
    ),
    ...sourcingHistory
      .filter((entry) => entry.fromState !== entry.toState)
      .map(
        (entry): Step => ({
          at: entry.changedAt,
          kind: "sourcing",
          state: entry.toState,
          by: entry.changedByUserId,
          why: entry.comment,
        }),
      ),
  ];
  // Changes made together carry the same time: the sourcing object's change comes first, since it
  // is what moves the requests.
  steps.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === "sourcing" ? -1 : 1));
  const created = own[0]?.createdAt.getTime() ?? record.createdAt.getTime();
  let requestState: CanonicalState | undefined;
  let sourcingState: DataSourcingState | undefined;
  let adminComment: string | null = null;
  const timeline: WireExtendedRequestHistoryEntry[] = [];
  for (const step of steps) {
    const previous = requestState;
    if (step.kind === "request") {
      requestState = step.state;
      adminComment = step.admin;
    } else sourcingState = step.state;
    // Sourcing steps before the request existed only set the scene; after it ended they do not concern it.
    if (step.kind === "sourcing" && (step.at < created || requestState === undefined)) continue;
    if (requestState === undefined) continue;
    if (step.kind === "sourcing" && requestState !== "Processing") continue;
    timeline.push({
      modificationDate: step.at,
      displayedState: displayedState(requestState, sourcingState),
      requestState: toSourcingState(requestState),
      ...(previous !== undefined && step.kind === "request"
        ? { previousRequestState: toSourcingState(previous) }
        : {}),
      ...(sourcingState ? { dataSourcingState: sourcingState } : {}),
      ...(adminComment ? { adminComment } : {}),
      ...(step.by ? { changedByUserId: step.by } : {}),
      ...(step.why ? { comment: step.why } : {}),
    });
  }
  return timeline;
}

/** Who, when, from, to and why for each change of the request; one entry per change of what its requester sees. */
export async function requestHistory(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<WireRequestHistoryEntry[]> {
  const { record } = await requireRequest(db, actor, dataRequestId);
  const timeline = await requestTimeline(db, record);
  const result: WireRequestHistoryEntry[] = [];
  for (const entry of timeline) {
    const last = result.at(-1);
    if (last && last.displayedState === entry.displayedState) continue;
    result.push({
      modificationDate: entry.modificationDate,
      displayedState: entry.displayedState,
      requestState: entry.requestState,
      ...(entry.previousRequestState ? { previousRequestState: entry.previousRequestState } : {}),
      ...(entry.changedByUserId ? { changedByUserId: entry.changedByUserId } : {}),
      ...(entry.comment ? { comment: entry.comment } : {}),
    });
  }
  return result;
}

export async function extendedRequestHistory(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<WireExtendedRequestHistoryEntry[]> {
  const { record } = await requireRequest(db, actor, dataRequestId);
  return requestTimeline(db, record);
}

export async function patchRequestState(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
  to: RequestState,
  adminComment: string | undefined,
): Promise<WireStoredRequest> {
  const record = await getDataRequest(db, dataRequestId);
  if (!record) throw notFound(`There is no data request with the id ${dataRequestId}.`);
  const standing: Standing = { isRequester: record.userId === actor.userId };
  ensure(canChangeRequestState(actor, standing), "Only admins change the state of other users' requests.");
  if (adminComment !== undefined) ensure(canWriteAdminComment(actor), "Only admins write the admin comment.");
  const from = toSourcingState(record.state);
  if (from !== to)
    enforceTransition(REQUEST_TRANSITIONS, "A request", from, to, moversFor(actor, standing), "requestState");
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
  ensure(canSetRequestPriority(actor), "Only admins set the priority of requests.");
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

/** The filters of GET /requests and /requests/count, in the sourcing vocabulary. */
export interface RequestQuery {
  companyId?: string;
  dataType?: string[];
  reportingPeriod?: string[];
  requestState?: RequestState[];
  requestPriority?: RequestPriority[];
  userId?: string;
}

/** The canonical filter; a user who is not an admin only ever sees their own requests. */
function toFilter(actor: SignedInActor, query: RequestQuery): RequestFilter {
  const filter: RequestFilter = {};
  if (query.companyId !== undefined)
    filter.companyIds = isUuid(query.companyId) ? [query.companyId.toLowerCase()] : [];
  if (query.dataType?.length) filter.dataTypes = query.dataType;
  if (query.reportingPeriod?.length) filter.reportingPeriods = query.reportingPeriod;
  if (query.requestState?.length)
    filter.states = [...new Set(query.requestState.flatMap((state) => statesOfSourcingState(state)))];
  if (query.requestPriority?.length) filter.priorities = query.requestPriority;
  if (query.userId !== undefined) filter.userIds = isUuid(query.userId) ? [query.userId.toLowerCase()] : [];
  if (!seesAllRequests(actor))
    filter.userIds = (filter.userIds ?? [actor.userId]).filter((id) => id === actor.userId);
  return filter;
}

export async function countRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  query: RequestQuery,
): Promise<number> {
  return countDataRequests(db, toFilter(actor, query));
}

export async function listRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  query: RequestQuery,
  paging: { chunkSize: number; chunkIndex: number },
): Promise<WireExtendedStoredRequest[]> {
  return extendedViews(db, await findDataRequests(db, toFilter(actor, query), paging));
}

// ---------------------------------------------------------------------------------------------------
// Enhanced requests: with company name, e-mail address and how their sourcing goes

export interface EnhancedSearch {
  companyId?: string;
  dataTypes?: string[];
  reportingPeriods?: string[];
  userId?: string;
  requestStates?: RequestState[];
  requestPriorities?: RequestPriority[];
  emailAddress?: string;
  adminComment?: string;
  companySearchString?: string;
  dataSourcingStates?: DataSourcingState[];
}

async function enhancedViews(db: AnyExecutor, records: DataRequestRecord[]) {
  const extended = await extendedViews(db, records);
  const sourcingRows = new Map<string, DataSourcingRow>();
  for (const view of extended) {
    if (!view.dataSourcingEntityId || sourcingRows.has(view.dataSourcingEntityId)) continue;
    const row = await selectById(sourcingDb(db), view.dataSourcingEntityId);
    if (row) sourcingRows.set(row.id, row);
  }
  const providerIds = [...sourcingRows.values()].flatMap((row) =>
    [row.documentCollector, row.dataExtractor].filter((id): id is string => id !== null),
  );
  const providerNames = await getCompanyNames(db, [...new Set(providerIds)]);
  return extended.map(({ dataSourcingEntityId, ...view }) => {
    const row = dataSourcingEntityId ? sourcingRows.get(dataSourcingEntityId) : undefined;
    const collector = row?.documentCollector ? providerNames.get(row.documentCollector) : undefined;
    const extractor = row?.dataExtractor ? providerNames.get(row.dataExtractor) : undefined;
    return {
      ...view,
      ...(row
        ? {
            dataSourcingDetails: {
              dataSourcingEntityId: row.id,
              dataSourcingState: row.state,
              ...(row.dateOfNextDocumentSourcingAttempt
                ? { dateOfNextDocumentSourcingAttempt: row.dateOfNextDocumentSourcingAttempt }
                : {}),
              ...(collector ? { documentCollectorName: collector } : {}),
              ...(extractor ? { dataExtractorName: extractor } : {}),
            },
          }
        : {}),
    };
  });
}

export async function enhancedRequestsOfUser(db: AnyExecutor, actor: SignedInActor) {
  return enhancedViews(db, await findDataRequests(db, { userIds: [actor.userId] }));
}

async function enhancedFilter(
  db: AnyExecutor,
  actor: SignedInActor,
  search: EnhancedSearch,
): Promise<{ filter: RequestFilter; post?: (record: DataRequestRecord) => boolean }> {
  ensure(seesAllRequests(actor), "Only admins search all requests.");
  const filter = toFilter(actor, {
    ...(search.companyId !== undefined ? { companyId: search.companyId } : {}),
    ...(search.dataTypes ? { dataType: search.dataTypes } : {}),
    ...(search.reportingPeriods ? { reportingPeriod: search.reportingPeriods } : {}),
    ...(search.requestStates ? { requestState: search.requestStates } : {}),
    ...(search.requestPriorities ? { requestPriority: search.requestPriorities } : {}),
    ...(search.userId !== undefined ? { userId: search.userId } : {}),
  });
  if (search.adminComment?.trim()) filter.adminComment = search.adminComment.trim();
  if (search.emailAddress?.trim()) {
    const needle = search.emailAddress.trim().toLowerCase();
    const matching = (await listUsers(db))
      .filter((user) => user.email.toLowerCase().includes(needle))
      .map((user) => user.userId);
    filter.userIds = filter.userIds ? filter.userIds.filter((id) => matching.includes(id)) : matching;
  }
  const needle = search.companySearchString?.trim().toLowerCase();
  const states = search.dataSourcingStates?.length ? new Set(search.dataSourcingStates) : undefined;
  if (!needle && !states) return { filter };
  // Both need the candidates' companies or sourcing objects: decided per request after the query.
  const candidates = await findDataRequests(db, filter);
  const companyIds = [...new Set(candidates.map((record) => record.companyId))];
  const names = await getCompanyNames(db, companyIds);
  const identified = needle
    ? await resolveCompanies(db, [search.companySearchString?.trim() ?? ""])
    : undefined;
  const identifiedId = identified ? [...identified.values()][0] : undefined;
  const sourcingStates = new Map<string, DataSourcingState>();
  if (states)
    for (const record of candidates) {
      const key = dimensionKey(record.companyId, record.dataType, record.reportingPeriod);
      if (sourcingStates.has(key)) continue;
      const row = await selectByDimension(sourcingDb(db), record);
      if (row) sourcingStates.set(key, row.state);
    }
  return {
    filter,
    post: (record) => {
      if (needle) {
        const name = names.get(record.companyId)?.toLowerCase() ?? "";
        if (!name.includes(needle) && record.companyId !== identifiedId) return false;
      }
      if (states) {
        const state = sourcingStates.get(
          dimensionKey(record.companyId, record.dataType, record.reportingPeriod),
        );
        if (!state || !states.has(state)) return false;
      }
      return true;
    },
  };
}

export async function searchEnhancedRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  search: EnhancedSearch,
  paging: { chunkSize: number; chunkIndex: number },
) {
  const { filter, post } = await enhancedFilter(db, actor, search);
  if (!post) return enhancedViews(db, await findDataRequests(db, filter, paging));
  const all = (await findDataRequests(db, filter)).filter(post);
  const start = paging.chunkSize * paging.chunkIndex;
  return enhancedViews(db, all.slice(start, start + paging.chunkSize));
}

export async function countEnhancedRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  search: EnhancedSearch,
): Promise<number> {
  const { filter, post } = await enhancedFilter(db, actor, search);
  if (!post) return countDataRequests(db, filter);
  return (await findDataRequests(db, filter)).filter(post).length;
}

export type { Actor };
