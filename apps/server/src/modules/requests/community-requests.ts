/** Requests read through /community: one with its history, a search, a count, your own, the aggregate. */
import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { notFound } from "../../platform/http/errors";
import {
  toExtendedStoredDataRequest,
  toStoredDataRequest,
  type WireExtendedStoredDataRequest,
  type WireStoredDataRequest,
} from "./community-views";
import {
  type AccessStatus,
  type AggregatedPriority,
  type CommunityStatus,
  REQUEST_PRIORITIES,
  type RequestPriority,
  statesOfCommunityStatus,
} from "./model";
import {
  type CompanyRole,
  companyIdsWhereUserHasRole,
  companyNames,
  companyRolesOf,
  getUserById,
  getUsersByIds,
  resolveCompanyIdentifier,
  userIdsWithEmailContaining,
} from "./neighbours";
import { can } from "./policy";
import {
  companyIdsMatching,
  countDataRequests,
  type DataRequestRecord,
  findDataRequests,
  getDataRequest,
  getDataRequestHistory,
  getDataRequestMessages,
  intersect,
  type RequestFilter,
} from "./records";
import { type AnyExecutor, aggregateRequests, requestsDb } from "./store";

/** The actor's company role at the request's company, for the rules about company owners. */
export async function roleOf(
  db: AnyExecutor,
  userId: string,
  companyId: string,
): Promise<CompanyRole | undefined> {
  return (await companyRolesOf(db, userId, companyId))[0];
}

async function requireReadableRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<DataRequestRecord> {
  const record = await getDataRequest(db, dataRequestId);
  if (!record) throw notFound(`There is no data request with the id ${dataRequestId}.`);
  const actorRole = await roleOf(db, actor.userId, record.companyId);
  authorize(
    actor,
    can(actor, "readRequest", { userId: record.userId, actorRole }),
    "Only admins, the requester and the company's owners may see this request.",
  );
  return record;
}

export async function storedView(db: AnyExecutor, record: DataRequestRecord): Promise<WireStoredDataRequest> {
  const [user, messages, history] = await Promise.all([
    getUserById(db, record.userId),
    getDataRequestMessages(db, record.dataRequestId),
    getDataRequestHistory(db, record.dataRequestId),
  ]);
  return toStoredDataRequest(record, { email: user?.email, messages, history });
}

export async function readDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<WireStoredDataRequest> {
  return storedView(db, await requireReadableRequest(db, actor, dataRequestId));
}

/** The filters of GET /community/requests, in the community vocabulary. */
export interface CommunityRequestQuery {
  dataType?: string[];
  userId?: string;
  emailAddress?: string;
  adminComment?: string;
  requestStatus?: CommunityStatus[];
  accessStatus?: AccessStatus[];
  requestPriority?: RequestPriority[];
  reportingPeriods?: string[];
  datalandCompanyId?: string;
  companySearchString?: string;
}

/** Turns the community filters into the canonical filter, limited to what the actor may see. */
async function toFilter(
  db: AnyExecutor,
  actor: SignedInActor,
  query: CommunityRequestQuery,
): Promise<RequestFilter> {
  const filter: RequestFilter = {};
  if (query.dataType?.length) filter.dataTypes = query.dataType;
  if (query.userId) filter.userIds = [query.userId];
  if (query.emailAddress?.trim())
    filter.userIds = intersect(filter.userIds, await userIdsWithEmailContaining(db, query.emailAddress));
  if (query.adminComment?.trim()) filter.adminComment = query.adminComment.trim();
  if (query.requestStatus?.length)
    filter.states = [...new Set(query.requestStatus.flatMap(statesOfCommunityStatus))];
  if (query.accessStatus?.length) filter.accessStatuses = query.accessStatus;
  if (query.requestPriority?.length) filter.priorities = query.requestPriority;
  if (query.reportingPeriods?.length) filter.reportingPeriods = query.reportingPeriods;
  if (query.datalandCompanyId) filter.companyIds = [query.datalandCompanyId];
  if (!can(actor, "seeAllRequests"))
    filter.visibleTo = {
      userId: actor.userId,
      companyIds: await companyIdsWhereUserHasRole(db, actor.userId, ["CompanyOwner"]),
    };
  const search = query.companySearchString?.trim();
  if (search)
    filter.companyIds = intersect(
      filter.companyIds,
      await companyIdsMatching(db, filter, search, resolveCompanyIdentifier),
    );
  return filter;
}

async function extendedViews(
  db: AnyExecutor,
  records: DataRequestRecord[],
): Promise<WireExtendedStoredDataRequest[]> {
  const users = new Map(
    (
      await getUsersByIds(
        db,
        records.map((record) => record.userId),
      )
    ).map((user) => [user.userId, user]),
  );
  const names = await companyNames(
    db,
    records.map((record) => record.companyId),
  );
  return records.map((record) =>
    toExtendedStoredDataRequest(record, {
      email: users.get(record.userId)?.email,
      companyName: names.get(record.companyId),
    }),
  );
}

export async function searchDataRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  query: CommunityRequestQuery,
  paging: { chunkSize: number; chunkIndex: number },
): Promise<WireExtendedStoredDataRequest[]> {
  const filter = await toFilter(db, actor, query);
  return extendedViews(db, await findDataRequests(db, filter, paging));
}

export async function countDataRequestsFor(
  db: AnyExecutor,
  actor: SignedInActor,
  query: CommunityRequestQuery,
): Promise<number> {
  return countDataRequests(db, await toFilter(db, actor, query));
}

export async function dataRequestsOfUser(
  db: AnyExecutor,
  actor: SignedInActor,
): Promise<WireExtendedStoredDataRequest[]> {
  return extendedViews(db, await findDataRequests(db, { userIds: [actor.userId] }));
}

export interface AggregatedDataRequest {
  dataType: string;
  reportingPeriod: string;
  datalandCompanyId: string;
  aggregatedPriority: AggregatedPriority;
  count: number;
}

/** Open requests counted per framework, period, company and priority, most asked for first. */
export async function aggregatedOpenDataRequests(
  db: AnyExecutor,
  query: { dataTypes?: string[]; reportingPeriod?: string; aggregatedPriority?: AggregatedPriority },
): Promise<AggregatedDataRequest[]> {
  const filter: RequestFilter = { states: ["Open", "Processing"] };
  if (query.dataTypes?.length) filter.dataTypes = query.dataTypes;
  if (query.reportingPeriod) filter.reportingPeriods = [query.reportingPeriod];
  if (query.aggregatedPriority)
    filter.priorities = (REQUEST_PRIORITIES as readonly string[]).includes(query.aggregatedPriority)
      ? [query.aggregatedPriority as RequestPriority]
      : [];
  const rows = await aggregateRequests(requestsDb(db), filter);
  return rows.map((row) => ({
    dataType: row.dataType,
    reportingPeriod: row.reportingPeriod,
    datalandCompanyId: row.companyId,
    aggregatedPriority: row.priority,
    count: row.count,
  }));
}
