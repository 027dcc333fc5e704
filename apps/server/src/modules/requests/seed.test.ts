import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../app";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { companyRolesOf } from "../community";
import { compositionWithDatasets } from "../community/test-helpers";
import { DEMO_COMPANY_ID } from "../companies";
import { findUserByUsername } from "../identity";
import { findDataRequests } from "./records";
import { DEMO_REQUEST_IDS } from "./seed";

describe("the community and request demo data", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ demo: true, composition: compositionWithDatasets() });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("makes company_owner the owner of the demo company and gives data_reader requests in several states", async () => {
    const { db } = platform.database;
    const owner = await findUserByUsername(db, "company_owner");
    const reader = await findUserByUsername(db, "data_reader");
    expect(await companyRolesOf(db, owner?.userId as string, DEMO_COMPANY_ID)).toEqual(["CompanyOwner"]);
    const requests = await findDataRequests(db, { userIds: [reader?.userId as string] });
    const byId = new Map(requests.map((request) => [request.dataRequestId, request]));
    expect(byId.get(DEMO_REQUEST_IDS.open)).toMatchObject({ state: "Open", accessStatus: "Public" });
    expect(byId.get(DEMO_REQUEST_IDS.answered)).toMatchObject({ state: "Answered", accessStatus: "Public" });
    expect(byId.get(DEMO_REQUEST_IDS.privateAccess)).toMatchObject({
      dataType: "vsme",
      accessStatus: "Pending",
    });
  });

  it("changes nothing when run again", async () => {
    const { db } = platform.database;
    const before = await findDataRequests(db, {});
    await seedDemo(platform.context, platform.composition);
    expect(await findDataRequests(db, {})).toEqual(before);
  });
});
