/**
 * Where data stands in quality review: the one list of QA statuses, for datasets, data points and
 * documents. The qa module publishes it (its index.ts); it sits in the platform layer because the
 * datasets and documents modules, which the qa module itself asks, need it too, and would otherwise
 * import the qa module back.
 */
export const QA_STATUSES = ["Pending", "Accepted", "Rejected"] as const;
export type QaStatus = (typeof QA_STATUSES)[number];
