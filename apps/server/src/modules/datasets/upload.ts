/**
 * Uploading a dataset: who may upload for a company, the checks of the wrapper and the framework data
 * (bounded error reports), and storing it as an immutable version with its data points, in one
 * transaction with the events it publishes.
 */
import { type FrameworkId, validateFrameworkDataWithin } from "@openverde/frameworks";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { eventInsert } from "../../platform/events";
import { type ErrorDetails, MAX_REPORTED_ERRORS } from "../../platform/http/errors";
import { timeOrderedUuid } from "../../platform/time-ordered-uuid";
import { citedDocuments, extractDataPoints, isPrivateFramework } from "./framework-data";
import { companyExists, companyRolesOf, isPreApproved, missingDocuments } from "./neighbours";
import { can } from "./policy";
import { invalid, invalidInput, isReportingPeriod, recomputeActiveDataset } from "./service";
import * as store from "./store";
import {
  type AnyExecutor,
  type DatasetMetaRow,
  type DatasetsDb,
  type Dimension,
  datasetsDb,
  type QaStatus,
} from "./store";

const own = datasetsDb;

export interface UploadRequest {
  frameworkId: FrameworkId;
  body: unknown;
  bypassQa: boolean;
}

export interface CheckedUpload {
  frameworkId: FrameworkId;
  companyId: string;
  reportingPeriod: string;
  data: Record<string, unknown>;
  qaStatus: QaStatus;
  uploader: SignedInActor;
}

function readWrapper(body: unknown): { companyId: unknown; reportingPeriod: unknown; data: unknown } {
  const object =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return { companyId: object.companyId, reportingPeriod: object.reportingPeriod, data: object.data };
}

/** Checks who uploads and the wrapper (`companyId`, `reportingPeriod`), before the data itself. */
export async function checkUploader(
  db: AnyExecutor,
  actor: Actor,
  body: unknown,
  bypassQa: boolean,
): Promise<SignedInActor> {
  const user = authorize(actor, can(actor, "read"));
  const { companyId } = readWrapper(body);
  // Company roles are asked only when the user's own roles do not already allow the upload.
  const rolesInCompany =
    can(user, "upload", { rolesInCompany: [] }) || typeof companyId !== "string"
      ? []
      : await companyRolesOf(db, user.userId, companyId);
  authorize(
    user,
    can(user, "upload", { rolesInCompany }),
    "Uploading data needs the role ROLE_UPLOADER, or the company role CompanyOwner or DataUploader for this company.",
  );
  if (bypassQa)
    authorize(user, can(user, "bypassQa"), "Only admins may store a dataset without quality review.");
  return user;
}

/**
 * Validates an upload completely and reports every problem at once: the wrapper, the company, the
 * framework data (by JSON path) and the documents it cites. `extraDocuments` are documents arriving
 * with the upload (VSME) that count as stored.
 */
export async function checkUpload(
  db: AnyExecutor,
  uploader: SignedInActor,
  request: UploadRequest,
  extraDocuments: ReadonlySet<string> = new Set(),
): Promise<CheckedUpload> {
  const { companyId, reportingPeriod, data } = readWrapper(request.body);
  const problems: ErrorDetails[] = [];
  if (typeof request.body !== "object" || request.body === null || Array.isArray(request.body))
    throw invalidInput([
      invalid("body", "The body must be an object with companyId, reportingPeriod and data."),
    ]);
  if (typeof reportingPeriod !== "string" || !isReportingPeriod(reportingPeriod))
    problems.push(invalid("reportingPeriod", "reportingPeriod must be a year of four digits, e.g. 2024."));
  let dataValid = false;
  // Errors found beyond the ones listed; the report lists at most MAX_REPORTED_ERRORS.
  let unlisted = 0;
  if (data === undefined || data === null) problems.push(invalid("data", "data is required."));
  else {
    const { errors, total } = validateFrameworkDataWithin(request.frameworkId, data, MAX_REPORTED_ERRORS);
    for (const error of errors) problems.push(invalid(error.path, `${error.path}: ${error.message}`));
    unlisted = total - errors.length;
    dataValid = problems.length === 0;
  }
  // The company and the cited documents are asked at the same time, each in one query.
  const [companyFound, missing] = await Promise.all([
    typeof companyId === "string" ? companyExists(db, companyId) : Promise.resolve(false),
    dataValid
      ? missingDocuments(
          db,
          [...citedDocuments(data)].filter((reference) => !extraDocuments.has(reference)),
        )
      : Promise.resolve([]),
  ]);
  if (typeof companyId !== "string")
    problems.unshift(invalid("companyId", "companyId is required and must be text."));
  else if (!companyFound)
    problems.unshift(invalid("companyId", `companyId: there is no company with the id ${companyId}.`));
  for (const reference of missing)
    problems.push(
      invalid(
        "fileReference",
        `The document ${reference} is cited as a data source or referenced report but is not stored. Upload it first.`,
      ),
    );
  if (problems.length > 0) throw invalidInput(problems, problems.length + unlisted);
  return {
    frameworkId: request.frameworkId,
    companyId: companyId as string,
    reportingPeriod: reportingPeriod as string,
    data: data as Record<string, unknown>,
    qaStatus: await reviewStatusOfUpload(db, request.bypassQa, {
      companyId: companyId as string,
      dataType: request.frameworkId,
      reportingPeriod: reportingPeriod as string,
    }),
    uploader,
  };
}

