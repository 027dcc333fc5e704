/**
 * Storing requests: the one way a request is created (createDataRequest), and the create operations
 * of both published surfaces, each with the reference's answers for data asked for already.
 */

import { randomUUID } from "node:crypto";
import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { badRequest, conflict } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { REQUEST_ACCESS_REQUESTED, type RequestAccessRequestedPayload } from "./events";
import { checkFreeBulkLimit, priorityFor } from "./membership";
import { isPrivateDataType, REQUEST_DATA_TYPES, type RequestPriority } from "./model";
import {
  activeDataIdFor,
  type CompanySummary,
  companySummary,
  getUserById,
  isNonSourceable,
  isValidEmail,
  resolveCompanies,
  resolveCompanyIdentifier,
} from "./neighbours";
import { can } from "./policy";
import { type DataRequestRecord, toRecord } from "./records";
import { joinSourcing } from "./sourcing-lifecycle";
import { type Dimension, selectByDimension, sourcingDb } from "./sourcing-store";
import {
  type AnyExecutor,
  insertHistory,
  insertMessage,
  insertRequest,
  inTransaction,
  type RequestRow,
  selectBlockingRequest,
  selectRequest,
} from "./store";

/** Most combinations (identifiers × frameworks × periods) one bulk call may cover, on either surface. */
export const MAX_BULK_COMBINATIONS = 5000;

export interface NewDataRequest {
  /** A fixed id (demo data); a new one otherwise. */
  id?: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  notifyMeImmediately: boolean;
  memberComment?: string | null;
  priority?: RequestPriority;
  adminComment?: string | null;
  contacts?: string[];
  message?: string | null;
  /** Stores the request as answered already (demo data, imports). */
  initialState?: "Answered";
  answeringDataId?: string | null;
}

export type CreateOutcome =
  | { outcome: "stored"; request: DataRequestRecord }
  | { outcome: "accessRequested"; request: DataRequestRecord }
  | { outcome: "duplicate"; request: DataRequestRecord };

/**
 * Stores one request, in the caller's transaction or its own. A request for private data that is
 * there already asks the company for access (answered, access pending); one that is not there yet is
 * open with access pending. A user's second active request for the same data is not stored: the
 * first one is returned as the duplicate.
 */
export async function createDataRequest(db: AnyExecutor, input: NewDataRequest): Promise<CreateOutcome> {
  return inTransaction(db, async (trx) => {
    const dimension = {
      userId: input.userId,
      companyId: input.companyId,
      dataType: input.dataType,
      reportingPeriod: input.reportingPeriod,
    };
    const blocking = await selectBlockingRequest(trx, dimension);
    if (blocking) return { outcome: "duplicate", request: toRecord(blocking) };
    const isPrivate = isPrivateDataType(input.dataType);
    const existingDataId = isPrivate ? await activeDataIdFor(trx, dimension) : undefined;
    const id = input.id ?? randomUUID();
    const inserted = await insertRequest(trx, {
      id,
      ...dimension,
      state: existingDataId ? "Answered" : (input.initialState ?? "Open"),
      accessStatus: isPrivate ? "Pending" : "Public",
      priority: input.priority ?? "Baseline",
      adminComment: input.adminComment ?? null,
      memberComment: input.memberComment ?? null,
      notifyMeImmediately: input.notifyMeImmediately,
      answeringDataId: existingDataId ?? input.answeringDataId ?? null,
    });
    if (!inserted) {
      const winner = await selectBlockingRequest(trx, dimension);
      if (winner) return { outcome: "duplicate", request: toRecord(winner) };
      throw conflict("The request could not be stored; try again.");
    }
    await insertHistory(trx, id, { reason: null, changedByUserId: input.userId });
    if (input.contacts && input.contacts.length > 0)
      await insertMessage(trx, id, { contacts: input.contacts, message: input.message ?? null });
    if (isPrivate) {
      const payload: RequestAccessRequestedPayload = { dataRequestId: id, ...dimension };
      await publishEvent(trx as never, REQUEST_ACCESS_REQUESTED, payload);
    }
    await joinSourcing(trx, toRecord((await selectRequest(trx, id)) as RequestRow));
    const row = (await selectRequest(trx, id)) as RequestRow;
    return { outcome: existingDataId ? "accessRequested" : "stored", request: toRecord(row) };
  });
}

// ===================================================================================================
// /community

const REPORTING_PERIOD = /^\d{4}$/;
function checkReportingPeriods(periods: readonly string[], field: string): string[] {
  const unique = [...new Set(periods.map((period) => period.trim()))];
  if (unique.length === 0)
    throw badRequest(`${field} must name at least one reporting period.`, `Invalid ${field}`);
  const bad = unique.filter((period) => !REPORTING_PERIOD.test(period));
  if (bad.length > 0)
    throw badRequest(`${field} must be years like 2024; not: ${bad.join(", ")}.`, `Invalid ${field}`);
  return unique;
}

