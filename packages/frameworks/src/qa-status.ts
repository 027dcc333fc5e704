/**
 * Where data stands in quality review: the one list of QA statuses, for datasets, data points and
 * documents, on the server and in the web app. It is shared here rather than owned by the server's qa
 * module because the datasets and documents modules, which the qa module itself asks, need it too.
 */
export const QA_STATUSES = ["Pending", "Accepted", "Rejected"] as const;
export type QaStatus = (typeof QA_STATUSES)[number];
