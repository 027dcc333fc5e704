/** The /data-sourcing wire shapes of requests and sourcing objects, built from stored records. */
import {
  type DataSourcingState,
  type DisplayedState,
  type RequestPriority,
  type SourcingState,
  toSourcingState,
} from "./model";
import type { DataRequestRecord } from "./records";
import type { DataSourcingRow, ExpectedPublicationDate } from "./sourcing-store";

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
  state: SourcingState;
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
  requestState: SourcingState;
  previousRequestState?: SourcingState;
  changedByUserId?: string;
  comment?: string;
}

export interface WireExtendedRequestHistoryEntry extends WireRequestHistoryEntry {
  dataSourcingState?: DataSourcingState;
  adminComment?: string;
}

export function toStoredRequest(
  record: DataRequestRecord,
  dataSourcingId: string | undefined,
): WireStoredRequest {
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

export function toReduced(row: DataSourcingRow, showPriority: boolean): WireReducedDataSourcing {
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
