/** Shared set-up for the community module's tests. */
import type { FrameworkId } from "@openverde/frameworks";
import type { RealmRole } from "../../platform/auth/actor";
import { publishEvent } from "../../platform/events";
import type { Composition, ServerModule } from "../../platform/module";
import { signIn } from "../../testing/sign-in";
import type { TestPlatform } from "../../testing/test-platform";
import { createCompany } from "../companies/service";
import { storeDatasetInTransaction } from "../datasets/upload";
import { composition } from "../registry";
import type { CompanyRole } from "./model";
import { communityDb, upsertRole } from "./store";

export interface TestActor {
  userId: string;
  authorization: string;
  email: string;
}

export async function user(
  platform: TestPlatform,
  username: string,
  roles: RealmRole[] = ["ROLE_USER"],
  options: { email?: string; name?: string } = {},
): Promise<TestActor> {
  const email = options.email ?? `${username}@test.openverde.example`;
  const signed = await signIn(platform, { username, roles, email, name: options.name ?? username });
  return { ...signed, email };
}

let counter = 0;

/** A company with a made-up LEI (and the given extras); returns its id and LEI. */
export async function company(
  platform: TestPlatform,
  extras: { name?: string; isin?: string; website?: string; subdomains?: string[] } = {},
): Promise<{ companyId: string; lei: string; name: string }> {
  counter++;
  const lei =
    `5299TEST${String(process.pid % 10000).padStart(4, "0")}${String(counter).padStart(6, "0")}XX`.slice(
      0,
      20,
    );
  const name = extras.name ?? `Testfirma ${counter} GmbH`;
  const stored = await createCompany(platform.database.db, {
    companyName: name,
    headquarters: "Berlin",
    countryCode: "DE",
    identifiers: { Lei: [lei], ...(extras.isin ? { Isin: [extras.isin] } : {}) },
    ...(extras.website ? { website: extras.website } : {}),
    ...(extras.subdomains ? { associatedSubdomains: extras.subdomains } : {}),
  });
  return { companyId: stored.companyId, lei, name };
}

/** Gives a role directly in the store (test set-up, no rules). */
export async function giveRole(
  platform: TestPlatform,
  companyId: string,
  userId: string,
  role: CompanyRole,
): Promise<void> {
  await upsertRole(communityDb(platform.database.db), { companyId, userId, role, assignedByUserId: null });
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
}

/** Calls the server; the body is parsed JSON when there is one. */
export async function call<T = unknown>(
  platform: TestPlatform,
  method: string,
  path: string,
  options: { auth?: TestActor | undefined; body?: unknown } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (options.auth) headers.authorization = options.auth.authorization;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await platform.request(path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T };
}

/** Publishes `dataset.activated` as the datasets module would, and lets the background settle. */
export async function activateDataset(
  platform: TestPlatform,
  dimension: { companyId: string; dataType: string; reportingPeriod: string },
  dataId: string,
): Promise<void> {
  await publishEvent(platform.database.db, "dataset.activated", {
    dataId,
    ...dimension,
    previousActiveDataId: null,
  });
  await platform.background.settle();
}

/** The events of a type published so far, oldest first. */
export async function eventsOf(platform: TestPlatform, type: string): Promise<Record<string, unknown>[]> {
  const rows = await platform.database.db
    .withTables<{ platform_event: { id: number; type: string; payload: Record<string, unknown> } }>()
    .selectFrom("platform_event")
    .select("payload")
    .where("type", "=", type)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.payload);
}

/**
 * The platform's composition, with the datasets module's tables when that module is not registered
 * yet, so tests can store real datasets either way.
 */
export function compositionWithDatasets(): Composition {
  const registered = composition.groups.some((group) =>
    group.modules.some((module) => module.name === "datasets"),
  );
  if (registered) return composition;
  const datasetTables: ServerModule = {
    name: "datasets",
    migrationsDir: new URL("../datasets/migrations", import.meta.url).pathname,
  };
  return {
    ...composition,
    groups: composition.groups.map((group) =>
      group.prefix === "/api" ? { ...group, modules: [...group.modules, datasetTables] } : group,
    ),
  };
}

/** Stores an accepted (so active) dataset through the datasets module; returns its id. */
export async function storeActiveDataset(
  platform: TestPlatform,
  dimension: { companyId: string; dataType: string; reportingPeriod: string },
): Promise<string> {
  const stored = await platform.database.db.transaction().execute((trx) =>
    storeDatasetInTransaction(trx, {
      frameworkId: dimension.dataType as FrameworkId,
      companyId: dimension.companyId,
      reportingPeriod: dimension.reportingPeriod,
      data: {},
      uploaderUserId: null,
      qaStatus: "Accepted",
    }),
  );
  return stored.dataId;
}
