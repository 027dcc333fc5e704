import { createHash } from "node:crypto";
import { generateCompleteDataset } from "@openverde/frameworks";
import { referencedReports } from "../../apps/server/src/modules/datasets/framework-data";
import { documentsSettings } from "../../apps/server/src/modules/documents/service";
import { storeDocument } from "../../apps/server/src/modules/documents/upload";
import type { SignedInActor } from "../../apps/server/src/platform/auth/actor";
import type { Config } from "../../apps/server/src/platform/config";
import type { Database } from "../../apps/server/src/platform/db/database";
import { simplePdf } from "../../apps/server/src/platform/pdf";

/**
 * A complete SFDR dataset (every field filled) whose cited reports are stored as the uploader's
 * documents, so that the platform accepts it as it is: the reports' file references become the
 * stored documents' hashes.
 */
export async function completeSfdrWithReports(
  database: Database,
  config: Config,
  uploaderUserId: string,
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
  const generated = generateCompleteDataset("sfdr", seed);
  let text = JSON.stringify(generated);
  for (const report of referencedReports("sfdr", generated)) {
    const bytes = simplePdf([`Bench report ${report.name}`]);
    await storeDocument(
      database.db,
      actor,
      (async function* () {
        yield bytes;
      })(),
      { documentName: `${report.name}.pdf`, documentCategory: "AnnualReport", companyIds: [] } as never,
      documentsSettings({ config, database }),
    );
    text = text.replaceAll(report.fileReference, createHash("sha256").update(bytes).digest("hex"));
  }
  return JSON.parse(text);
}
