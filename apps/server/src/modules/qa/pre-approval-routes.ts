import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { changePreApprovalConfig, getPreApprovalConfig } from "./pre-approval";
import { refTo } from "./schemas";

const PreApprovalConfig = Type.Object(
  {
    samplingProbability: Type.Number({
      format: "double",
      minimum: 0,
      maximum: 1,
      description:
        "The share of uploads that still go to review, from 0 (none: every upload is accepted at once) to 1 " +
        "(every upload awaits review, the default).",
      examples: [1],
    }),
  },
  { $id: "PreApprovalConfig", description: "Which uploads skip review." },
);

const TAGS = ["pre-approval-controller"];

/** `GET`/`PATCH /pre-approval/config`, registered inside the qa routes. */
export const preApprovalRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    app.addSchema(PreApprovalConfig);

    app.get(
      "/pre-approval/config",
      {
        schema: {
          operationId: "getPreApprovalConfig",
          tags: TAGS,
          summary: "Which uploads skip review",
          description:
            "The pre-approval configuration: the share of uploads that still go to review; the others are " +
            "accepted when they are stored. Admins only.",
          response: { 200: refTo(PreApprovalConfig) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => getPreApprovalConfig(db, request.actor),
    );

    app.patch(
      "/pre-approval/config",
      {
        schema: {
          operationId: "patchPreApprovalConfig",
          tags: TAGS,
          summary: "Change which uploads skip review",
          description:
            "Sets the share of uploads that still go to review (0 to 1); it applies to the uploads that " +
            "follow. Admins only.",
          body: refTo(PreApprovalConfig),
          response: { 200: refTo(PreApprovalConfig) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) =>
        changePreApprovalConfig(db, request.actor, request.body as Static<typeof PreApprovalConfig>),
    );
  };
