/**
 * The /community view of the request store: records in, the reference's wire shapes out.
 * The /data-sourcing surface builds its own view from the same records (sourcing-views.ts).
 */
import { type AccessStatus, type CommunityStatus, type RequestPriority, toCommunityStatus } from "./model";
import type { DataRequestRecord, RequestHistoryEntry, RequestMessage } from "./records";

export interface WireStoredDataRequest {
  dataRequestId: string;
  userId: string;
  userEmailAddress?: string;
  notifyMeImmediately: boolean;
  creationTimestamp: number;
  dataType: string;
  reportingPeriod: string;
  datalandCompanyId: string;
  messageHistory: { contacts: string[]; message?: string; creationTimestamp: number }[];
  dataRequestStatusHistory: {
    status: CommunityStatus;
    creationTimestamp: number;
    accessStatus: AccessStatus;
    requestStatusChangeReason?: string;
    answeringDataId?: string;
  }[];
  lastModifiedDate: number;
  requestStatus: CommunityStatus;
  accessStatus: AccessStatus;
  requestPriority: RequestPriority;
  adminComment?: string;
}

export interface WireExtendedStoredDataRequest {
  dataRequestId: string;
  userId: string;
  userEmailAddress?: string;
  creationTimestamp: number;
  dataType: string;
  reportingPeriod: string;
  datalandCompanyId: string;
  companyName: string;
  lastModifiedDate: number;
  requestStatus: CommunityStatus;
  accessStatus: AccessStatus;
  requestPriority: RequestPriority;
  adminComment?: string;
}

const optional = <K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> =>
  value === null || value === undefined || value === "" ? {} : ({ [key]: value } as Record<K, V>);

/**
 * The status history as /community shows it: one entry per change of the status or access status,
 * in the community vocabulary.
 */
export function statusHistoryOf(
  history: readonly RequestHistoryEntry[],
): WireStoredDataRequest["dataRequestStatusHistory"] {
  const entries: WireStoredDataRequest["dataRequestStatusHistory"] = [];
  let previous: { status: CommunityStatus; accessStatus: AccessStatus } | undefined;
  for (const entry of history) {
    const status = toCommunityStatus(entry.state);
    if (previous && previous.status === status && previous.accessStatus === entry.accessStatus) continue;
    previous = { status, accessStatus: entry.accessStatus };
    entries.push({
      status,
      creationTimestamp: entry.createdAt.getTime(),
      accessStatus: entry.accessStatus,
      ...optional("requestStatusChangeReason", entry.reason),
      ...optional("answeringDataId", entry.answeringDataId),
    });
  }
  return entries;
}

export function toStoredDataRequest(
  record: DataRequestRecord,
  extras: {
    email: string | undefined;
    messages: readonly RequestMessage[];
    history: readonly RequestHistoryEntry[];
  },
): WireStoredDataRequest {
  return {
    dataRequestId: record.dataRequestId,
    userId: record.userId,
    ...optional("userEmailAddress", extras.email),
    notifyMeImmediately: record.notifyMeImmediately,
    creationTimestamp: record.createdAt.getTime(),
    dataType: record.dataType,
    reportingPeriod: record.reportingPeriod,
    datalandCompanyId: record.companyId,
    messageHistory: extras.messages.map((message) => ({
      contacts: message.contacts,
      ...optional("message", message.message),
      creationTimestamp: message.createdAt.getTime(),
    })),
    dataRequestStatusHistory: statusHistoryOf(extras.history),
    lastModifiedDate: record.lastModifiedAt.getTime(),
    requestStatus: toCommunityStatus(record.state),
    accessStatus: record.accessStatus,
    requestPriority: record.priority,
    ...optional("adminComment", record.adminComment),
  };
}

export function toExtendedStoredDataRequest(
  record: DataRequestRecord,
  extras: { email: string | undefined; companyName: string | undefined },
): WireExtendedStoredDataRequest {
  return {
    dataRequestId: record.dataRequestId,
    userId: record.userId,
    ...optional("userEmailAddress", extras.email),
    creationTimestamp: record.createdAt.getTime(),
    dataType: record.dataType,
    reportingPeriod: record.reportingPeriod,
    datalandCompanyId: record.companyId,
    companyName: extras.companyName ?? "",
    lastModifiedDate: record.lastModifiedAt.getTime(),
    requestStatus: toCommunityStatus(record.state),
    accessStatus: record.accessStatus,
    requestPriority: record.priority,
    ...optional("adminComment", record.adminComment),
  };
}
