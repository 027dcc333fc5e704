/** SQL for dataset judgements (migrations/005_dataset_judgements.sql). */
import type { Kysely, Transaction } from "kysely";
import type { AcceptedSource, JudgementState } from "./judgement-model";
import type { AnyExecutor } from "./store";

type JudgementTables = {
  qa_dataset_judgement: {
    judgement_id: string;
    data_id: string;
    company_id: string;
    data_type: string;
    reporting_period: string;
    judgement_state: JudgementState;
    judge_user_id: string | null;
    created_by_user_id: string;
    created_at: number;
    finished_at: number | null;
    accepted_data_id: string | null;
  };
  qa_data_point_judgement: {
    judgement_id: string;
    data_point_type: string;
    data_point_id: string;
    accepted_source: AcceptedSource | null;
    reporter_user_id: string | null;
    custom_value: string | null;
    reason: string | null;
    accepted_qa_entry_id: string | null;
  };
  // The findings a Qa decision takes its value and comment from (003_qa_reports.sql).
  qa_report_entry: { qa_entry_id: string; comment: string | null; corrected_data: string | null };
};

const own = (db: AnyExecutor) =>
  (db as Kysely<Record<string, never>>).withTables<JudgementTables>() as unknown as
    | Kysely<JudgementTables>
    | Transaction<JudgementTables>;

export interface JudgementRow {
  judgementId: string;
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  state: JudgementState;
  judgeUserId: string | null;
  createdByUserId: string;
  createdAt: number;
  finishedAt: number | null;
  acceptedDataId: string | null;
}

export interface DataPointJudgementRow {
  judgementId: string;
  dataPointType: string;
  dataPointId: string;
  acceptedSource: AcceptedSource | null;
  reporterUserId: string | null;
  customValue: string | null;
  reason: string | null;
}

const judgementColumns = [
  "judgement_id as judgementId",
  "data_id as dataId",
  "company_id as companyId",
  "data_type as dataType",
  "reporting_period as reportingPeriod",
  "judgement_state as state",
  "judge_user_id as judgeUserId",
  "created_by_user_id as createdByUserId",
  "created_at as createdAt",
  "finished_at as finishedAt",
  "accepted_data_id as acceptedDataId",
] as const;

const toJudgement = (row: JudgementRow): JudgementRow => ({
  ...row,
  createdAt: Number(row.createdAt),
  finishedAt: row.finishedAt === null ? null : Number(row.finishedAt),
});

/**
 * Adds a pending judgement with its data points; false when the dataset has a pending judgement
 * already (the partial unique index decides, so two at once cannot both succeed).
 */
export async function insertJudgement(
  db: AnyExecutor,
  judgement: JudgementRow,
  dataPoints: readonly { dataPointType: string; dataPointId: string }[],
): Promise<boolean> {
  const inserted = await own(db)
    .insertInto("qa_dataset_judgement")
    .values({
      judgement_id: judgement.judgementId,
      data_id: judgement.dataId,
      company_id: judgement.companyId,
      data_type: judgement.dataType,
      reporting_period: judgement.reportingPeriod,
      judgement_state: judgement.state,
      judge_user_id: judgement.judgeUserId,
      created_by_user_id: judgement.createdByUserId,
      created_at: judgement.createdAt,
      finished_at: null,
      accepted_data_id: null,
    })
    .onConflict((conflict) => conflict.column("data_id").where("judgement_state", "=", "Pending").doNothing())
    .returning("judgement_id")
    .executeTakeFirst();
  if (!inserted) return false;
  if (dataPoints.length > 0)
    await own(db)
      .insertInto("qa_data_point_judgement")
      .values(
        dataPoints.map((point) => ({
          judgement_id: judgement.judgementId,
          data_point_type: point.dataPointType,
          data_point_id: point.dataPointId,
          accepted_source: null,
          reporter_user_id: null,
          custom_value: null,
          reason: null,
          accepted_qa_entry_id: null,
        })),
      )
      .execute();
  return true;
}