export function checkContacts(
  contacts: readonly string[] | undefined,
  message: string | undefined,
): string[] {
  const list = [...new Set((contacts ?? []).map((contact) => contact.trim()).filter(Boolean))];
  const bad = list.filter((contact) => !isValidEmail(contact));
  if (bad.length > 0)
    throw badRequest(`contacts must be e-mail addresses; not: ${bad.join(", ")}.`, "Invalid contacts");
  if (message?.trim() && list.length === 0)
    throw badRequest(
      "message goes to the company's contacts: name at least one in contacts.",
      "Invalid message",
    );
  return list;
}

export interface SingleDataRequestInput {
  companyIdentifier: string;
  dataType: string;
  reportingPeriods: string[];
  contacts?: string[];
  message?: string;
  notifyMeImmediately: boolean;
}

export interface SingleDataRequestResponse {
  message: string;
  reportingPeriodsOfStoredDataRequests: string[];
  reportingPeriodsOfDuplicateDataRequests: string[];
  reportingPeriodsOfStoredAccessRequests: string[];
}

export async function postSingleDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  input: SingleDataRequestInput,
  onBehalfOfUserId: string | undefined,
): Promise<SingleDataRequestResponse> {
  let requesterId = actor.userId;
  if (onBehalfOfUserId !== undefined && onBehalfOfUserId !== actor.userId) {
    authorize(actor, can(actor, "requestForOthers"), "Only admins request data for another user.");
    const user = await getUserById(db, onBehalfOfUserId);
    if (!user)
      throw badRequest(
        `querystring parameter userId: there is no user with the id ${onBehalfOfUserId}.`,
        "Invalid userId",
      );
    requesterId = user.userId;
  }
  const periods = checkReportingPeriods(input.reportingPeriods, "reportingPeriods");
  const contacts = checkContacts(input.contacts, input.message);
  const companyId = await resolveCompanyIdentifier(db, input.companyIdentifier);
  if (!companyId)
    throw badRequest(
      `No company is known by the identifier "${input.companyIdentifier}".`,
      "Unknown company",
    );
  const priority = await priorityFor(db, actor, requesterId);
  const response: SingleDataRequestResponse = {
    message: "",
    reportingPeriodsOfStoredDataRequests: [],
    reportingPeriodsOfDuplicateDataRequests: [],
    reportingPeriodsOfStoredAccessRequests: [],
  };
  await inTransaction(db, async (trx) => {
    for (const reportingPeriod of periods) {
      const result = await createDataRequest(trx, {
        userId: requesterId,
        priority,
        companyId,
        dataType: input.dataType,
        reportingPeriod,
        notifyMeImmediately: input.notifyMeImmediately,
        contacts,
        message: input.message?.trim() || null,
      });
      if (result.outcome === "duplicate")
        response.reportingPeriodsOfDuplicateDataRequests.push(reportingPeriod);
      else if (result.outcome === "accessRequested")
        response.reportingPeriodsOfStoredAccessRequests.push(reportingPeriod);
      else response.reportingPeriodsOfStoredDataRequests.push(reportingPeriod);
    }
  });
  const stored =
    response.reportingPeriodsOfStoredDataRequests.length +
    response.reportingPeriodsOfStoredAccessRequests.length;
  response.message =
    stored === 0
      ? "Nothing was stored: you have asked for this data already."
      : response.reportingPeriodsOfDuplicateDataRequests.length > 0
        ? "Your request was stored, except for the periods you had asked for already."
        : "Your data request was stored successfully.";
  return response;
}

export interface BulkDataRequestInput {
  companyIdentifiers: string[];
  dataTypes: string[];
  reportingPeriods: string[];
  notifyMeImmediately: boolean;
}

export interface ResourceResponse {
  userProvidedIdentifier: string;
  companyName: string;
  framework: string;
  reportingPeriod: string;
  resourceId: string;
  resourceUrl?: string;
}

export interface BulkDataRequestResponse {
  acceptedDataRequests: ResourceResponse[];
  alreadyExistingRequests: ResourceResponse[];
  alreadyExistingDatasets: ResourceResponse[];
  rejectedCompanyIdentifiers: string[];
}

/**
 * Every combination of identifier, framework and period becomes a request, unless the identifier is
 * unknown (rejected), the user has an active request for it (already requested) or public data for
 * it is there (already available). Private data that is there becomes an access request.
 */