/**
 * The status an upload starts in, for datasets and single data points alike: accepted with bypassQa
 * (already checked to be an admin's), otherwise as the qa module's pre-approval decides; private data
 * is never under review.
 */
export async function reviewStatusOfUpload(
  db: AnyExecutor,
  bypassQa: boolean,
  upload: Dimension,
): Promise<"Accepted" | "Pending"> {
  const accepted = bypassQa || (!isPrivateFramework(upload.dataType) && (await isPreApproved(db, upload)));
  return accepted ? "Accepted" : "Pending";
}

export interface StoreDatasetInput {
  frameworkId: FrameworkId;
  companyId: string;
  reportingPeriod: string;
  data: unknown;
  uploaderUserId: string | null;
  qaStatus: QaStatus;
  uploadTime?: number;
}

/**
 * Stores a checked dataset inside the caller's transaction: the version, its data points, the
 * documents it cites and the events; activates it when it is accepted. For other modules' seeds too.
 * A version awaiting review is written by one statement, so it needs no transaction of its own.
 */
export async function storeDatasetInTransaction(
  trx: AnyExecutor,
  input: StoreDatasetInput,
): Promise<DatasetMetaRow> {
  const db = own(trx);
  const uploadTime = input.uploadTime ?? Date.now();
  const dataId = timeOrderedUuid(uploadTime);
  const dimension = {
    companyId: input.companyId,
    dataType: input.frameworkId,
    reportingPeriod: input.reportingPeriod,
  };
  // An accepted version takes part in activation, whose decisions are serialised per dimension; a
  // version waiting for review changes nothing that others decide on, so it inserts without waiting.
  if (input.qaStatus === "Accepted") await store.lockDimension(db, dimension);
  const dataset = {
    dataId,
    ...dimension,
    uploaderUserId: input.uploaderUserId,
    uploadTime,
    qaStatus: input.qaStatus,
    dataJson: JSON.stringify(input.data),
  };
  await store.insertVersion(
    db,
    dataset,
    extractDataPoints(input.frameworkId, input.data).map((point) => ({
      dataPointType: point.dataPointType,
      path: point.path,
    })),
    [...citedDocuments(input.data)],
    isPrivateFramework(input.frameworkId),
    eventInsert("dataset.uploaded", {
      dataId,
      ...dimension,
      uploaderUserId: input.uploaderUserId,
      qaStatus: input.qaStatus,
    }),
  );
  let currentlyActive = false;
  if (input.qaStatus === "Accepted") {
    const active = await recomputeActiveDataset(trx, dimension, input.uploaderUserId);
    currentlyActive = active === dataId;
  }
  return {
    dataId,
    ...dimension,
    uploaderUserId: input.uploaderUserId,
    uploadTime,
    qaStatus: input.qaStatus,
    currentlyActive,
  };
}

/** The whole upload: checks, then the dataset and its events, stored together or not at all. */
export async function uploadDataset(
  db: AnyExecutor,
  actor: Actor,
  request: UploadRequest,
): Promise<DatasetMetaRow> {
  const uploader = await checkUploader(db, actor, request.body, request.bypassQa);
  const checked = await checkUpload(db, uploader, request);
  return storeChecked(db, checked);
}

export function storeChecked(db: AnyExecutor, checked: CheckedUpload): Promise<DatasetMetaRow> {
  const input: StoreDatasetInput = {
    frameworkId: checked.frameworkId,
    companyId: checked.companyId,
    reportingPeriod: checked.reportingPeriod,
    data: checked.data,
    uploaderUserId: checked.uploader.userId,
    qaStatus: checked.qaStatus,
  };
  // Awaiting review, the dataset and its event are one statement, atomic by itself: a transaction
  // around it would only add two round trips. Activating an accepted one takes several statements.
  if (input.qaStatus !== "Accepted") return storeDatasetInTransaction(db, input);
  return (db as DatasetsDb).transaction().execute((trx) => storeDatasetInTransaction(trx, input));
}
