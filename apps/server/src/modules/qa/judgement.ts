/**
 * Dataset judgements: one per dataset under review at a time. Its judge (a reviewer, not the uploader)
 * decides per data point which value to accept: the uploaded one (Original), a QA report's correction
 * (Qa, naming the reporter) or their own (Custom, with its source inside the value). Finishing with
 * acceptance stores a new version of the dataset made of the accepted values, activates it, and
 * accepts the judged dataset, all in one transaction with their events; finishing with rejection
 * rejects the dataset. docs/qa.md draws the state machine.
 */
import { randomUUID } from "node:crypto";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { badRequest, conflict, forbidden, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { judgeDatasetInTransaction } from "./dataset-reviews";
import { type AcceptedSource, JUDGEMENT_TRANSITIONS, type JudgementState } from "./judgement-model";
import type { DataPointJudgementRow, JudgementRow } from "./judgement-store";
import * as store from "./judgement-store";
import {
  dataPointsForJudgement,
  dataPointValueProblems,
  datasetFacts,
  storeJudgedVersion,
  userNames,
} from "./neighbours";
import { can } from "./policy";
import { type DataPointReportEntry, dataPointReportsOfDataset } from "./reports";
import {
  JUDGING_REFUSED,
  normalizedComment,
  OWN_UPLOAD_REFUSED,
  QUEUES_REFUSED,
  runInTransaction,
  trackDataset,
} from "./service";
import type { AnyExecutor } from "./store";

export const NOT_THE_JUDGE =
  "You are not the judge of this judgement. Make yourself its judge first (PATCH .../judge).";

// ---- wire shapes ----------------------------------------------------------------------------------

export interface QaReporter {
  reporterUserId: string;
  reporterUserName?: string;
  reporterEmailAddress?: string;
}

export interface DataPointJudgement {
  dataPointType: string;
  dataPointId: string;
  qaReports: DataPointReportEntry[];
  acceptedSource?: AcceptedSource;
  reporterUserIdOfAcceptedQaReport?: string;
  customValue?: string;
  reasonForCustomDataPoint?: string;
}

export interface DatasetJudgementResponse {
  dataSetJudgementId: string;
  datasetId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  judgementState: JudgementState;
  qaJudgeUserId?: string;
  qaJudgeUserName?: string;
  qaReporters: QaReporter[];
  dataPoints: Record<string, DataPointJudgement>;
}

export interface JudgementDetailsPatch {
  acceptedSource?: AcceptedSource;
  reporterUserIdOfAcceptedQaReport?: string;
  customDataPoint?: string;
  reasonForCustomDataPoint?: string;
}

const judgementNotFound = (id: string) =>
  notFound(`There is no dataset judgement with the id ${id}.`, "Judgement not found");
const datasetNotFound = (id: string) =>
  notFound(`There is no dataset with the id ${id}.`, "Dataset not found");

/** The wire shape of judgements, with their reports and the names of judges and reporters. */
async function responses(db: AnyExecutor, judgements: JudgementRow[]): Promise<DatasetJudgementResponse[]> {
  const points = await store.dataPointsOf(
    db,
    judgements.map((judgement) => judgement.judgementId),
  );
  const reportsByDataset = new Map<string, DataPointReportEntry[]>();
  for (const dataId of new Set(judgements.map((judgement) => judgement.dataId)))
    reportsByDataset.set(dataId, await dataPointReportsOfDataset(db, dataId));
  const userIds = new Set<string>();
  for (const judgement of judgements) if (judgement.judgeUserId) userIds.add(judgement.judgeUserId);
  for (const reports of reportsByDataset.values())
    for (const report of reports) userIds.add(report.reporterUserId);
  const names = await userNames(db, [...userIds]);
  return judgements.map((judgement) => {
    const reports = reportsByDataset.get(judgement.dataId) ?? [];
    const dataPoints: Record<string, DataPointJudgement> = {};
    for (const point of points.filter((row) => row.judgementId === judgement.judgementId))
      dataPoints[point.dataPointType] = dataPointView(
        point,
        reports.filter((report) => report.dataPointType === point.dataPointType),
      );
    const reporterIds = [...new Set(reports.map((report) => report.reporterUserId))];
    const judge = judgement.judgeUserId ? names.get(judgement.judgeUserId) : undefined;
    return {
      dataSetJudgementId: judgement.judgementId,
      datasetId: judgement.dataId,
      companyId: judgement.companyId,
      dataType: judgement.dataType,
      reportingPeriod: judgement.reportingPeriod,
      judgementState: judgement.state,
      ...(judgement.judgeUserId ? { qaJudgeUserId: judgement.judgeUserId } : {}),
      ...(judge ? { qaJudgeUserName: judge.name } : {}),
      qaReporters: reporterIds.map((reporterUserId) => {
        const reporter = names.get(reporterUserId);
        return {
          reporterUserId,
          ...(reporter ? { reporterUserName: reporter.name, reporterEmailAddress: reporter.email } : {}),
        };
      }),
      dataPoints,
    };
  });
}

function dataPointView(point: DataPointJudgementRow, qaReports: DataPointReportEntry[]): DataPointJudgement {
  return {
    dataPointType: point.dataPointType,
    dataPointId: point.dataPointId,
    qaReports,
    ...(point.acceptedSource ? { acceptedSource: point.acceptedSource } : {}),
    ...(point.reporterUserId ? { reporterUserIdOfAcceptedQaReport: point.reporterUserId } : {}),
    ...(point.customValue !== null ? { customValue: point.customValue } : {}),
    ...(point.reason !== null ? { reasonForCustomDataPoint: point.reason } : {}),
  };
}

async function responseOf(db: AnyExecutor, judgement: JudgementRow): Promise<DatasetJudgementResponse> {
  return (await responses(db, [judgement]))[0] as DatasetJudgementResponse;
}

// ---- reading ---------------------------------------------------------------------------------------

/** A judgement the actor may read: reviewers and admins, of data they may know of. */
async function readableJudgement(db: AnyExecutor, actor: Actor, judgementId: string): Promise<JudgementRow> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  const judgement = isUuid(judgementId) ? await store.findJudgement(db, judgementId) : undefined;
  if (!judgement || !(await datasetFacts(db, judgement.dataId, actor))) throw judgementNotFound(judgementId);
  return judgement;
}

