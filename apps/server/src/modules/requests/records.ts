/**
 * The request store read in the stored vocabulary (model.ts): records, their history and messages.
 * Both published surfaces build their wire shapes from these records.
 */
import { isUuid } from "../../platform/ids";
import type { AccessStatus, RequestPriority, RequestState } from "./model";
import { companyNames } from "./neighbours";
import {
  type AnyExecutor,
  countRequests,
  type HistoryRow,
  type MessageRow,
  type NewRequestRow,
  type RequestFilter,
  type RequestRow,
  requestsDb,
  selectDistinctCompanyIds,
  selectHasGrantedAccess,
  selectHistory,
  selectMessages,
  selectRequest,
  selectRequests,
} from "./store";

/** One data request as stored; both API surfaces map it onto their own vocabulary. */
export interface DataRequestRecord extends Omit<NewRequestRow, "id"> {
  dataRequestId: string;
  createdAt: Date;
  lastModifiedAt: Date;
}

/** The request as it was after a change (or its creation): who, when, why. */
export interface RequestHistoryEntry {
  state: RequestState;
  accessStatus: AccessStatus;
  priority: RequestPriority;
  adminComment: string | null;
  reason: string | null;
  answeringDataId: string | null;
  changedByUserId: string | null;
  createdAt: Date;
}

export interface RequestMessage {
  contacts: string[];
  message: string | null;
  createdAt: Date;
}

export type { RequestFilter };

export function toRecord(row: RequestRow): DataRequestRecord {
  return {
    dataRequestId: row.id,
    userId: row.user_id,
    companyId: row.company_id,
    dataType: row.data_type,
    reportingPeriod: row.reporting_period,
    state: row.state,
    accessStatus: row.access_status,
    priority: row.priority,
    adminComment: row.admin_comment,
    memberComment: row.member_comment,
    notifyMeImmediately: row.notify_me_immediately,
    answeringDataId: row.answering_data_id,
    createdAt: new Date(row.created_at),
    lastModifiedAt: new Date(row.last_modified_at),
  };
}

function toHistoryEntry(row: HistoryRow): RequestHistoryEntry {
  return {
    state: row.state,
    accessStatus: row.access_status,
    priority: row.priority,
    adminComment: row.admin_comment,
    reason: row.reason,
    answeringDataId: row.answering_data_id,
    changedByUserId: row.changed_by_user_id,
    createdAt: new Date(row.created_at),
  };
}

function toMessage(row: MessageRow): RequestMessage {
  return { contacts: row.contacts, message: row.message, createdAt: new Date(row.created_at) };
}

export async function getDataRequest(
  db: AnyExecutor,
  dataRequestId: string,
): Promise<DataRequestRecord | undefined> {
  if (!isUuid(dataRequestId)) return undefined;
  const row = await selectRequest(requestsDb(db), dataRequestId);
  return row && toRecord(row);
}

export async function findDataRequests(
  db: AnyExecutor,
  filter: RequestFilter,
  paging?: { chunkSize: number; chunkIndex: number },
): Promise<DataRequestRecord[]> {
  const rows = await selectRequests(
    requestsDb(db),
    filter,
    paging && { limit: paging.chunkSize, offset: paging.chunkSize * paging.chunkIndex },
  );
  return rows.map(toRecord);
}

export async function countDataRequests(db: AnyExecutor, filter: RequestFilter): Promise<number> {
  return countRequests(requestsDb(db), filter);
}

export async function getDataRequestHistory(
  db: AnyExecutor,
  dataRequestId: string,
): Promise<RequestHistoryEntry[]> {
  if (!isUuid(dataRequestId)) return [];
  return (await selectHistory(requestsDb(db), [dataRequestId])).map(toHistoryEntry);
}

export async function getDataRequestMessages(
  db: AnyExecutor,
  dataRequestId: string,
): Promise<RequestMessage[]> {
  if (!isUuid(dataRequestId)) return [];
  return (await selectMessages(requestsDb(db), [dataRequestId])).map(toMessage);
}

/** Whether a data request of the user for this private data has been granted access by the company. */
export async function hasPrivateDataAccess(
  db: AnyExecutor,
  userId: string,
  companyId: string,
  dataType: string,
  reportingPeriod: string,
): Promise<boolean> {
  if (!isUuid(userId) || !isUuid(companyId)) return false;
  return selectHasGrantedAccess(requestsDb(db), { userId, companyId, dataType, reportingPeriod });
}

/** Narrows a list filter: the values in both, or the new ones when there was no list yet. */
export const intersect = (a: string[] | undefined, b: string[]): string[] =>
  a ? a.filter((value) => b.includes(value)) : b;

/**
 * The companies of the requests the filter matches whose name contains the text (ignoring case), or
 * which the text identifies; one query for the companies, one for their names.
 */
export async function companyIdsMatching(
  db: AnyExecutor,
  filter: RequestFilter,
  text: string,
  identify: (db: AnyExecutor, text: string) => Promise<string | undefined>,
): Promise<string[]> {
  const candidates = await selectDistinctCompanyIds(requestsDb(db), filter);
  const needle = text.toLowerCase();
  const matching = [...(await companyNames(db, candidates)).entries()]
    .filter(([, name]) => name.toLowerCase().includes(needle))
    .map(([companyId]) => companyId);
  const identified = await identify(db, text);
  if (identified && candidates.includes(identified) && !matching.includes(identified))
    matching.push(identified);
  return matching;
}
