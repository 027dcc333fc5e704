import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestActor } from "../community/test-helpers";
import {
  differencesFromExpected,
  everyoneSignedIn,
  type Matrix,
  type Operation,
  startMatrix,
} from "../community/test-matrix";
import { requestsDb } from "./store";

/** The request operations of /community as every kind of user (company roles: community/permissions.test.ts). */
describe("who may call which request operation of /community", () => {
  let matrix: Matrix;
  let publicRequestId: string;
  let privateRequestId: string;

  beforeAll(async () => {
    matrix = await startMatrix();
    const { platform, actors, lei } = matrix;
    const requester = actors.requester as TestActor;
    for (const dataType of ["sfdr", "vsme"]) {
      const asked = await call(platform, "POST", "/community/requests/single", {
        auth: requester,
        body: { companyIdentifier: lei, dataType, reportingPeriods: ["2024"], notifyMeImmediately: false },
      });
      expect(asked.status).toBe(200);
    }
    const own = await call<{ dataRequestId: string; dataType: string }[]>(
      platform,
      "GET",
      "/community/requests/user",
      { auth: requester },
    );
    publicRequestId = own.body.find((entry) => entry.dataType === "sfdr")?.dataRequestId as string;
    privateRequestId = own.body.find((entry) => entry.dataType === "vsme")?.dataRequestId as string;
  });

  afterAll(async () => {
    await matrix?.platform.close();
  });

  const resetRequest = (id: string, values: Record<string, string>) => async () => {
    await requestsDb(matrix.platform.database.db)
      .updateTable("community_data_request")
      .set(values as never)
      .where("id", "=", id)
      .execute();
  };

  const operations = (): Operation[] => {
    const { actors, companyId, lei, status } = matrix;
    return [
      {
        name: "POST single request",
        run: (auth) =>
          status("POST", "/community/requests/single", auth, {
            companyIdentifier: lei,
            dataType: "lksg",
            reportingPeriods: ["2023"],
            notifyMeImmediately: false,
          }),
        expected: everyoneSignedIn(200),
      },
      {
        name: "POST bulk request",
        run: (auth) =>
          status("POST", "/community/requests/bulk", auth, {
            companyIdentifiers: [lei],
            dataTypes: ["pcaf"],
            reportingPeriods: ["2023"],
            notifyMeImmediately: false,
          }),
        expected: everyoneSignedIn(200),
      },
      {
        name: "GET one request",
        run: (auth) => status("GET", `/community/requests/${publicRequestId}`, auth),
        expected: {
          anonymous: 401,
          stranger: 403,
          requester: 200,
          member: 403,
          memberAdmin: 403,
          owner: 200,
          admin: 200,
        },
      },
      {
        name: "GET requests",
        run: (auth) => status("GET", "/community/requests", auth),
        expected: everyoneSignedIn(200),
      },
      {
        name: "GET own requests",
        run: (auth) => status("GET", "/community/requests/user", auth),
        expected: everyoneSignedIn(200),
      },
      {
        name: "GET number of requests",
        run: (auth) => status("GET", "/community/requests/numberOfRequests", auth),
        expected: everyoneSignedIn(200),
      },
      {
        name: "GET aggregated requests",
        run: (auth) => status("GET", "/community/requests/aggregated", auth),
        expected: everyoneSignedIn(200),
      },
      {
        name: "PATCH access to private data",
        reset: resetRequest(privateRequestId, { access_status: "Pending" }),
        run: (auth) =>
          status("PATCH", `/community/requests/${privateRequestId}`, auth, { accessStatus: "Granted" }),
        expected: {
          anonymous: 401,
          stranger: 403,
          requester: 403,
          member: 403,
          memberAdmin: 403,
          owner: 200,
          admin: 200,
        },
      },
      {
        name: "PATCH withdraw",
        reset: resetRequest(publicRequestId, { state: "Open" }),
        run: (auth) =>
          status("PATCH", `/community/requests/${publicRequestId}`, auth, { requestStatus: "Withdrawn" }),
        expected: {
          anonymous: 401,
          stranger: 403,
          requester: 200,
          member: 403,
          memberAdmin: 403,
          owner: 403,
          admin: 200,
        },
      },
      {
        name: "PATCH priority",
        run: (auth) =>
          status("PATCH", `/community/requests/${publicRequestId}`, auth, { requestPriority: "High" }),
        expected: {
          anonymous: 401,
          stranger: 403,
          requester: 403,
          member: 403,
          memberAdmin: 403,
          owner: 403,
          admin: 200,
        },
      },
      {
        name: "HEAD dataset access",
        run: (auth) =>
          status(
            "HEAD",
            `/community/requests/dataset-access/${companyId}/vsme/2024/${actors.requester?.userId}`,
            auth,
          ),
        reset: resetRequest(privateRequestId, { access_status: "Pending" }),
        expected: {
          anonymous: 401,
          stranger: 403,
          requester: 404,
          member: 403,
          memberAdmin: 403,
          owner: 404,
          admin: 404,
        },
      },
    ];
  };

  it("answers every operation as the rules say, for every kind of user", async () => {
    expect(await differencesFromExpected(matrix, operations())).toEqual([]);
  });
});
