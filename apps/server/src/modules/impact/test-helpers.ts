/** Set-up shared by the impact module's tests: people, calls, companies with SFDR and PCAF data. */
import type { FrameworkId } from "@openverde/frameworks";
import type { RealmRole } from "../../platform/auth/actor";
import { signIn } from "../../testing/sign-in";
import type { TestPlatform } from "../../testing/test-platform";
import { withLeiCheckDigits } from "../companies";
import { createCompany } from "../companies/service";
import { completeDataset } from "../datasets/test-helpers";
import { storeDatasetInTransaction } from "../datasets/upload";

export interface Person {
  userId: string;
  authorization: string;
}

export const person = (platform: TestPlatform, username: string, roles: RealmRole[] = ["ROLE_USER"]) =>
  signIn(platform, { username, roles, email: `${username}@impact.test.example`, name: username });

export async function call<T = unknown>(
  platform: TestPlatform,
  method: string,
  path: string,
  who: Person | undefined,
  body?: unknown,
  contentType = "application/json",
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await platform.request(path, {
    method,
    headers: {
      ...(who ? { authorization: who.authorization } : {}),
      ...(body !== undefined ? { "content-type": contentType } : {}),
    },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a CSV file): the text as it is.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Uploads a positions file as multipart/form-data, in the part named file. */
export async function uploadFile(
  platform: TestPlatform,
  path: string,
  who: Person | undefined,
  file: { name: string; type: string; bytes: Uint8Array | string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append(
    "file",
    new Blob([file.bytes as Uint8Array<ArrayBuffer> | string], { type: file.type }),
    file.name,
  );
  const response = await platform.request(path, {
    method: "POST",
    headers: who ? { authorization: who.authorization } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let companies = 0;

export async function company(
  platform: TestPlatform,
  name: string,
): Promise<{ companyId: string; lei: string }> {
  companies++;
  const lei = withLeiCheckDigits(
    `5299IM${String(process.pid % 10000).padStart(4, "0")}${String(companies).padStart(8, "0")}`,
  );
  const stored = await createCompany(platform.database.db, {
    companyName: name,
    headquarters: "Bremen",
    countryCode: "DE",
    identifiers: { Lei: [lei] },
  } as never);
  return { companyId: stored.companyId, lei };
}

/**
 * Puts figures into a dataset: into an extended data point's `value`, or, given `{ value, quality }`,
 * those fields of it; undefined removes the field.
 */
export function withFigures(
  data: Record<string, unknown>,
  figures: Record<string, unknown>,
): Record<string, unknown> {
  const copy = structuredClone(data);
  for (const [path, value] of Object.entries(figures)) {
    const keys = path.split(".");
    let node = copy;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1] as string;
    if (value === undefined) delete node[last];
    else if (typeof node[last] === "object" && node[last] !== null && "value" in (node[last] as object)) {
      const fields = typeof value === "object" && value !== null && "value" in value ? value : { value };
      Object.assign(node[last] as Record<string, unknown>, fields);
    } else node[last] = value;
  }
  return copy;
}

/** Stores a dataset of the framework for the company, built from the complete sample with the figures given. */
export async function storeData(
  platform: TestPlatform,
  frameworkId: FrameworkId,
  companyId: string,
  reportingPeriod: string,
  figures: Record<string, unknown>,
  qaStatus: "Accepted" | "Pending" = "Accepted",
): Promise<void> {
  const data = withFigures(await completeDataset(platform, frameworkId, 3), figures);
  await platform.database.db.transaction().execute((trx) =>
    storeDatasetInTransaction(trx, {
      frameworkId,
      companyId,
      reportingPeriod,
      data,
      uploaderUserId: null,
      qaStatus,
    }),
  );
}
