/**
 * Rules of the review pages that need no browser: labels of data points, priorities of waiting
 * requests, who may judge, and what to say when two reviewers decide at once. Tested in qa-model.test.ts.
 */
import { type FrameworkId, findFramework } from "@openverde/frameworks";
import type { components } from "../../api/generated/qa";
import type { TagTone } from "../../components/workflow";

export type QaStatus = components["schemas"]["QaStatus"];
export type QaReviewResponse = components["schemas"]["QaReviewResponse"];
export type DataPointReview = components["schemas"]["DataPointQaReviewInformation"];

export const QA_PAGE_SIZE = 10;

/** `priorityOfAssociatedDataSourcing`: 1 = Urgent, 2 = High, 3 = Baseline, 4 = Low (docs/qa.md). */
export function priorityOfWaitingRequests(
  value: number | undefined,
): { label: string; tone: TagTone } | undefined {
  switch (value) {
    case 1:
      return { label: "Urgent request waiting", tone: "accent" };
    case 2:
      return { label: "High-priority request waiting", tone: "warning" };
    case 3:
      return { label: "Request waiting", tone: "info" };
    case 4:
      return { label: "Low-priority request waiting", tone: "neutral" };
    default:
      return undefined;
  }
}

export const qaTone: Record<QaStatus, TagTone> = {
  Pending: "warning",
  Accepted: "success",
  Rejected: "danger",
};

export interface DataPointLabel {
  label: string;
  section: string;
  order: number;
}

/** From data point type to the field's label and category, in the framework's order. */
export function dataPointLabels(frameworkId: string): Map<string, DataPointLabel> {
  const labels = new Map<string, DataPointLabel>();
  const framework = findFramework(frameworkId);
  if (!framework) return labels;
  let order = 0;
  for (const category of framework.categories)
    for (const subcategory of category.subcategories)
      for (const field of subcategory.fields) {
        order++;
        if (field.dataPointTypeId && !labels.has(field.dataPointTypeId))
          labels.set(field.dataPointTypeId, {
            label: field.label,
            section: subcategory.label ? `${category.label} › ${subcategory.label}` : category.label,
            order,
          });
      }
  return labels;
}

/** Turns a data point type such as `extendedDecimalScope1GhgEmissions` into readable words when no label is known. */
export function readableType(type: string): string {
  const words = type
    .replace(/^(extended|plain)/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export interface DataPointRow {
  dataPointId: string;
  dataPointType: string;
  label: string;
  section: string;
  order: number;
  qaStatus: QaStatus;
  comment?: string;
}

/**
 * The data points of one dataset (`/metadata/{dataId}/data-points`: type → id) with their current
 * review state (`/qa/data-points`), in the framework's order; unknown states count as awaiting review.
 */
export function dataPointRows(
  frameworkId: string,
  contained: Record<string, string>,
  reviews: readonly DataPointReview[],
): DataPointRow[] {
  const labels = dataPointLabels(frameworkId);
  const byId = new Map(reviews.map((review) => [review.dataPointId, review]));
  return Object.entries(contained)
    .map(([type, dataPointId]): DataPointRow => {
      const known = labels.get(type);
      const review = byId.get(dataPointId);
      return {
        dataPointId,
        dataPointType: type,
        label: known?.label ?? readableType(type),
        section: known?.section ?? "Other",
        order: known?.order ?? Number.MAX_SAFE_INTEGER,
        qaStatus: review?.qaStatus ?? "Pending",
        ...(review?.comment ? { comment: review.comment } : {}),
      };
    })
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}

/** Whether the reviewer may judge: never their own upload (the server answers 403 then). */
export function isOwnUpload(uploaderUserId: string | null | undefined, userId: string | undefined): boolean {
  return typeof uploaderUserId === "string" && userId !== undefined && uploaderUserId === userId;
}

/** A verdict on judged data changes it and needs the ETag; on data awaiting review it does not. */
export function needsIfMatch(current: QaStatus): boolean {
  return current !== "Pending";
}

/** Words for the confirmation of a verdict. */
export function verdictSentence(status: QaStatus, overwrite: boolean): string {
  const base =
    status === "Accepted"
      ? "The dataset was accepted"
      : status === "Rejected"
        ? "The dataset was rejected; the uploader is told why"
        : "The dataset is back in the review queue";
  return `${base}${overwrite && status !== "Pending" ? ", and every data point took the same verdict" : ""}.`;
}

export function isFrameworkIdLike(value: string): value is FrameworkId {
  return findFramework(value) !== undefined;
}
