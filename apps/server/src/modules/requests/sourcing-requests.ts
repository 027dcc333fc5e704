/** Requests read through /data-sourcing: one, a list, a count, and the enhanced search of the admins. */

import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import {
  type DataSourcingState,
  type RequestPriority,
  type SourcingState,
  statesOfSourcingState,
} from "./model";
import { getCompanyNames, getUsersByIds, resolveCompanies, userIdsWithEmailContaining } from "./neighbours";
import { can, type Standing } from "./policy";
import {
  companyIdsMatching,
  countDataRequests,
  type DataRequestRecord,
  findDataRequests,
  getDataRequest,
  intersect,
  type RequestFilter,
} from "./records";
import { dimensionKey, selectByIds, selectIdsByDimensions, sourcingDb } from "./sourcing-store";
import { toStoredRequest, type WireExtendedStoredRequest, type WireStoredRequest } from "./sourcing-views";
import type { AnyExecutor } from "./store";

async function sourcingIdsFor(db: AnyExecutor, records: DataRequestRecord[]): Promise<Map<string, string>> {
  return selectIdsByDimensions(sourcingDb(db), records);
}

export async function storedViews(
  db: AnyExecutor,
  records: DataRequestRecord[],
): Promise<WireStoredRequest[]> {
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

/**
 * The request with the actor's standing at it, once the rule of the action (reading it unless said)
 * lets the actor: 404 for an unknown id, then 403 with the refusal.
 */
export async function requireRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
  action: "readSourcingRequest" | "changeRequestState" = "readSourcingRequest",
  refusal = "This request is not yours; only admins see other users' requests.",
): Promise<{ record: DataRequestRecord; standing: Standing }> {
  const record = await getDataRequest(db, dataRequestId);
  if (!record) throw notFound(`There is no data request with the id ${dataRequestId}.`);
  const standing: Standing = { isRequester: record.userId === actor.userId };
  authorize(actor, can(actor, action, standing), refusal);
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

/** The filters of GET /requests and /requests/count, in the sourcing vocabulary. */
export interface RequestQuery {
  companyId?: string;
  dataType?: string[];
  reportingPeriod?: string[];
  requestState?: SourcingState[];
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
  if (!can(actor, "seeAllRequests"))
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
  requestStates?: SourcingState[];
  requestPriorities?: RequestPriority[];
  emailAddress?: string;
  adminComment?: string;
  companySearchString?: string;
  dataSourcingStates?: DataSourcingState[];
}

async function enhancedViews(db: AnyExecutor, records: DataRequestRecord[]) {
  const extended = await extendedViews(db, records);
  const sourcingIds = extended.flatMap((view) =>
    view.dataSourcingEntityId ? [view.dataSourcingEntityId] : [],
  );
  const sourcingRows = new Map(
    (await selectByIds(sourcingDb(db), [...new Set(sourcingIds)])).map((row) => [row.id, row]),
  );
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

/** The stored filter of an enhanced search: every part of it is answered by a query, none per request. */
async function enhancedFilter(
  db: AnyExecutor,
  actor: SignedInActor,
  search: EnhancedSearch,
): Promise<RequestFilter> {
  authorize(actor, can(actor, "seeAllRequests"), "Only admins search all requests.");
  const filter = toFilter(actor, {
    ...(search.companyId !== undefined ? { companyId: search.companyId } : {}),
    ...(search.dataTypes ? { dataType: search.dataTypes } : {}),
    ...(search.reportingPeriods ? { reportingPeriod: search.reportingPeriods } : {}),
    ...(search.requestStates ? { requestState: search.requestStates } : {}),
    ...(search.requestPriorities ? { requestPriority: search.requestPriorities } : {}),
    ...(search.userId !== undefined ? { userId: search.userId } : {}),
  });
  if (search.adminComment?.trim()) filter.adminComment = search.adminComment.trim();
  if (search.emailAddress?.trim())
    filter.userIds = intersect(filter.userIds, await userIdsWithEmailContaining(db, search.emailAddress));
  if (search.dataSourcingStates?.length) filter.sourcingStates = [...new Set(search.dataSourcingStates)];
  const text = search.companySearchString?.trim();
  if (text)
    filter.companyIds = intersect(
      filter.companyIds,
      await companyIdsMatching(db, filter, text, async (db, text) =>
        (await resolveCompanies(db, [text])).get(text),
      ),
    );
  return filter;
}

export async function searchEnhancedRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  search: EnhancedSearch,
  paging: { chunkSize: number; chunkIndex: number },
) {
  return enhancedViews(db, await findDataRequests(db, await enhancedFilter(db, actor, search), paging));
}

export async function countEnhancedRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  search: EnhancedSearch,
): Promise<number> {
  return countDataRequests(db, await enhancedFilter(db, actor, search));
}
