/** Shared set-up for the datasets module's tests. */
import { createHash } from "node:crypto";
import { type FrameworkId, generateCompleteDataset } from "@openverde/frameworks";
import type { RealmRole, SignedInActor } from "../../platform/auth/actor";
import { simplePdf } from "../../platform/pdf";
import { signIn } from "../../testing/sign-in";
import type { TestPlatform } from "../../testing/test-platform";
import { createCompany } from "../companies/service";
import { documentsSettings } from "../documents/service";
import { storeDocument } from "../documents/upload";
import { referencedReports } from "./framework-data";

export interface TestUser {
  userId: string;
  authorization: string;
}

export const user = (platform: TestPlatform, username: string, roles: RealmRole[] = ["ROLE_USER"]) =>
  signIn(platform, { username, roles, email: `${username}@datasets.test.example`, name: username });

let companies = 0;

export async function company(
  platform: TestPlatform,
  name?: string,
): Promise<{ companyId: string; lei: string }> {
  companies++;
  const lei =
    `5299DS${String(process.pid % 10000).padStart(4, "0")}${String(companies).padStart(8, "0")}`.slice(0, 20);
  const stored = await createCompany(platform.database.db, {
    companyName: name ?? `Datasets Testfirma ${companies} AG`,
    headquarters: "Hamburg",
    countryCode: "DE",
    identifiers: { Lei: [lei] },
  } as never);
  return { companyId: stored.companyId, lei };
}

const SYSTEM: SignedInActor = {
  kind: "user",
  userId: "00000000-0000-4000-8000-000000000001",
  username: "datasets-test",
  email: undefined,
  name: undefined,
  roles: new Set(["ROLE_USER", "ROLE_UPLOADER", "ROLE_ADMIN"]),
  via: "token",
};

/** Stores a small PDF and returns its document id (the SHA-256 of its bytes). */
export async function storePdf(
  platform: TestPlatform,
  label: string,
  companyIds: string[] = [],
): Promise<string> {
  const bytes = simplePdf([label]);
  await storeDocument(
    platform.database.db,
    SYSTEM,
    (async function* () {
      yield bytes;
    })(),
    { documentName: `${label}.pdf`, documentCategory: "AnnualReport", companyIds } as never,
    documentsSettings(platform.context),
  );
  return createHash("sha256").update(bytes).digest("hex");
}

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * A complete dataset of the framework whose reports are stored documents: the generated file
 * references are replaced by the ids of stored PDFs.
 */
export async function completeDataset(
  platform: TestPlatform,
  frameworkId: FrameworkId,
  seed = 1,
): Promise<Record<string, unknown>> {
  const data = generateCompleteDataset(frameworkId, seed);
  let text = JSON.stringify(data);
  const references = new Set<string>(
    referencedReports(frameworkId, data).map((report) => report.fileReference),
  );
  for (const match of text.matchAll(/"fileReference":"([0-9a-f]{64})"/g)) references.add(match[1] as string);
  for (const reference of references) {
    const stored = await storePdf(platform, `${frameworkId}-${seed}-${reference.slice(0, 8)}`);
    text = text.replaceAll(reference, stored);
  }
  return JSON.parse(text);
}

export const json = (authorization: string, body?: unknown): RequestInit => ({
  method: body === undefined ? "GET" : "POST",
  headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** Deep equality where null and absent count as equal. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== null && inner !== undefined)
        .map(([key, inner]) => [key, withoutNulls(inner)]),
    );
  return value;
}
