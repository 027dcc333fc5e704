import multipart from "@fastify/multipart";
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleContext } from "../../platform/module";
import { registerDataPointRoutes } from "./data-point-routes";
import { registerFrameworkDataRoutes } from "./data-routes";
import { registerDeletionRoutes } from "./deletion-routes";
import { registerExportJobRoutes, registerExportRoutes } from "./export-routes";
import { PUBLIC_FRAMEWORKS } from "./framework-data";
import { registerMetadataRoutes } from "./metadata-routes";
import { documentSettingsFor } from "./neighbours";
import { frameworkNames } from "./route-parts";
import { frameworkSharedSchemas, ownSharedSchemas } from "./schemas";
import { registerTokenRoutes } from "./token-routes";
import { registerVsmeRoutes } from "./vsme-routes";

const ErrorResponse = Type.Object(
  {
    errors: Type.Array(
      Type.Object({
        errorType: Type.String(),
        summary: Type.String(),
        message: Type.String(),
        httpStatus: Type.Number(),
        metaInformation: Type.Optional(Type.Object({}, { additionalProperties: true })),
      }),
    ),
  },
  { $id: "ErrorResponse" },
);

/**
 * The datasets API, registered in the order it is published: per public framework its /data routes and
 * export jobs, then VSME, /metadata and a user's uploads, /data-points, /export, deleting
 * a dataset and /token.
 */
export const datasetRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    for (const schema of [...frameworkSharedSchemas(), ...ownSharedSchemas, ErrorResponse]) {
      const id = (schema as { $id: string }).$id;
      if (!app.getSchema(id)) app.addSchema(schema);
    }
    const documentSettings = documentSettingsFor(context);
    if (!app.hasContentTypeParser("multipart/form-data"))
      await app.register(multipart, {
        limits: { fileSize: documentSettings.maxBytes, fieldSize: 10 * 1024 * 1024, files: 100 },
      });

    for (const framework of PUBLIC_FRAMEWORKS) {
      const names = frameworkNames(framework);
      registerFrameworkDataRoutes(app, context, names);
      registerExportJobRoutes(app, context, names);
    }
    registerVsmeRoutes(app, context, documentSettings);
    registerMetadataRoutes(app, context);
    registerDataPointRoutes(app, context);
    registerExportRoutes(app, context);
    registerDeletionRoutes(app, context);
    registerTokenRoutes(app);
  };
