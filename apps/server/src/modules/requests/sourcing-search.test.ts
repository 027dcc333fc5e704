import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "../../testing/test-platform";
import { call, company, type TestActor } from "../community/test-helpers";
import { type Sourcing, type StoredRequest, sourcingCalls, startSourcingWorld } from "./test-sourcing";

type Calls = ReturnType<typeof sourcingCalls>;

describe("data sourcing: counts, filters and pages", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let alice: TestActor;
  let bob: TestActor;
  let ask: Calls["ask"];
  let sourcingOf: Calls["sourcingOf"];
  let moveSourcing: Calls["moveSourcing"];
  let moveRequest: Calls["moveRequest"];

  beforeAll(async () => {
    const world = await startSourcingWorld();
    ({ platform, admin, alice, bob } = world);
    ({ ask, sourcingOf, moveSourcing, moveRequest } = sourcingCalls(world));
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("counts and lists requests by state, priority, framework, period and company", async () => {
    const company1 = await company(platform, { name: "Counting AG" });
    const ids: string[] = [];
    for (const period of ["2010", "2011", "2012"]) {
      const res = await ask(bob, { companyIdentifier: company1.lei, reportingPeriod: period });
      ids.push(res.body.requestId);
    }
    const lksg = await ask(bob, {
      companyIdentifier: company1.lei,
      reportingPeriod: "2010",
      dataType: "lksg",
    });
    await moveRequest(ids[0] as string, "Processing");
    await moveRequest(ids[1] as string, "Withdrawn");
    await call(
      platform,
      "PATCH",
      `/data-sourcing/requests/${lksg.body.requestId}/priority?requestPriority=High`,
      {
        auth: admin,
      },
    );
    const count = async (query: string, auth: TestActor = admin) =>
      (
        await call<number>(
          platform,
          "GET",
          `/data-sourcing/requests/count?companyId=${company1.companyId}${query}`,
          { auth },
        )
      ).body;
    expect(await count("")).toBe(4);
    expect(await count("&requestState=Open")).toBe(2);
    expect(await count("&requestState=Open&requestState=Processing")).toBe(3);
    expect(await count("&requestState=Withdrawn")).toBe(1);
    expect(await count("&requestState=Processed")).toBe(0);
    expect(await count("&dataType=lksg")).toBe(1);
    expect(await count("&reportingPeriod=2010")).toBe(2);
    expect(await count("&requestPriority=High")).toBe(1);
    expect(await count("", bob)).toBe(4);
    expect(await count("", alice)).toBe(0);
    const page = async (chunkIndex: number) =>
      (
        await call<StoredRequest[]>(
          platform,
          "GET",
          `/data-sourcing/requests?companyId=${company1.companyId}&chunkSize=3&chunkIndex=${chunkIndex}`,
          { auth: admin },
        )
      ).body;
    const first = await page(0);
    const second = await page(1);
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second].map((r) => r.id)).size).toBe(4);
    expect(first[0]?.companyName).toBe("Counting AG");
  });

  it("searches sourcing objects by company, framework, period and state, in pages", async () => {
    const company2 = await company(platform, { name: "Filtering AG" });
    for (const p of ["2015", "2016", "2017"])
      await ask(alice, { companyIdentifier: company2.lei, reportingPeriod: p });
    await ask(alice, { companyIdentifier: company2.lei, reportingPeriod: "2015", dataType: "lksg" });
    const search = async (query: string, auth: TestActor = admin) =>
      call<Sourcing[]>(
        platform,
        "GET",
        `/data-sourcing/data-sourcing?companyId=${company2.companyId}${query}`,
        { auth },
      );
    expect((await search("")).body).toHaveLength(4);
    expect((await search("&dataType=lksg")).body).toHaveLength(1);
    const p2015 = (await search("&reportingPeriod=2015&dataType=sfdr")).body;
    expect(p2015).toHaveLength(1);
    await moveSourcing(p2015[0]?.dataSourcingId as string, "DocumentSourcing");
    expect((await search("&state=DocumentSourcing")).body.map((s) => s.reportingPeriod)).toEqual(["2015"]);
    expect((await search("&state=Initialized")).body).toHaveLength(3);
    expect((await search("&chunkSize=3&chunkIndex=1")).body).toHaveLength(1);
    expect((await search("", alice)).body).toEqual([]);
    expect((await search("&state=Unknown")).status).toBe(400);
  });

  it("searches enhanced requests by e-mail address, company and sourcing state, and pages them", async () => {
    const gamma = await company(platform, { name: "Gamma Searching KG" });
    const mine = async (auth: TestActor, dataType: string, reportingPeriod: string) => {
      const asked = await ask(auth, { companyIdentifier: gamma.lei, dataType, reportingPeriod });
      expect(asked.status).toBe(200);
      return asked.body.requestId;
    };
    const aliceSfdr = await mine(alice, "sfdr", "1700");
    const bobSfdr = await mine(bob, "sfdr", "1700");
    const bobLksg = await mine(bob, "lksg", "1701");
    const started = await sourcingOf(aliceSfdr);
    expect((await moveSourcing(started.dataSourcingId, "DocumentSourcing")).status).toBe(200);
    const search = async (body: Record<string, unknown>, paging = "chunkSize=10&chunkIndex=0") => {
      const found = await call<{ id: string }[]>(
        platform,
        "POST",
        `/data-sourcing/enhanced-requests/search?${paging}`,
        { auth: admin, body },
      );
      const counted = await call<number>(platform, "POST", "/data-sourcing/enhanced-requests/search/count", {
        auth: admin,
        body,
      });
      expect(found.status).toBe(200);
      if (paging.includes("chunkIndex=0") && paging.includes("chunkSize=10"))
        expect(counted.body).toBe(found.body.length);
      return found.body.map((request) => request.id);
    };
    // Newest first; the name matches in any case, the LEI identifies the company.
    expect(await search({ companySearchString: "gAMMA search" })).toEqual([bobLksg, bobSfdr, aliceSfdr]);
    expect(await search({ companySearchString: gamma.lei })).toEqual([bobLksg, bobSfdr, aliceSfdr]);
    expect(await search({ companySearchString: "gamma", emailAddress: "DS_BOB@" })).toEqual([
      bobLksg,
      bobSfdr,
    ]);
    expect(await search({ companySearchString: "gamma", dataSourcingStates: ["DocumentSourcing"] })).toEqual([
      bobSfdr,
      aliceSfdr,
    ]);
    expect(
      await search({
        companySearchString: "gamma",
        dataSourcingStates: ["Initialized", "Done"],
        requestStates: ["Open"],
      }),
    ).toEqual([bobLksg]);
    expect(await search({ companySearchString: "gamma" }, "chunkSize=1&chunkIndex=1")).toEqual([bobSfdr]);
    expect(await search({ emailAddress: "nobody-has-this-address" })).toEqual([]);
    expect(await search({ companySearchString: "gamma", dataSourcingStates: [] })).toHaveLength(3);
  });
});
