/** The vocabulary of dataset judgements: their states, the moves between them, the sources of a value. */

export const JUDGEMENT_STATES = [
  "Pending",
  "FinishedWithDatasetAcceptance",
  "FinishedWithDatasetRejection",
] as const;
export type JudgementState = (typeof JUDGEMENT_STATES)[number];

/**
 * Pending → FinishedWithDatasetAcceptance (a new accepted version of the dataset, made of the accepted
 * values) or FinishedWithDatasetRejection (the dataset is rejected). A finished judgement is final.
 */
export const JUDGEMENT_TRANSITIONS: Readonly<Record<JudgementState, readonly JudgementState[]>> = {
  Pending: ["FinishedWithDatasetAcceptance", "FinishedWithDatasetRejection"],
  FinishedWithDatasetAcceptance: [],
  FinishedWithDatasetRejection: [],
};

/** Where the accepted value of a data point comes from. */
export const ACCEPTED_SOURCES = ["Original", "Qa", "Custom"] as const;
export type AcceptedSource = (typeof ACCEPTED_SOURCES)[number];
