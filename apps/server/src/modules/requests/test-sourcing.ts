/** The shared set-up of the /data-sourcing tests: users, companies, providers and the calls they make. */
import { expect } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import {
  call,
  company,
  compositionWithDatasets,
  giveRole,
  type TestActor,
  user,
} from "../community/test-helpers";
import type { DataSourcingState } from "./model";

export interface StoredRequest {
  id: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  userId: string;
  state: string;
  requestPriority: string;
  adminComment?: string;
  memberComment?: string;
  creationTimestamp: number;
  lastModifiedDate: number;
  dataSourcingEntityId?: string;
  companyName?: string;
}

export interface Sourcing {
  dataSourcingId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  state: DataSourcingState;
  documentIds: string[];
  associatedRequestIds: string[];
  documentCollector?: string;
  dataExtractor?: string;
  priority?: number;
  adminComment?: string;
}

export interface Problem {
  errors: { message: string; httpStatus: number }[];
}

export interface SourcingWorld {
  platform: TestPlatform;
  admin: TestActor;
  alice: TestActor;
  bob: TestActor;
  collector: TestActor;
  extractor: TestActor;
  acme: { companyId: string; lei: string; name: string };
  beta: { companyId: string; lei: string; name: string };
  collectingCompany: { companyId: string };
  extractingCompany: { companyId: string };
}

/** A platform with an admin, two requesters, two companies asked about and two provider companies. */
export async function startSourcingWorld(): Promise<SourcingWorld> {
  const platform = await startTestPlatform({ composition: compositionWithDatasets() });
  const world: SourcingWorld = {
    platform,
    admin: await user(platform, "ds_admin", ["ROLE_USER", "ROLE_ADMIN"]),
    alice: await user(platform, "ds_alice"),
    bob: await user(platform, "ds_bob"),
    collector: await user(platform, "ds_collector"),
    extractor: await user(platform, "ds_extractor"),
    acme: await company(platform, { name: "Acme Sourcing AG" }),
    beta: await company(platform, { name: "Beta Sourcing SE" }),
    collectingCompany: await company(platform, { name: "Collectors Ltd" }),
    extractingCompany: await company(platform, { name: "Extractors GmbH" }),
  };
  await giveRole(platform, world.collectingCompany.companyId, world.collector.userId, "Member");
  await giveRole(platform, world.extractingCompany.companyId, world.extractor.userId, "DataUploader");
  return world;
}

/** The calls the tests make, each new period a fresh dimension. */
export function sourcingCalls(world: SourcingWorld) {
  const { platform, admin, alice, acme } = world;
  let period = 1800;
  const nextPeriod = () => String(period++);
  const ask = async (
    auth: TestActor,
    body: { companyIdentifier?: string; dataType?: string; reportingPeriod: string; memberComment?: string },
    query = "",
  ) =>
    call<{ requestId: string } & Problem>(platform, "POST", `/data-sourcing/requests${query}`, {
      auth,
      body: { companyIdentifier: acme.lei, dataType: "sfdr", ...body },
    });
  const request = async (id: string, auth: TestActor = admin) =>
    (await call<StoredRequest>(platform, "GET", `/data-sourcing/requests/${id}`, { auth })).body;
  const sourcingOf = async (requestId: string): Promise<Sourcing> => {
    const stored = await request(requestId);
    const res = await call<Sourcing>(
      platform,
      "GET",
      `/data-sourcing/data-sourcing/${stored.dataSourcingEntityId}`,
      {
        auth: admin,
      },
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const moveSourcing = (id: string, state: string, auth: TestActor = admin, comment?: string) =>
    call<Sourcing & Problem>(
      platform,
      "PATCH",
      `/data-sourcing/data-sourcing/${id}/state?state=${state}${comment ? `&comment=${encodeURIComponent(comment)}` : ""}`,
      { auth },
    );
  const moveRequest = (id: string, state: string, auth: TestActor = admin, adminComment?: string) =>
    call<StoredRequest & Problem>(
      platform,
      "PATCH",
      `/data-sourcing/requests/${id}/state?requestState=${state}${adminComment ? `&adminComment=${encodeURIComponent(adminComment)}` : ""}`,
      { auth },
    );

  /** A new request (new period) whose sourcing object is brought to `state` along allowed moves. */
  const PATH_TO: Record<DataSourcingState, DataSourcingState[]> = {
    Initialized: [],
    DocumentSourcing: ["DocumentSourcing"],
    DocumentSourcingDone: ["DocumentSourcing", "DocumentSourcingDone"],
    DataExtraction: ["DocumentSourcing", "DocumentSourcingDone", "DataExtraction"],
    DataVerification: ["DocumentSourcing", "DocumentSourcingDone", "DataExtraction", "DataVerification"],
    Done: ["DocumentSourcing", "DocumentSourcingDone", "DataExtraction", "DataVerification", "Done"],
    NonSourceableVerification: ["NonSourceableVerification"],
    NonSourceable: ["NonSourceableVerification", "NonSourceable"],
  };
  const sourcingIn = async (state: DataSourcingState, auth: TestActor = alice) => {
    const asked = await ask(auth, { reportingPeriod: nextPeriod() });
    expect(asked.status).toBe(200);
    const object = await sourcingOf(asked.body.requestId);
    for (const step of PATH_TO[state])
      expect((await moveSourcing(object.dataSourcingId, step)).status).toBe(200);
    return { requestId: asked.body.requestId, dataSourcingId: object.dataSourcingId };
  };
  return { nextPeriod, ask, request, sourcingOf, moveSourcing, moveRequest, sourcingIn };
}
