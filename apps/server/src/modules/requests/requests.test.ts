import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import {
  activateDataset,
  call,
  company,
  compositionWithDatasets,
  eventsOf,
  giveRole,
  storeActiveDataset,
  type TestActor,
  user,
} from "../community/test-helpers";
import { hasPrivateDataAccess } from "./records";

interface Stored {
  dataRequestId: string;
  userId: string;
  userEmailAddress?: string;
  requestStatus: string;
  accessStatus: string;
  requestPriority: string;
  adminComment?: string;
  datalandCompanyId: string;
  dataType: string;
  reportingPeriod: string;
  notifyMeImmediately: boolean;
  messageHistory: { contacts: string[]; message?: string }[];
  dataRequestStatusHistory: {
    status: string;
    accessStatus: string;
    answeringDataId?: string;
    requestStatusChangeReason?: string;
  }[];
}

interface Extended {
  dataRequestId: string;
  companyName: string;
  requestStatus: string;
  accessStatus: string;
  reportingPeriod: string;
  dataType: string;
  userId: string;
}

describe("data requests", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let reader: TestActor;
  let other: TestActor;
  let owner: TestActor;
  let acme: { companyId: string; lei: string; name: string };
  let beta: { companyId: string; lei: string; name: string };

  beforeAll(async () => {
    platform = await startTestPlatform({ composition: compositionWithDatasets() });
    admin = await user(platform, "req_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    reader = await user(platform, "req_reader");
    other = await user(platform, "req_other");
    owner = await user(platform, "req_owner");
    acme = await company(platform, { name: "Acme Green Power AG", isin: "DE000ACME0001" });
    beta = await company(platform, { name: "Beta Wind SE" });
    await giveRole(platform, acme.companyId, owner.userId, "CompanyOwner");
  });

  afterAll(async () => {
    await platform?.close();
  });

  const single = (auth: TestActor, body: Record<string, unknown>, query = "") =>
    call<Record<string, unknown>>(platform, "POST", `/community/requests/single${query}`, {
      auth,
      body: { notifyMeImmediately: false, ...body },
    });
  const findOwn = async (
    auth: TestActor,
    dataType: string,
    reportingPeriod: string,
    companyId = acme.companyId,
  ) => {
    const list = await call<Extended[]>(platform, "GET", "/community/requests/user", { auth });
    const found = list.body.find(
      (entry) =>
        entry.dataType === dataType &&
        entry.reportingPeriod === reportingPeriod &&
        (entry as unknown as { datalandCompanyId: string }).datalandCompanyId === companyId,
    );
    if (!found) throw new Error(`no request ${dataType} ${reportingPeriod}`);
    return found;
  };

  it("goes through its whole life: asked, duplicate refused, answered on activation, resolved", async () => {
    const asked = await single(reader, {
      companyIdentifier: acme.lei,
      dataType: "sfdr",
      reportingPeriods: ["2023", "2024"],
      contacts: ["esg@acme.example"],
      message: "Please publish.",
      notifyMeImmediately: true,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      reportingPeriodsOfStoredDataRequests: ["2023", "2024"],
      reportingPeriodsOfDuplicateDataRequests: [],
      reportingPeriodsOfStoredAccessRequests: [],
    });

    const again = await single(reader, {
      companyIdentifier: acme.companyId,
      dataType: "sfdr",
      reportingPeriods: ["2024", "2022"],
    });
    expect(again.body).toMatchObject({
      reportingPeriodsOfStoredDataRequests: ["2022"],
      reportingPeriodsOfDuplicateDataRequests: ["2024"],
    });

    const summary = await findOwn(reader, "sfdr", "2024");
    expect(summary).toMatchObject({
      companyName: "Acme Green Power AG",
      requestStatus: "Open",
      accessStatus: "Public",
    });
    const read = await call<Stored>(platform, "GET", `/community/requests/${summary.dataRequestId}`, {
      auth: reader,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      userId: reader.userId,
      userEmailAddress: reader.email,
      notifyMeImmediately: true,
      requestPriority: "Baseline",
      messageHistory: [{ contacts: ["esg@acme.example"], message: "Please publish." }],
      dataRequestStatusHistory: [{ status: "Open", accessStatus: "Public" }],
    });

    // The data arrives: the datasets module activates a dataset for exactly this dimension.
    const dataId = await storeActiveDataset(platform, {
      companyId: acme.companyId,
      dataType: "sfdr",
      reportingPeriod: "2024",
    });
    await platform.background.settle();
    const answered = await call<Stored>(platform, "GET", `/community/requests/${summary.dataRequestId}`, {
      auth: reader,
    });
    expect(answered.body.requestStatus).toBe("Answered");
    expect(answered.body.dataRequestStatusHistory.at(-1)).toMatchObject({
      status: "Answered",
      answeringDataId: dataId,
    });
    expect(await eventsOf(platform, "request.answered")).toContainEqual({
      dataRequestId: summary.dataRequestId,
      userId: reader.userId,
      companyId: acme.companyId,
      dataType: "sfdr",
      reportingPeriod: "2024",
      dataId,
    });
    // The request for 2023 is untouched.
    expect((await findOwn(reader, "sfdr", "2023")).requestStatus).toBe("Open");

    // An answered request is no duplicate: the user may ask again.
    const resolved = await call<Stored>(platform, "PATCH", `/community/requests/${summary.dataRequestId}`, {
      auth: reader,
      body: { requestStatus: "Resolved", requestStatusChangeReason: "Exactly what I needed." },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.requestStatus).toBe("Resolved");
    expect(resolved.body.dataRequestStatusHistory.at(-1)).toMatchObject({
      status: "Resolved",
      requestStatusChangeReason: "Exactly what I needed.",
    });
    // Resolved is an end for the requester.
    const reopen = await call(platform, "PATCH", `/community/requests/${summary.dataRequestId}`, {
      auth: reader,
      body: { requestStatus: "Withdrawn" },
    });
    expect(reopen.status).toBe(400);

    const withdrawn = await call<Stored>(
      platform,
      "PATCH",
      `/community/requests/${(await findOwn(reader, "sfdr", "2022")).dataRequestId}`,
      { auth: reader, body: { requestStatus: "Withdrawn" } },
    );
    expect(withdrawn.body.requestStatus).toBe("Withdrawn");
  });

  it("answers open requests when a dataset.activated event arrives", async () => {
    await single(other, { companyIdentifier: beta.lei, dataType: "lksg", reportingPeriods: ["2023"] });
    await single(reader, { companyIdentifier: beta.lei, dataType: "lksg", reportingPeriods: ["2023"] });
    const dataId = "7d2b4c1e-5f6a-4b3c-9d8e-0f1a2b3c4d5e";
    await activateDataset(
      platform,
      { companyId: beta.companyId, dataType: "lksg", reportingPeriod: "2023" },
      dataId,
    );
    for (const actor of [other, reader]) {
      const entry = await findOwn(actor, "lksg", "2023", beta.companyId);
      expect(entry.requestStatus).toBe("Answered");
    }
    const answered = (await eventsOf(platform, "request.answered")).filter(
      (event) => event.dataId === dataId,
    );
    expect(answered.map((event) => event.userId).sort()).toEqual([other.userId, reader.userId].sort());
  });

  it("asks the owner for access to private data and lets the owner decide", async () => {
    const vsmeId = await storeActiveDataset(platform, {
      companyId: acme.companyId,
      dataType: "vsme",
      reportingPeriod: "2024",
    });
    await platform.background.settle();
    const asked = await single(reader, {
      companyIdentifier: acme.lei,
      dataType: "vsme",
      reportingPeriods: ["2024", "2025"],
    });
    expect(asked.body).toMatchObject({
      reportingPeriodsOfStoredAccessRequests: ["2024"],
      reportingPeriodsOfStoredDataRequests: ["2025"],
    });
    const access = await findOwn(reader, "vsme", "2024");
    expect(access).toMatchObject({ requestStatus: "Answered", accessStatus: "Pending" });
    expect(await eventsOf(platform, "request.accessRequested")).toContainEqual({
      dataRequestId: access.dataRequestId,
      companyId: acme.companyId,
      dataType: "vsme",
      reportingPeriod: "2024",
      userId: reader.userId,
    });
    // A pending access request counts as a duplicate.
    const again = await single(reader, {
      companyIdentifier: acme.lei,
      dataType: "vsme",
      reportingPeriods: ["2024"],
    });
    expect(again.body).toMatchObject({ reportingPeriodsOfDuplicateDataRequests: ["2024"] });

    const accessPath = `/community/requests/dataset-access/${acme.companyId}/vsme/2024/${reader.userId}`;
    expect((await call(platform, "HEAD", accessPath, { auth: reader })).status).toBe(404);
    expect((await call(platform, "HEAD", accessPath, { auth: other })).status).toBe(403);

    // The requester cannot grant themselves access; the owner can.
    const path = `/community/requests/${access.dataRequestId}`;
    expect(
      (await call(platform, "PATCH", path, { auth: reader, body: { accessStatus: "Granted" } })).status,
    ).toBe(403);
    expect(
      (await call(platform, "PATCH", path, { auth: owner, body: { requestStatus: "Closed" } })).status,
    ).toBe(403);
    expect(
      (await call(platform, "PATCH", path, { auth: owner, body: { accessStatus: "Revoked" } })).status,
    ).toBe(400);
    expect(
      (await call(platform, "PATCH", path, { auth: owner, body: { accessStatus: "Public" } })).status,
    ).toBe(403);
    expect(
      (await call(platform, "PATCH", path, { auth: admin, body: { accessStatus: "Public" } })).status,
    ).toBe(400);
    const granted = await call<Stored>(platform, "PATCH", path, {
      auth: owner,
      body: { accessStatus: "Granted" },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.accessStatus).toBe("Granted");
    expect((await call(platform, "HEAD", accessPath, { auth: reader })).status).toBe(200);
    expect((await call(platform, "HEAD", accessPath, { auth: owner })).status).toBe(200);
    expect(
      await hasPrivateDataAccess(platform.database.db, reader.userId, acme.companyId, "vsme", "2024"),
    ).toBe(true);
    expect(
      await hasPrivateDataAccess(platform.database.db, other.userId, acme.companyId, "vsme", "2024"),
    ).toBe(false);

    const revoked = await call<Stored>(platform, "PATCH", path, {
      auth: owner,
      body: { accessStatus: "Revoked" },
    });
    expect(revoked.body.accessStatus).toBe("Revoked");
    expect((await call(platform, "HEAD", accessPath, { auth: admin })).status).toBe(404);
    // Access to public data is not decided by anyone.
    const publicRequest = await findOwn(reader, "sfdr", "2023");
    expect(
      (
        await call(platform, "PATCH", `/community/requests/${publicRequest.dataRequestId}`, {
          auth: admin,
          body: { accessStatus: "Granted" },
        })
      ).status,
    ).toBe(400);
    expect(vsmeId).toBeTruthy();
  });

  it("lets the owner see the requests for their company, and admins everything", async () => {
    const forOwner = await call<Extended[]>(platform, "GET", "/community/requests?chunkSize=1000", {
      auth: owner,
    });
    expect(forOwner.status).toBe(200);
    expect(forOwner.body.length).toBeGreaterThan(0);
    expect(
      forOwner.body.every(
        (entry) => (entry as unknown as { datalandCompanyId: string }).datalandCompanyId === acme.companyId,
      ),
    ).toBe(true);
    const forOther = await call<Extended[]>(platform, "GET", "/community/requests", { auth: other });
    expect(forOther.body.every((entry) => entry.userId === other.userId)).toBe(true);
    const all = await call<Extended[]>(platform, "GET", "/community/requests?chunkSize=1000", {
      auth: admin,
    });
    expect(new Set(all.body.map((entry) => entry.userId))).toEqual(new Set([reader.userId, other.userId]));
    const count = await call<number>(platform, "GET", "/community/requests/numberOfRequests", {
      auth: admin,
    });
    expect(count.body).toBe(all.body.length);
  });

  it("filters, counts and pages requests", async () => {
    const get = async (query: string) =>
      (await call<Extended[]>(platform, "GET", `/community/requests?${query}`, { auth: admin })).body;
    const count = async (query: string) =>
      (await call<number>(platform, "GET", `/community/requests/numberOfRequests?${query}`, { auth: admin }))
        .body;
    expect((await get("dataType=vsme")).every((entry) => entry.dataType === "vsme")).toBe(true);
    expect(await count("dataType=vsme")).toBe(2);
    expect(await count("dataType=vsme&dataType=lksg")).toBe(4);
    expect(await count(`userId=${other.userId}`)).toBe(1);
    expect(await count("emailAddress=req_other@")).toBe(1);
    expect(await count("requestStatus=Answered")).toBe(3);
    expect(await count("requestStatus=Open&requestStatus=Withdrawn")).toBe(3);
    expect(await count("accessStatus=Revoked")).toBe(1);
    expect(await count("reportingPeriods=2025")).toBe(1);
    expect(await count(`datalandCompanyId=${beta.companyId}`)).toBe(2);
    expect(await count("companySearchString=beta%20wind")).toBe(2);
    expect(await count("companySearchString=DE000ACME0001")).toBe(5);
    expect(await count("requestPriority=Urgent")).toBe(0);
    const first = await get("chunkSize=2&chunkIndex=0");
    const second = await get("chunkSize=2&chunkIndex=1");
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(first.map((entry) => entry.dataRequestId)).not.toContain(second[0]?.dataRequestId);
    expect((await call(platform, "GET", "/community/requests?chunkSize=0", { auth: admin })).status).toBe(
      400,
    );
    expect(
      (await call(platform, "GET", "/community/requests?requestStatus=Nope", { auth: admin })).status,
    ).toBe(400);
  });

  it("lets admins set priority and comment, and counts open requests per dimension", async () => {
    const open = await findOwn(reader, "sfdr", "2023");
    const path = `/community/requests/${open.dataRequestId}`;
    expect(
      (await call(platform, "PATCH", path, { auth: reader, body: { requestPriority: "Urgent" } })).status,
    ).toBe(403);
    expect(
      (await call(platform, "PATCH", path, { auth: reader, body: { adminComment: "mine" } })).status,
    ).toBe(403);
    const patched = await call<Stored>(platform, "PATCH", path, {
      auth: admin,
      body: { requestPriority: "Urgent", adminComment: "Sourcing this week" },
    });
    expect(patched.body).toMatchObject({ requestPriority: "Urgent", adminComment: "Sourcing this week" });
    const search = await call<number>(
      platform,
      "GET",
      "/community/requests/numberOfRequests?adminComment=sourcing",
      { auth: admin },
    );
    expect(search.body).toBe(1);

    await single(other, { companyIdentifier: acme.lei, dataType: "sfdr", reportingPeriods: ["2023"] });
    const aggregated = await call<Record<string, unknown>[]>(
      platform,
      "GET",
      "/community/requests/aggregated?dataTypes=sfdr&reportingPeriod=2023",
      { auth: reader },
    );
    expect(aggregated.status).toBe(200);
    expect(aggregated.body).toEqual(
      expect.arrayContaining([
        {
          dataType: "sfdr",
          reportingPeriod: "2023",
          datalandCompanyId: acme.companyId,
          aggregatedPriority: "Urgent",
          count: 1,
        },
        {
          dataType: "sfdr",
          reportingPeriod: "2023",
          datalandCompanyId: acme.companyId,
          aggregatedPriority: "Baseline",
          count: 1,
        },
      ]),
    );
    const urgent = await call<unknown[]>(
      platform,
      "GET",
      "/community/requests/aggregated?aggregatedPriority=Urgent",
      { auth: reader },
    );
    expect(urgent.body).toHaveLength(1);
    // Admins may put a request into any status.
    const closed = await call<Stored>(platform, "PATCH", path, {
      auth: admin,
      body: { requestStatus: "NonSourceable" },
    });
    expect(closed.body.requestStatus).toBe("NonSourceable");
  });

  it("lets the requester edit contacts, message and notifications only", async () => {
    const asked = await single(reader, {
      companyIdentifier: beta.lei,
      dataType: "pcaf",
      reportingPeriods: ["2024"],
    });
    expect(asked.status).toBe(200);
    const entry = await findOwn(reader, "pcaf", "2024", beta.companyId);
    const path = `/community/requests/${entry.dataRequestId}`;
    const edited = await call<Stored>(platform, "PATCH", path, {
      auth: reader,
      body: { contacts: ["ir@beta.example"], message: "Any news?", notifyMeImmediately: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      notifyMeImmediately: true,
      messageHistory: [{ contacts: ["ir@beta.example"], message: "Any news?" }],
    });
    expect(
      (await call(platform, "PATCH", path, { auth: reader, body: { message: "no contacts" } })).status,
    ).toBe(400);
    expect(
      (await call(platform, "PATCH", path, { auth: reader, body: { contacts: ["not an address"] } })).status,
    ).toBe(400);
    expect(
      (await call(platform, "PATCH", path, { auth: other, body: { notifyMeImmediately: false } })).status,
    ).toBe(403);
    expect(
      (await call(platform, "PATCH", path, { auth: reader, body: { requestStatus: "Answered" } })).status,
    ).toBe(403);
    expect(
      (await call(platform, "PATCH", path, { auth: reader, body: { requestStatus: "Closed" } })).status,
    ).toBe(400);
  });

  it("refuses bad single requests", async () => {
    expect(
      (await single(reader, { companyIdentifier: "NOPE", dataType: "sfdr", reportingPeriods: ["2024"] }))
        .status,
    ).toBe(400);
    expect(
      (await single(reader, { companyIdentifier: acme.lei, dataType: "esg", reportingPeriods: ["2024"] }))
        .status,
    ).toBe(400);
    expect(
      (await single(reader, { companyIdentifier: acme.lei, dataType: "sfdr", reportingPeriods: [] })).status,
    ).toBe(400);
    expect(
      (await single(reader, { companyIdentifier: acme.lei, dataType: "sfdr", reportingPeriods: ["FY24"] }))
        .status,
    ).toBe(400);
    expect(
      (
        await single(reader, {
          companyIdentifier: acme.lei,
          dataType: "sfdr",
          reportingPeriods: ["2021"],
          contacts: ["x@"],
        })
      ).status,
    ).toBe(400);
    expect((await call(platform, "POST", "/community/requests/single", { body: {} })).status).toBe(401);
  });

  it("lets admins ask in another user's name, and nobody else", async () => {
    const forOther = await single(
      admin,
      { companyIdentifier: beta.lei, dataType: "sfdr", reportingPeriods: ["2020"] },
      `?userId=${other.userId}`,
    );
    expect(forOther.status).toBe(200);
    expect((await findOwn(other, "sfdr", "2020", beta.companyId)).userId).toBe(other.userId);
    expect(
      (
        await single(
          reader,
          { companyIdentifier: beta.lei, dataType: "sfdr", reportingPeriods: ["2020"] },
          `?userId=${other.userId}`,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await single(
          admin,
          { companyIdentifier: beta.lei, dataType: "sfdr", reportingPeriods: ["2020"] },
          "?userId=6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10",
        )
      ).status,
    ).toBe(400);
  });

  it("counts a company named by both its LEI and its ISIN once in a bulk request", async () => {
    const delta = await company(platform, { name: "Delta Wind AG", isin: "DE000DLT0001" });
    const bulk = await call<{
      acceptedDataRequests: Record<string, string>[];
      alreadyExistingRequests: unknown[];
    }>(platform, "POST", "/community/requests/bulk", {
      auth: other,
      body: {
        companyIdentifiers: [delta.lei, "DE000DLT0001"],
        dataTypes: ["sfdr"],
        reportingPeriods: ["2022"],
        notifyMeImmediately: false,
      },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.acceptedDataRequests).toHaveLength(1);
    expect(bulk.body.acceptedDataRequests[0]?.userProvidedIdentifier).toBe(delta.lei);
    expect(bulk.body.alreadyExistingRequests).toHaveLength(0);
  });

  it("sorts bulk input into accepted, already requested, already available and rejected", async () => {
    const gamma = await company(platform, { name: "Gamma Solar BV" });
    await storeActiveDataset(platform, {
      companyId: gamma.companyId,
      dataType: "sfdr",
      reportingPeriod: "2024",
    });
    await platform.background.settle();
    await single(other, {
      companyIdentifier: gamma.lei,
      dataType: "eutaxonomy-financials",
      reportingPeriods: ["2024"],
    });
    const bulk = await call<{
      acceptedDataRequests: Record<string, string>[];
      alreadyExistingRequests: Record<string, string>[];
      alreadyExistingDatasets: Record<string, string>[];
      rejectedCompanyIdentifiers: string[];
    }>(platform, "POST", "/community/requests/bulk", {
      auth: other,
      body: {
        companyIdentifiers: [gamma.lei, gamma.companyId, "UNKNOWN-ID", " ", "XS9999999999"],
        dataTypes: ["sfdr", "eutaxonomy-financials"],
        reportingPeriods: ["2024"],
        notifyMeImmediately: false,
      },
    });
    expect(bulk.status).toBe(200);
    const body = bulk.body;
    expect(body.rejectedCompanyIdentifiers.sort()).toEqual(["UNKNOWN-ID", "XS9999999999"]);
    // Gamma is named by its LEI and by its id: one company, so each combination is counted once.
    expect(body.alreadyExistingDatasets).toHaveLength(1);
    expect(body.alreadyExistingDatasets[0]).toMatchObject({
      userProvidedIdentifier: gamma.lei,
      companyName: "Gamma Solar BV",
      framework: "sfdr",
      reportingPeriod: "2024",
    });
    expect(body.alreadyExistingRequests).toHaveLength(1);
    expect(body.acceptedDataRequests).toHaveLength(0);

    const fresh = await call<typeof body>(platform, "POST", "/community/requests/bulk", {
      auth: other,
      body: {
        companyIdentifiers: [beta.lei, acme.lei],
        dataTypes: ["nuclear-and-gas"],
        reportingPeriods: ["2023", "2024"],
        notifyMeImmediately: true,
      },
    });
    expect(fresh.body.acceptedDataRequests).toHaveLength(4);
    expect(fresh.body.acceptedDataRequests[0]?.resourceUrl).toContain("/requests/");
    expect(
      (
        await call(platform, "POST", "/community/requests/bulk", {
          auth: other,
          body: {
            companyIdentifiers: [],
            dataTypes: ["sfdr"],
            reportingPeriods: ["2024"],
            notifyMeImmediately: false,
          },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(platform, "POST", "/community/requests/bulk", {
          auth: other,
          body: {
            companyIdentifiers: [beta.lei],
            dataTypes: ["nope"],
            reportingPeriods: ["2024"],
            notifyMeImmediately: false,
          },
        })
      ).status,
    ).toBe(400);
  });

  it("answers unknown and malformed request ids alike with 404", async () => {
    expect(
      (
        await call(platform, "GET", "/community/requests/6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10", {
          auth: admin,
        })
      ).status,
    ).toBe(404);
    expect((await call(platform, "GET", "/community/requests/xyz", { auth: admin })).status).toBe(404);
    const someone = await findOwn(reader, "sfdr", "2023");
    expect(
      (await call(platform, "GET", `/community/requests/${someone.dataRequestId}`, { auth: other })).status,
    ).toBe(403);
    expect(
      (await call(platform, "GET", `/community/requests/${someone.dataRequestId}`, { auth: owner })).status,
    ).toBe(200);
  });
});
