/** The events the requests module publishes and the ones it reacts to (docs/events.md). */

export const REQUEST_ACCESS_REQUESTED = "request.accessRequested";
export const REQUEST_ANSWERED = "request.answered";
export const REQUEST_NON_SOURCEABLE = "request.nonSourceable";

/** What every request event names: the request, its requester and the data asked for. */
export interface RequestEventSubject {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
}

export type RequestAccessRequestedPayload = RequestEventSubject;

export interface RequestAnsweredPayload extends RequestEventSubject {
  dataId: string | null;
}

export interface RequestNonSourceablePayload extends RequestEventSubject {
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
