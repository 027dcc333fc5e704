/** DELETE /data/{dataId}: an admin removes a dataset of any framework. */
import { Type } from "@fastify/type-provider-typebox";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { deleteDataset } from "./deletion";
import { type DatasetsApp, ERROR } from "./route-parts";

export function registerDeletionRoutes(app: DatasetsApp, context: ModuleContext): void {
  const { db } = context.database;
  app.delete(
    "/data/:dataId",
    {
      schema: {
        operationId: "deleteCompanyAssociatedData",
        tags: ["data-deletion-controller"],
        summary: "Delete a dataset",
        description:
          "Removes the dataset with its data points and review (admins only). When it was the active version, the newest accepted version left becomes the active one.",
        params: Type.Object({ dataId: Type.String() }),
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Unsafe<void>({ description: "The dataset is gone." }), default: ERROR },
      },
    },
    async (request, reply) => {
      await deleteDataset(db, request.actor, request.params.dataId);
      return reply.code(200).send();
    },
  );
}