export async function postBulkDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  input: BulkDataRequestInput,
  options: { publicUrl: string },
): Promise<BulkDataRequestResponse> {
  const identifiers = [
    ...new Set(input.companyIdentifiers.map((identifier) => identifier.trim()).filter(Boolean)),
  ];
  if (identifiers.length === 0)
    throw badRequest("companyIdentifiers must name at least one company.", "Invalid companyIdentifiers");
  const dataTypes = [...new Set(input.dataTypes)];
  if (dataTypes.length === 0)
    throw badRequest("dataTypes must name at least one framework.", "Invalid dataTypes");
  const periods = checkReportingPeriods(input.reportingPeriods, "reportingPeriods");
  const combinations = identifiers.length * dataTypes.length * periods.length;
  if (combinations > MAX_BULK_COMBINATIONS)
    throw badRequest(
      `One bulk request may cover at most ${MAX_BULK_COMBINATIONS} combinations of company, framework and period; this one has ${combinations}.`,
      "Too many combinations",
    );
  checkFreeBulkLimit(actor, combinations);
  const priority = await priorityFor(db, actor, actor.userId);
  const base = options.publicUrl.replace(/\/$/, "");
  const response: BulkDataRequestResponse = {
    acceptedDataRequests: [],
    alreadyExistingRequests: [],
    alreadyExistingDatasets: [],
    rejectedCompanyIdentifiers: [],
  };
  const resolved: { identifier: string; company: CompanySummary }[] = [];
  const named = new Set<string>();
  for (const identifier of identifiers) {
    const companyId = await resolveCompanyIdentifier(db, identifier);
    // A company named twice (by its LEI and its ISIN) is asked for once, under the first name given.
    if (companyId && named.has(companyId)) continue;
    const company = companyId ? await companySummary(db, companyId) : undefined;
    if (company) {
      named.add(company.companyId);
      resolved.push({ identifier, company });
    } else response.rejectedCompanyIdentifiers.push(identifier);
  }
  await inTransaction(db, async (trx) => {
    for (const { identifier, company } of resolved) {
      for (const dataType of dataTypes) {
        for (const reportingPeriod of periods) {
          const entry = {
            userProvidedIdentifier: identifier,
            companyName: company.companyName,
            framework: dataType,
            reportingPeriod,
          };
          if (!isPrivateDataType(dataType)) {
            const dataId = await activeDataIdFor(trx, {
              companyId: company.companyId,
              dataType,
              reportingPeriod,
            });
            if (dataId) {
              response.alreadyExistingDatasets.push({
                ...entry,
                resourceId: dataId,
                resourceUrl: `${base}/companies/${company.companyId}/frameworks/${dataType}/${dataId}`,
              });
              continue;
            }
          }
          const result = await createDataRequest(trx, {
            userId: actor.userId,
            priority,
            companyId: company.companyId,
            dataType,
            reportingPeriod,
            notifyMeImmediately: input.notifyMeImmediately,
          });
          const resource = {
            ...entry,
            resourceId: result.request.dataRequestId,
            resourceUrl: `${base}/requests/${result.request.dataRequestId}`,
          };
          if (result.outcome === "duplicate") response.alreadyExistingRequests.push(resource);
          else response.acceptedDataRequests.push(resource);
        }
      }
    }
  });
  return response;
}

// ===================================================================================================
// /data-sourcing

async function requesterFor(
  db: AnyExecutor,
  actor: SignedInActor,
  onBehalfOfUserId: string | undefined,
): Promise<string> {
  if (onBehalfOfUserId === undefined || onBehalfOfUserId === actor.userId) return actor.userId;
  authorize(
    actor,
    can(actor, "requestForOthers"),
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
    priority: await priorityFor(db, actor, userId),
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
  checkFreeBulkLimit(actor, combinations);
  const priority = await priorityFor(db, actor, userId);
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
  const named = new Set<string>();
  for (const identifier of identifiers) {
    const companyId = companies.get(identifier);
    // A company named twice (by its LEI and its ISIN) is asked for once.
    if (companyId && named.has(companyId)) continue;
    if (companyId) named.add(companyId);
    for (const dataType of dataTypes) {
      for (const reportingPeriod of periods) {
        if (!companyId) {
          response.invalidDataRequests.push({ companyId: identifier, dataType, reportingPeriod });
          continue;
        }
        const dimension = { companyId, dataType, reportingPeriod };
        if (!isPrivateDataType(dataType) && (await activeDataIdFor(db, dimension)) !== undefined) {
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
      const result = await createDataRequest(trx, {
        userId,
        ...dimension,
        priority,
        notifyMeImmediately: false,
      });
      if (result.outcome === "duplicate") response.existingDataRequests.push(dimension);
      else response.acceptedDataRequests.push(dimension);
    }
  });
  return response;
}
