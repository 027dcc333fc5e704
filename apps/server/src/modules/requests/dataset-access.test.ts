import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import {
  call,
  company,
  compositionWithDatasets,
  giveRole,
  storeActiveDataset,
  type TestActor,
  user,
} from "../community/test-helpers";

describe("the dataset access check, as HEAD (the reference's) and as GET (an answer)", () => {
  let platform: TestPlatform;
  let owner: TestActor;
  let reader: TestActor;
  let stranger: TestActor;
  let companyId: string;
  let lei: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ composition: compositionWithDatasets() });
    owner = await user(platform, "access_owner");
    reader = await user(platform, "access_reader");
    stranger = await user(platform, "access_stranger");
    ({ companyId, lei } = await company(platform));
    await giveRole(platform, companyId, owner.userId, "CompanyOwner");
    await storeActiveDataset(platform, { companyId, dataType: "vsme", reportingPeriod: "2024" });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("says yes only once the company granted the user's access request", async () => {
    const path = `/community/requests/dataset-access/${companyId}/vsme/2024/${reader.userId}`;
    const answer = async (auth: TestActor) => (await call(platform, "GET", path, { auth })).body;
    expect((await call(platform, "HEAD", path, { auth: reader })).status).toBe(404);
    expect(await answer(reader)).toEqual({ hasAccess: false });
    expect((await call(platform, "GET", path, { auth: stranger })).status).toBe(403);
    expect((await call(platform, "GET", path)).status).toBe(401);

    const asked = await call(platform, "POST", "/community/requests/single", {
      auth: reader,
      body: {
        companyIdentifier: lei,
        dataType: "vsme",
        reportingPeriods: ["2024"],
        notifyMeImmediately: false,
      },
    });
    expect(asked.body).toMatchObject({ reportingPeriodsOfStoredAccessRequests: ["2024"] });
    expect(await answer(reader)).toEqual({ hasAccess: false });
    const [request] = (await call(platform, "GET", "/community/requests/user", { auth: reader })).body as {
      dataRequestId: string;
    }[];
    const granted = await call(platform, "PATCH", `/community/requests/${request?.dataRequestId}`, {
      auth: owner,
      body: { accessStatus: "Granted" },
    });
    expect(granted.status).toBe(200);
    expect((await call(platform, "HEAD", path, { auth: reader })).status).toBe(200);
    expect(await answer(reader)).toEqual({ hasAccess: true });
    expect(await answer(owner)).toEqual({ hasAccess: true });
    // Another period, or another framework, stays closed.
    expect((await call(platform, "GET", path.replace("/2024/", "/2023/"), { auth: reader })).body).toEqual({
      hasAccess: false,
    });
  });
});
