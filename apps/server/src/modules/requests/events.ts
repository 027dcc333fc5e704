/** The events the requests module publishes and the ones it reacts to (docs/events.md). */

export const REQUEST_ACCESS_REQUESTED = "request.accessRequested";
export const REQUEST_ANSWERED = "request.answered";
export const REQUEST_NON_SOURCEABLE = "request.nonSourceable";

export interface RequestAccessRequestedPayload {
  dataRequestId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  userId: string;
}
export interface RequestAnsweredPayload {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string | null;
}

export interface RequestNonSourceablePayload {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  reason: string | null;
}

/** Payload of `dataset.activated` (published by datasets). */
export interface DatasetActivatedPayload {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  previousActiveDataId: string | null;
}

/** Payload of `dataset.nonSourceable` (published by datasets). */
export interface DatasetNonSourceablePayload {
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  nonSourceable: boolean;
  reason: string | null;
  userId: string | null;
}
