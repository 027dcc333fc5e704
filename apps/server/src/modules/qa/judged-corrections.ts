/**
 * What readers of a dataset see of the judgement that produced it: the values a finished judgement put
 * in place of the uploaded ones (from a QA report or entered by the judge), each with the uploaded
 * value it replaced, who corrected it and when, and the reason given.
 */
import type { FrameworkId } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { notFound } from "../../platform/http/errors";
import { correctionsOfAcceptedVersion } from "./judgement-store";
import { dataPointFieldsOf, dataPointsForJudgement, datasetFacts, userNames } from "./neighbours";
import { canReport } from "./reports-policy";
import type { AnyExecutor } from "./store";

const READ_REFUSED = "Only those who may read the dataset may read how it was corrected.";

export interface JudgedCorrection {
  dataPointType: string;
  /** The field's path in the framework data, as the data views name rows. */
  fieldPath?: string;
  acceptedSource: "Qa" | "Custom";
  /** The data point as uploaded (value, quality, comment, source). */
  originalDataPoint?: unknown;
  /** Qa: whose QA report the corrected value comes from. */
  reporterUserId?: string;
  reporterUserName?: string;
  /** Qa: the finding's comment; Custom: the judge's reason. */
  comment: string;
}

export interface JudgedVersionCorrections {
  dataId: string;
  dataSetJudgementId?: string;
  judgedDataId?: string;
  qaJudgeUserId?: string;
  qaJudgeUserName?: string;
  /** When the judgement finished, in milliseconds since 1970. */
  judgedAt?: number;
  corrections: JudgedCorrection[];
}

/**
 * The corrections in a dataset a judgement accepted; none (an empty list, not an error) for a dataset
 * no judgement produced. Whoever may read the dataset may read them.
 */
export async function judgedCorrections(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
): Promise<JudgedVersionCorrections> {
  authorize(actor);
  const dataset = await datasetFacts(db, dataId, actor);
  if (!dataset) throw notFound(`No dataset with the id ${dataId} is known.`, "Dataset not found");
  authorize(actor, canReport(actor, "read", dataset), READ_REFUSED);
  const rows = await correctionsOfAcceptedVersion(db, dataId);
  const first = rows[0];
  if (!first) return { dataId, corrections: [] };
  const judged = await dataPointsForJudgement(db, first.judgedDataId);
  const originals = new Map(judged?.dataPoints.map((point) => [point.dataPointType, point.value]) ?? []);
  const paths = new Map(
    dataPointFieldsOf(dataset.dataType as FrameworkId).map((field) => [field.dataPointType, field.path]),
  );
  const people = new Set<string>();
  if (first.judgeUserId) people.add(first.judgeUserId);
  for (const row of rows) if (row.reporterUserId) people.add(row.reporterUserId);
  const names = await userNames(db, [...people]);
  const judge = first.judgeUserId ? names.get(first.judgeUserId) : undefined;
  return {
    dataId,
    dataSetJudgementId: first.judgementId,
    judgedDataId: first.judgedDataId,
    ...(first.judgeUserId ? { qaJudgeUserId: first.judgeUserId } : {}),
    ...(judge ? { qaJudgeUserName: judge.name } : {}),
    judgedAt: first.finishedAt,
    corrections: rows.map((row) => {
      const path = paths.get(row.dataPointType);
      const reporter = row.reporterUserId ? names.get(row.reporterUserId) : undefined;
      return {
        dataPointType: row.dataPointType,
        ...(path ? { fieldPath: path } : {}),
        acceptedSource: row.acceptedSource,
        ...(originals.has(row.dataPointType) ? { originalDataPoint: originals.get(row.dataPointType) } : {}),
        ...(row.reporterUserId ? { reporterUserId: row.reporterUserId } : {}),
        ...(reporter ? { reporterUserName: reporter.name } : {}),
        comment: row.comment ?? "",
      };
    }),
  };
}