export async function getJudgement(
  db: AnyExecutor,
  actor: Actor,
  judgementId: string,
): Promise<DatasetJudgementResponse> {
  return responseOf(db, await readableJudgement(db, actor, judgementId));
}

/** Every judgement of a dataset, oldest first. */
export async function getJudgementsOfDataset(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
): Promise<DatasetJudgementResponse[]> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  if (!(await datasetFacts(db, dataId, actor))) throw datasetNotFound(dataId);
  return responses(db, await store.judgementsOfDataset(db, dataId));
}

// ---- changing ----------------------------------------------------------------------------------

/**
 * Starts the judgement of a dataset awaiting review, its creator as judge, with one entry per data
 * point of the dataset. Reviewers only, never on their own upload; 409 when the dataset is not
 * awaiting review or has a pending judgement already.
 */
export async function createJudgement(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
): Promise<DatasetJudgementResponse> {
  authorize(actor, can(actor, "judge"), JUDGING_REFUSED);
  return runInTransaction(db, async (trx) => {
    const facts = await datasetFacts(trx, dataId, actor);
    if (!facts) throw datasetNotFound(dataId);
    const judge = authorize(actor, can(actor, "judgeUpload", facts), OWN_UPLOAD_REFUSED);
    const review = await trackDataset(trx, dataId);
    if (review?.qaStatus !== "Pending")
      throw conflict(
        `The dataset is not awaiting review (it is ${review?.qaStatus ?? "unknown"}); only datasets awaiting review are judged.`,
        "Not awaiting review",
      );
    const dataset = await dataPointsForJudgement(trx, dataId);
    if (!dataset) throw datasetNotFound(dataId);
    const judgement: JudgementRow = {
      judgementId: randomUUID(),
      dataId,
      companyId: facts.companyId,
      dataType: facts.dataType,
      reportingPeriod: facts.reportingPeriod,
      state: "Pending",
      judgeUserId: judge.userId,
      createdByUserId: judge.userId,
      createdAt: Date.now(),
      finishedAt: null,
      acceptedDataId: null,
    };
    if (!(await store.insertJudgement(trx, judgement, dataset.dataPoints)))
      throw conflict("A pending judgement already exists for this dataset.", "Judgement exists");
    return responseOf(trx, judgement);
  });
}

