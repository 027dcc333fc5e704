import type { Command } from "commander";
import type { ServerModule, WithContext } from "../../platform/module";
import { documentsRoutes, STAGING_IDLE_MS } from "./routes";
import { seedDemoDocuments } from "./seed";
import { cleanUpStaging } from "./upload";

function commands(program: Command, withContext: WithContext): void {
  const documents = program.command("documents").description("Stored reports and their uploads.");
  documents
    .command("clean-staging")
    .description(
      "Remove the bytes that failed or cut uploads left in staging (the server also does this when it starts).",
    )
    .option("--all", "also remove staging that is still being written (only with every server stopped)")
    .action(async (options: { all?: boolean }) => {
      await withContext(async (context) => {
        const all = options.all || context.database.kind === "embedded";
        const removed = await cleanUpStaging(context.database.db, all ? undefined : STAGING_IDLE_MS);
        process.stdout.write(
          `Removed ${removed.uploads} unfinished upload(s), ${removed.bytes} bytes, from document staging.\n`,
        );
      });
    });
}

export const documentsModule: ServerModule = {
  name: "documents",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: documentsRoutes,
  seedDemo: seedDemoDocuments,
  commands,
};

// ---- What other modules ask of the documents module ------------------------------------------------

// Whether documents are stored, and the bytes of one, read as an actor under this module's rules.

export { getReadableDocument, streamDocumentBytes } from "./read";
export { documentExists, missingDocuments } from "./service";

// Storing a report: limits and byte transfer per database, then staging an upload and keeping it (the
// datasets module stores the reports an upload cites), or storing known bytes at once (demo data).

export { type DocumentsSettings, documentsSettings } from "./service";
export {
  discardStaging,
  promoteUpload,
  type StagedUpload,
  stageUpload,
  storeDocument,
} from "./upload";

// Rules that modules above this one add to its policy: who uploads for a company (community) and which
// documents only private data cite (datasets).

export { addDocumentVisibilityRule, allowCompanyUploaders } from "./policy";
