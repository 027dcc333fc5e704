/**
 * Single data points (POST /data-points and its validator): a value of a known data point type, checked
 * by the same code as the fields of a dataset upload, and stored as a version of its own so that it is
 * read, reviewed and activated like the data points of uploaded datasets.
 */
import { type FieldDefinition, validateFieldValueWithin } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { eventInsert } from "../../platform/events";
import { type ErrorDetails, MAX_REPORTED_ERRORS } from "../../platform/http/errors";
import { timeOrderedUuid } from "../../platform/time-ordered-uuid";
import { citedDocuments, dataPointFields, PUBLIC_FRAMEWORKS } from "./framework-data";
import { companyExists, missingDocuments } from "./neighbours";
import { invalid, invalidInput, isReportingPeriod } from "./service";
import * as store from "./store";
import {
  type AnyExecutor,
  type DataPointRow,
  type DatasetsDb,
  datasetsDb,
  SINGLE_DATA_POINT_TYPE,
} from "./store";
import { checkUploader, reviewStatusOfUpload } from "./upload";

export interface DataPointToValidate {
  dataPoint: string;
  dataPointType: string;
}

export interface UploadedDataPoint extends DataPointToValidate {
  companyId: string;
  reportingPeriod: string;
}

/** Where a single data point's value sits in the JSON of the version that carries it. */
const VALUE_PATH = "dataPoint";

let fieldsByType: Map<string, FieldDefinition> | undefined;

/**
 * The field that defines each data point type of the public frameworks (the first one, where several
 * frameworks share a type: they share its definition too). Private (VSME) data points come only with
 * their dataset, whose readers the company chooses.
 */
function fieldOfType(dataPointType: string): FieldDefinition | undefined {
  if (!fieldsByType) {
    fieldsByType = new Map();
    for (const framework of PUBLIC_FRAMEWORKS)
      for (const { field, dataPointType: type } of dataPointFields(framework))
        if (!fieldsByType.has(type)) fieldsByType.set(type, field);
  }
  return fieldsByType.get(dataPointType);
}

/**
 * The value of a data point checked against its type; every problem is added to `problems`, each
 * naming the field (`dataPoint.value`, `dataPointType`). Returns the parsed value when it is valid.
 */
function checkValue(
  request: DataPointToValidate,
  problems: ErrorDetails[],
): { value?: unknown; unlisted: number } {
  const field = fieldOfType(request.dataPointType);
  if (!field) {
    problems.push(
      invalid("dataPointType", `dataPointType: ${request.dataPointType} is not a known data point type.`),
    );
    return { unlisted: 0 };
  }
  let value: unknown;
  try {
    value = JSON.parse(request.dataPoint);
  } catch {
    problems.push(invalid("dataPoint", "dataPoint must be the data point as JSON text."));
    return { unlisted: 0 };
  }
  const { errors, total } = validateFieldValueWithin(field, value, VALUE_PATH, MAX_REPORTED_ERRORS);
  for (const error of errors) problems.push(invalid(error.path, `${error.path}: ${error.message}`));
  return errors.length === 0 ? { value, unlisted: 0 } : { unlisted: total - errors.length };
}

/** POST /data-points/validator: answers 400 with every problem of the value, or nothing; stores nothing. */
export function validateDataPoint(request: DataPointToValidate): void {
  const problems: ErrorDetails[] = [];
  const { unlisted } = checkValue(request, problems);
  if (problems.length > 0) throw invalidInput(problems, problems.length + unlisted);
}

/**
 * POST /data-points: checks who uploads (as for datasets: bypassQa only for admins), the company, the
 * period, the value and the documents it cites, then stores the data point. Awaiting review it is one
 * statement; accepted at once it becomes the active data point of its type in the same transaction.
 */
export async function uploadDataPoint(
  db: AnyExecutor,
  actor: Actor,
  request: UploadedDataPoint,
  bypassQa: boolean,
): Promise<DataPointRow> {
  const uploader = await checkUploader(db, actor, request, bypassQa);
  const problems: ErrorDetails[] = [];
  if (!isReportingPeriod(request.reportingPeriod))
    problems.push(invalid("reportingPeriod", "reportingPeriod must be a year of four digits, e.g. 2024."));
  const { value, unlisted } = checkValue(request, problems);
  const documents = value === undefined ? [] : [...citedDocuments(value)];
  const [companyFound, missing] = await Promise.all([
    companyExists(db, request.companyId),
    documents.length > 0 ? missingDocuments(db, documents) : Promise.resolve([]),
  ]);
  if (!companyFound)
    problems.unshift(
      invalid("companyId", `companyId: there is no company with the id ${request.companyId}.`),
    );
  for (const reference of missing)
    problems.push(
      invalid(
        "fileReference",
        `The document ${reference} is cited as a data source but is not stored. Upload it first.`,
      ),
    );
  if (problems.length > 0) throw invalidInput(problems, problems.length + unlisted);

  const uploadTime = Date.now();
  const dataId = timeOrderedUuid(uploadTime);
  const dimension = {
    companyId: request.companyId,
    dataType: SINGLE_DATA_POINT_TYPE,
    reportingPeriod: request.reportingPeriod,
  };
  const qaStatus = await reviewStatusOfUpload(db, bypassQa, dimension);
  const write = async (trx: DatasetsDb) => {
    await store.insertVersion(
      trx,
      {
        dataId,
        ...dimension,
        uploaderUserId: uploader.userId,
        uploadTime,
        qaStatus,
        dataJson: JSON.stringify({ [VALUE_PATH]: value }),
      },
      [{ dataPointType: request.dataPointType, path: VALUE_PATH }],
      documents,
      false,
      // The qa module starts the review of every upload from this event, single data points included.
      eventInsert("dataset.uploaded", { dataId, ...dimension, uploaderUserId: uploader.userId, qaStatus }),
    );
    if (qaStatus === "Accepted")
      await store.recomputeActiveDataPoints(trx, request.companyId, request.reportingPeriod, [
        request.dataPointType,
      ]);
    const [stored] = await store.searchDataPoints(trx, { dataId });
    return stored;
  };
  const own = datasetsDb(db);
  // Awaiting review the version is one statement, atomic by itself; activating takes a transaction.
  const stored = qaStatus === "Accepted" ? await own.transaction().execute(write) : await write(own);
  if (!stored) throw new Error(`The data point of version ${dataId} was not stored.`);
  return stored;
}