/**
 * Locks a pending judgement for a change by a reviewer who may judge its dataset; with `asJudge` the
 * actor must be its judge too.
 */
async function pendingJudgementFor(
  trx: AnyExecutor,
  actor: Actor,
  judgementId: string,
  asJudge: boolean,
): Promise<{ judgement: JudgementRow; judge: SignedInActor }> {
  authorize(actor, can(actor, "judge"), JUDGING_REFUSED);
  const judgement = isUuid(judgementId) ? await store.findJudgement(trx, judgementId, true) : undefined;
  const facts = judgement && (await datasetFacts(trx, judgement.dataId, actor));
  if (!judgement || !facts) throw judgementNotFound(judgementId);
  const judge = authorize(actor, can(actor, "judgeUpload", facts), OWN_UPLOAD_REFUSED);
  if (judgement.state !== "Pending")
    throw conflict(
      `The judgement is finished (${judgement.state}); it changes no more.`,
      "Judgement finished",
    );
  if (asJudge && judgement.judgeUserId !== judge.userId) throw forbidden(NOT_THE_JUDGE);
  return { judgement, judge };
}

/** Makes the actor the judge of a pending judgement. */
export function becomeJudge(
  db: AnyExecutor,
  actor: Actor,
  judgementId: string,
): Promise<DatasetJudgementResponse> {
  return runInTransaction(db, async (trx) => {
    const { judgement, judge } = await pendingJudgementFor(trx, actor, judgementId, false);
    await store.setJudge(trx, judgement.judgementId, judge.userId);
    return responseOf(trx, { ...judgement, judgeUserId: judge.userId });
  });
}

/** The value a Qa source stands for: the reporter's newest active finding on that data point. */
function acceptedFinding(
  reports: DataPointReportEntry[],
  dataPointType: string,
  reporterUserId: string,
): DataPointReportEntry | undefined {
  return reports
    .filter(
      (report) =>
        report.active && report.dataPointType === dataPointType && report.reporterUserId === reporterUserId,
    )
    .sort((a, b) => b.uploadTime - a.uploadTime)[0];
}

