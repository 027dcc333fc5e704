import { createHash } from "node:crypto";
import { type FrameworkId, generateCompleteDataset } from "@openverde/frameworks";
import { referencedReports } from "../../apps/server/src/modules/datasets/framework-data";
import { documentsSettings } from "../../apps/server/src/modules/documents/service";
import { storeDocument } from "../../apps/server/src/modules/documents/upload";
import type { SignedInActor } from "../../apps/server/src/platform/auth/actor";
import type { Config } from "../../apps/server/src/platform/config";
import type { Database } from "../../apps/server/src/platform/db/database";
import { simplePdf } from "../../apps/server/src/platform/pdf";

/**
 * A complete dataset of the framework (every field filled) whose cited documents are stored as the
 * uploader's, so that the platform accepts it as it is: the generated file references (of the
 * referenced reports and of any other data source) become the stored documents' hashes.
 */
export async function completeDatasetWithReports(
  database: Database,
  config: Config,
  uploaderUserId: string,
  framework: FrameworkId,
  seed: number,
): Promise<unknown> {
  const actor: SignedInActor = {
    kind: "user",
    userId: uploaderUserId,
    username: "bench",
    email: undefined,
    name: undefined,
    roles: new Set(["ROLE_USER", "ROLE_UPLOADER"]),
    via: "token",
  };
  const generated = generateCompleteDataset(framework, seed);
  let text = JSON.stringify(generated);
  const references = new Map(referencedReports(framework, generated).map((r) => [r.fileReference, r.name]));
  for (const match of text.matchAll(/"fileReference":"([0-9a-f]{64})"/g))
    if (!references.has(match[1] as string)) references.set(match[1] as string, `source ${references.size}`);
  for (const [reference, name] of references) {
    const bytes = simplePdf([`Bench report ${framework} ${name}`]);
    await storeDocument(
      database.db,
      actor,
      (async function* () {
        yield bytes;
      })(),
      { documentName: `${name}.pdf`, documentCategory: "AnnualReport", companyIds: [] } as never,
      documentsSettings({ config, database }),
    );
    text = text.replaceAll(reference, createHash("sha256").update(bytes).digest("hex"));
  }
  return JSON.parse(text);
}

/** The complete SFDR dataset of completeDatasetWithReports. */
export const completeSfdrWithReports = (
  database: Database,
  config: Config,
  uploaderUserId: string,
  seed: number,
): Promise<unknown> => completeDatasetWithReports(database, config, uploaderUserId, "sfdr", seed);
