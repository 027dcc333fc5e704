/**
 * For the qa module's dataset judgements: a dataset's data points with their values, the check of a
 * value a judge or a QA report gives for one data point, and the accepted version a finished judgement
 * produces (the dataset with some data points replaced), stored and activated like an accepted upload.
 */
import {
  type FrameworkId,
  isFrameworkId,
  validateFieldValueWithin,
  validateFrameworkDataWithin,
} from "@openverde/frameworks";
import { MAX_REPORTED_ERRORS } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { citedDocuments, dataPointFields, extractDataPoints } from "./framework-data";
import { missingDocuments } from "./neighbours";
import { invalid, invalidInput } from "./service";
import * as store from "./store";
import { type AnyExecutor, type DatasetMetaRow, datasetsDb } from "./store";
import { storeDatasetInTransaction } from "./upload";

const own = datasetsDb;

export interface DataPointUnderJudgement {
  dataPointId: string;
  dataPointType: string;
  /** The uploaded value (the data point object of the framework JSON). */
  value: unknown;
}

/** A dataset's meta information and its data points with their values, without access checks. */
export async function dataPointsForJudgement(
  db: AnyExecutor,
  dataId: string,
): Promise<{ meta: DatasetMetaRow; dataPoints: DataPointUnderJudgement[] } | undefined> {
  if (!isUuid(dataId)) return undefined;
  const row = await store.findDataset(own(db), dataId);
  if (!row || !isFrameworkId(row.dataType)) return undefined;
  const { dataText, ...meta } = row;
  const ids = new Map(
    (await store.dataPointKeysSelect(dataId).execute(db)).rows.map((key) => {
      const { data_point_type, data_point_id } = key as { data_point_type: string; data_point_id: string };
      return [data_point_type, data_point_id];
    }),
  );
  const dataPoints: DataPointUnderJudgement[] = [];
  for (const point of extractDataPoints(row.dataType, JSON.parse(dataText))) {
    const dataPointId = ids.get(point.dataPointType);
    if (dataPointId) dataPoints.push({ dataPointId, dataPointType: point.dataPointType, value: point.value });
  }
  return { meta, dataPoints };
}

/**
 * The problems of a value for one data point of a framework, checked as an upload checks that field;
 * undefined when the framework has no such data point type.
 */
export function dataPointValueProblems(
  frameworkId: string,
  dataPointType: string,
  value: unknown,
): string[] | undefined {
  if (!isFrameworkId(frameworkId)) return undefined;
  const found = dataPointFields(frameworkId).find((field) => field.dataPointType === dataPointType);
  if (!found) return undefined;
  return validateFieldValueWithin(found.field, value, dataPointType, MAX_REPORTED_ERRORS).errors.map(
    (error) => `${error.path}: ${error.message}`,
  );
}

function withValueAt(data: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let node = data;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/**
 * Inside the caller's transaction: stores the version a judgement accepted, the dataset `basedOn`
 * with the data points named in `replacements` given their new values, as accepted, which activates
 * it (`dataset.uploaded`, `dataset.activated`). The whole dataset is checked as an upload is (400
 * naming each problem, nothing stored). Undefined when `basedOn` is unknown.
 */
export async function storeJudgedVersion(
  trx: AnyExecutor,
  basedOn: string,
  replacements: ReadonlyMap<string, unknown>,
  judgeUserId: string,
): Promise<DatasetMetaRow | undefined> {
  if (!isUuid(basedOn)) return undefined;
  const row = await store.findDataset(own(trx), basedOn);
  if (!row || !isFrameworkId(row.dataType)) return undefined;
  const frameworkId: FrameworkId = row.dataType;
  const data = JSON.parse(row.dataText) as Record<string, unknown>;
  for (const { dataPointType, keys } of dataPointFields(frameworkId))
    if (replacements.has(dataPointType)) withValueAt(data, keys, replacements.get(dataPointType));
  const { errors, total } = validateFrameworkDataWithin(frameworkId, data, MAX_REPORTED_ERRORS);
  const problems = errors.map((error) => invalid(error.path, `${error.path}: ${error.message}`));
  for (const reference of await missingDocuments(trx, citedDocuments(data)))
    problems.push(
      invalid("fileReference", `The document ${reference} is cited as a data source but is not stored.`),
    );
  if (problems.length > 0) throw invalidInput(problems, Math.max(total, problems.length));
  return storeDatasetInTransaction(trx, {
    frameworkId,
    companyId: row.companyId,
    reportingPeriod: row.reportingPeriod,
    data,
    uploaderUserId: judgeUserId,
    qaStatus: "Accepted",
  });
}
