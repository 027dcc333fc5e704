import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { judgedCorrections } from "./judged-corrections";
import {
  becomeJudge,
  createJudgement,
  decideDataPoint,
  finishJudgement,
  getJudgement,
  getJudgementsOfDataset,
} from "./judgement";
import type { JudgementState } from "./judgement-model";
import {
  DataIdParams,
  DataPointParams,
  DatasetIdParams,
  DatasetJudgementResponse,
  JudgedVersionCorrections,
  type JudgementDetailsPatch,
  JudgementDetailsPatch as JudgementDetailsPatchSchema,
  JudgementIdParams,
  judgementSchemas,
  StateQuery,
} from "./judgement-schemas";
import { refTo } from "./schemas";

const TAGS = ["dataset-judgement-controller"];
const response = refTo(DatasetJudgementResponse);

/** The dataset judgements, registered inside the qa routes (after the QA reports' shared schemas). */
export const judgementRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of judgementSchemas) app.addSchema(schema);

    app.post(
      "/dataset-judgements/:datasetId",
      {
        schema: {
          operationId: "postDatasetJudgement",
          tags: TAGS,
          summary: "Start judging a dataset",
          description:
            "Starts the judgement of a dataset awaiting review, with you as its judge and one entry per data " +
            "point. Reviewers only, never for their own upload; a dataset not awaiting review or with a pending " +
            "judgement answers 409.",
          params: DatasetIdParams,
          response: { 201: response },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createJudgement(db, request.actor, request.params.datasetId)),
    );

    app.get(
      "/dataset-judgements/:datasetJudgementId",
      {
        schema: {
          operationId: "getDatasetJudgement",
          tags: TAGS,
          summary: "A dataset judgement",
          description:
            "The judgement with every data point's QA reports and accepted source. Reviewers and admins.",
          params: JudgementIdParams,
          response: { 200: response },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => getJudgement(db, request.actor, request.params.datasetJudgementId),
    );

    app.get(
      "/dataset-judgements/:datasetId/datasetId",
      {
        schema: {
          operationId: "getDatasetJudgementsByDatasetId",
          tags: TAGS,
          summary: "The judgements of a dataset",
          description: "Every judgement of the dataset, oldest first. Reviewers and admins.",
          params: DatasetIdParams,
          response: { 200: Type.Array(response) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => getJudgementsOfDataset(db, request.actor, request.params.datasetId),
    );

    app.get(
      "/judged-versions/:dataId/corrections",
      {
        schema: {
          operationId: "getJudgedVersionCorrections",
          tags: TAGS,
          summary: "The corrections a dataset judgement made in a dataset",
          description:
            "Openverde's own. For a dataset a judgement accepted: each data point whose value the judgement " +
            "took from a QA report or from the judge instead of the upload, with the uploaded data point, the " +
            "reporter, the comment or reason, the judge and when the judgement finished. An empty list for a " +
            "dataset no judgement produced. Whoever may read the dataset.",
          params: DataIdParams,
          response: { 200: refTo(JudgedVersionCorrections) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => judgedCorrections(db, request.actor, request.params.dataId),
    );

    app.patch(
      "/dataset-judgements/:datasetJudgementId/state",
      {
        schema: {
          operationId: "setJudgementState",
          tags: TAGS,
          summary: "Finish a dataset judgement",
          description:
            "FinishedWithDatasetAcceptance stores a new version of the dataset made of the accepted values (the " +
            "upload's where nothing else was accepted), makes it the active dataset and accepts the judged " +
            "dataset; FinishedWithDatasetRejection rejects the dataset. One transaction: a value the framework " +
            "refuses answers 400 and changes nothing. Only the judgement's judge; a finished judgement answers 409.",
          params: JudgementIdParams,
          querystring: StateQuery,
          response: { 200: response },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) =>
        finishJudgement(
          db,
          request.actor,
          request.params.datasetJudgementId,
          (request.query as { datasetJudgementState: JudgementState }).datasetJudgementState,
        ),
    );

    app.patch(
      "/dataset-judgements/:datasetJudgementId/judge",
      {
        schema: {
          operationId: "setJudge",
          tags: TAGS,
          summary: "Become the judge of a dataset judgement",
          description:
            "Makes you the judge of a pending judgement; only the judge changes it. Reviewers only, never for " +
            "their own upload.",
          params: JudgementIdParams,
          response: { 200: response },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => becomeJudge(db, request.actor, request.params.datasetJudgementId),
    );

    app.patch(
      "/dataset-judgements/:datasetJudgementId/data-points/:dataPointType",
      {
        schema: {
          operationId: "patchJudgementDetails",
          tags: TAGS,
          summary: "Decide the accepted value of one data point",
          description:
            "Original keeps the uploaded value; Qa takes the correction of the QA report of " +
            "reporterUserIdOfAcceptedQaReport (the value stays when the report confirms it); Custom takes " +
            "customDataPoint, checked as an upload checks that field. Only the judge, while pending.",
          params: DataPointParams,
          body: refTo(JudgementDetailsPatchSchema),
          response: { 200: response },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) =>
        decideDataPoint(
          db,
          request.actor,
          request.params.datasetJudgementId,
          request.params.dataPointType,
          request.body as JudgementDetailsPatch,
        ),
    );
  };