/** A judgement; with `lock` its row stays locked until the transaction ends. */
export async function findJudgement(
  db: AnyExecutor,
  judgementId: string,
  lock = false,
): Promise<JudgementRow | undefined> {
  let query = own(db)
    .selectFrom("qa_dataset_judgement")
    .select(judgementColumns)
    .where("judgement_id", "=", judgementId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toJudgement(row) : undefined;
}

/** The judgements of a dataset, oldest first. */
export async function judgementsOfDataset(db: AnyExecutor, dataId: string): Promise<JudgementRow[]> {
  const rows = await own(db)
    .selectFrom("qa_dataset_judgement")
    .select(judgementColumns)
    .where("data_id", "=", dataId)
    .orderBy("created_at")
    .orderBy("judgement_id")
    .execute();
  return rows.map(toJudgement);
}

export async function dataPointsOf(
  db: AnyExecutor,
  judgementIds: readonly string[],
): Promise<DataPointJudgementRow[]> {
  if (judgementIds.length === 0) return [];
  return own(db)
    .selectFrom("qa_data_point_judgement")
    .select([
      "judgement_id as judgementId",
      "data_point_type as dataPointType",
      "data_point_id as dataPointId",
      "accepted_source as acceptedSource",
      "reporter_user_id as reporterUserId",
      "custom_value as customValue",
      "reason",
    ])
    .where("judgement_id", "in", [...judgementIds])
    .orderBy("data_point_type")
    .execute();
}

export async function setJudge(db: AnyExecutor, judgementId: string, judgeUserId: string): Promise<void> {
  await own(db)
    .updateTable("qa_dataset_judgement")
    .set({ judge_user_id: judgeUserId })
    .where("judgement_id", "=", judgementId)
    .execute();
}

export async function finish(
  db: AnyExecutor,
  judgementId: string,
  state: JudgementState,
  finishedAt: number,
  acceptedDataId: string | null,
): Promise<void> {
  await own(db)
    .updateTable("qa_dataset_judgement")
    .set({ judgement_state: state, finished_at: finishedAt, accepted_data_id: acceptedDataId })
    .where("judgement_id", "=", judgementId)
    .execute();
}

/** Writes a data point's accepted source; false when the judgement has no data point of that type. */
export async function setDataPointDecision(
  db: AnyExecutor,
  judgementId: string,
  dataPointType: string,
  decision: Pick<DataPointJudgementRow, "acceptedSource" | "reporterUserId" | "customValue" | "reason">,
): Promise<boolean> {
  const result = await own(db)
    .updateTable("qa_data_point_judgement")
    .set({
      accepted_source: decision.acceptedSource,
      reporter_user_id: decision.reporterUserId,
      custom_value: decision.customValue,
      reason: decision.reason,
    })
    .where("judgement_id", "=", judgementId)
    .where("data_point_type", "=", dataPointType)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records, when a judgement finishes, which finding each Qa decision took its value from. */
export async function setAcceptedFindings(
  db: AnyExecutor,
  judgementId: string,
  findings: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [dataPointType, qaEntryId] of findings)
    await own(db)
      .updateTable("qa_data_point_judgement")
      .set({ accepted_qa_entry_id: qaEntryId })
      .where("judgement_id", "=", judgementId)
      .where("data_point_type", "=", dataPointType)
      .execute();
}

/** A value a finished judgement put in place of the uploaded one, with what it came from. */
export interface CorrectionRow {
  judgementId: string;
  judgedDataId: string;
  judgeUserId: string | null;
  finishedAt: number;
  dataPointType: string;
  acceptedSource: "Qa" | "Custom";
  reporterUserId: string | null;
  /** The judge's reason (Custom) or the finding's comment (Qa). */
  comment: string | null;
}

/**
 * The corrections in the version a judgement accepted: its Custom decisions and the Qa decisions whose
 * finding carried a corrected value (a finding that confirms the upload changed nothing). One statement.
 */
export async function correctionsOfAcceptedVersion(
  db: AnyExecutor,
  acceptedDataId: string,
): Promise<CorrectionRow[]> {
  const rows = await own(db)
    .selectFrom("qa_dataset_judgement as j")
    .innerJoin("qa_data_point_judgement as p", "p.judgement_id", "j.judgement_id")
    .leftJoin("qa_report_entry as e", "e.qa_entry_id", "p.accepted_qa_entry_id")
    .select([
      "j.judgement_id as judgementId",
      "j.data_id as judgedDataId",
      "j.judge_user_id as judgeUserId",
      "j.finished_at as finishedAt",
      "p.data_point_type as dataPointType",
      "p.accepted_source as acceptedSource",
      "p.reporter_user_id as reporterUserId",
      "p.reason as reason",
      "e.comment as findingComment",
    ])
    .where("j.accepted_data_id", "=", acceptedDataId)
    .where((eb) =>
      eb.or([
        eb("p.accepted_source", "=", "Custom"),
        eb.and([eb("p.accepted_source", "=", "Qa"), eb("e.corrected_data", "is not", null)]),
      ]),
    )
    .orderBy("p.data_point_type")
    .execute();
  return rows.map((row) => ({
    judgementId: row.judgementId,
    judgedDataId: row.judgedDataId,
    judgeUserId: row.judgeUserId,
    finishedAt: Number(row.finishedAt),
    dataPointType: row.dataPointType,
    acceptedSource: row.acceptedSource as "Qa" | "Custom",
    reporterUserId: row.reporterUserId,
    comment: row.acceptedSource === "Custom" ? row.reason : row.findingComment,
  }));
}

/**
 * For a dataset being deleted: its judgements go with it, and a judgement whose accepted version it was
 * keeps its record without the link to a version that no longer exists.
 */
export async function forgetJudgementsOfDataset(db: AnyExecutor, dataId: string): Promise<void> {
  const judged = own(db)
    .selectFrom("qa_dataset_judgement")
    .select("judgement_id")
    .where("data_id", "=", dataId);
  await own(db).deleteFrom("qa_data_point_judgement").where("judgement_id", "in", judged).execute();
  await own(db).deleteFrom("qa_dataset_judgement").where("data_id", "=", dataId).execute();
  await own(db)
    .updateTable("qa_dataset_judgement")
    .set({ accepted_data_id: null })
    .where("accepted_data_id", "=", dataId)
    .execute();
}