function parsedDataPoint(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${field} must be the data point as JSON text, e.g. {"value":"Yes","dataSource":null}.`);
  }
}

/** Sets where the accepted value of one data point comes from; only the judge, only while pending. */
export function decideDataPoint(
  db: AnyExecutor,
  actor: Actor,
  judgementId: string,
  dataPointType: string,
  patch: JudgementDetailsPatch,
): Promise<DatasetJudgementResponse> {
  return runInTransaction(db, async (trx) => {
    const { judgement } = await pendingJudgementFor(trx, actor, judgementId, true);
    const points = await store.dataPointsOf(trx, [judgement.judgementId]);
    if (!points.some((point) => point.dataPointType === dataPointType))
      throw notFound(
        `The judged dataset has no data point of type ${dataPointType}.`,
        "Data point type not found",
      );
    const source = patch.acceptedSource;
    if (!source) throw badRequest("acceptedSource is required: Original, Qa or Custom.");
    let decision: Pick<DataPointJudgementRow, "acceptedSource" | "reporterUserId" | "customValue" | "reason">;
    if (source === "Original")
      decision = { acceptedSource: source, reporterUserId: null, customValue: null, reason: null };
    else if (source === "Qa") {
      const reporter = patch.reporterUserIdOfAcceptedQaReport?.trim();
      if (!reporter) throw badRequest("reporterUserIdOfAcceptedQaReport is required with acceptedSource Qa.");
      const reports = await dataPointReportsOfDataset(trx, judgement.dataId);
      if (!acceptedFinding(reports, dataPointType, reporter))
        throw badRequest(
          `reporterUserIdOfAcceptedQaReport: user ${reporter} has no active QA report on the data point ${dataPointType}.`,
        );
      decision = { acceptedSource: source, reporterUserId: reporter, customValue: null, reason: null };
    } else {
      if (patch.customDataPoint === undefined)
        throw badRequest("customDataPoint is required with acceptedSource Custom.");
      const value = parsedDataPoint(patch.customDataPoint, "customDataPoint");
      const problems = dataPointValueProblems(judgement.dataType, dataPointType, value) ?? [];
      if (problems.length > 0) throw badRequest(`customDataPoint: ${problems.join("; ")}`);
      decision = {
        acceptedSource: source,
        reporterUserId: null,
        customValue: JSON.stringify(value),
        reason: normalizedComment(patch.reasonForCustomDataPoint),
      };
    }
    await store.setDataPointDecision(trx, judgement.judgementId, dataPointType, decision);
    return responseOf(trx, judgement);
  });
}

/**
 * Finishes a judgement (only its judge): with acceptance, the accepted version of the dataset is
 * stored and activated and the judged dataset accepted; with rejection, the dataset is rejected.
 */
export function finishJudgement(
  db: AnyExecutor,
  actor: Actor,
  judgementId: string,
  state: JudgementState,
): Promise<DatasetJudgementResponse> {
  return runInTransaction(db, async (trx) => {
    const { judgement, judge } = await pendingJudgementFor(trx, actor, judgementId, true);
    if (!JUDGEMENT_TRANSITIONS.Pending.includes(state))
      throw conflict(
        "The judgement is pending already; finish it with acceptance or rejection.",
        "Already pending",
      );
    let acceptedDataId: string | null = null;
    if (state === "FinishedWithDatasetAcceptance") {
      const { replacements, findings } = await acceptedReplacements(trx, judgement);
      await store.setAcceptedFindings(trx, judgement.judgementId, findings);
      const accepted = await storeJudgedVersion(trx, judgement.dataId, replacements, judge.userId);
      if (!accepted) throw datasetNotFound(judgement.dataId);
      acceptedDataId = accepted.dataId;
      await judgeDatasetInTransaction(trx, judge, judgement.dataId, {
        qaStatus: "Accepted",
        comment: `Accepted by dataset judgement ${judgement.judgementId}; the accepted version is ${accepted.dataId}.`,
      });
    } else
      await judgeDatasetInTransaction(trx, judge, judgement.dataId, {
        qaStatus: "Rejected",
        comment: `Rejected by dataset judgement ${judgement.judgementId}.`,
      });
    await store.finish(trx, judgement.judgementId, state, Date.now(), acceptedDataId);
    return responseOf(trx, { ...judgement, state, acceptedDataId });
  });
}

/**
 * The values that differ from the upload: Qa (the report's corrected data) and Custom data points; and
 * per Qa decision the finding it takes (its id), recorded so readers of the version see its comment.
 */
async function acceptedReplacements(
  trx: AnyExecutor,
  judgement: JudgementRow,
): Promise<{ replacements: Map<string, unknown>; findings: Map<string, string> }> {
  const points = await store.dataPointsOf(trx, [judgement.judgementId]);
  const reports = await dataPointReportsOfDataset(trx, judgement.dataId);
  const replacements = new Map<string, unknown>();
  const findings = new Map<string, string>();
  for (const point of points) {
    if (point.acceptedSource === "Custom" && point.customValue !== null)
      replacements.set(point.dataPointType, JSON.parse(point.customValue));
    if (point.acceptedSource === "Qa" && point.reporterUserId) {
      const finding = acceptedFinding(reports, point.dataPointType, point.reporterUserId);
      if (!finding)
        throw conflict(
          `The QA report of user ${point.reporterUserId} accepted for ${point.dataPointType} is no longer active; decide that data point again.`,
          "Accepted report inactive",
        );
      findings.set(point.dataPointType, finding.qaReportId);
      // A report that confirms the value carries no correction: the uploaded value stands.
      if (finding.correctedData !== undefined)
        replacements.set(point.dataPointType, JSON.parse(finding.correctedData));
    }
  }
  return { replacements, findings };
}
