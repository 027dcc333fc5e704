import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedInActor } from "../../platform/auth/actor";
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
import { documentsSettings, storeDocument } from "../documents/service";
import { samplePdf } from "../documents/test-files";
import { DATA_SOURCING_STATES, DATA_SOURCING_TRANSITIONS, type DataSourcingState } from "./model";

interface StoredRequest {
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

interface Sourcing {
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

interface Problem {
  errors: { message: string; httpStatus: number }[];
}

describe("data sourcing", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let alice: TestActor;
  let bob: TestActor;
  let collector: TestActor;
  let extractor: TestActor;
  let acme: { companyId: string; lei: string; name: string };
  let beta: { companyId: string; lei: string; name: string };
  let collectingCompany: { companyId: string };
  let extractingCompany: { companyId: string };
  let period = 1800;
  const nextPeriod = () => String(period++);

  beforeAll(async () => {
    platform = await startTestPlatform({ composition: compositionWithDatasets() });
    admin = await user(platform, "ds_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    alice = await user(platform, "ds_alice");
    bob = await user(platform, "ds_bob");
    collector = await user(platform, "ds_collector");
    extractor = await user(platform, "ds_extractor");
    acme = await company(platform, { name: "Acme Sourcing AG" });
    beta = await company(platform, { name: "Beta Sourcing SE" });
    collectingCompany = await company(platform, { name: "Collectors Ltd" });
    extractingCompany = await company(platform, { name: "Extractors GmbH" });
    await giveRole(platform, collectingCompany.companyId, collector.userId, "Member");
    await giveRole(platform, extractingCompany.companyId, extractor.userId, "DataUploader");
  });

  afterAll(async () => {
    await platform?.close();
  });

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

  describe("one request, two surfaces", () => {
    it("stores a request that both surfaces show alike, and creates its sourcing object", async () => {
      const asked = await ask(alice, { reportingPeriod: "2023", memberComment: "Scope 3 please." });
      expect(asked.status).toBe(200);
      const id = asked.body.requestId;
      const sourcing = await request(id, alice);
      const community = (
        await call<Record<string, unknown>>(platform, "GET", `/community/requests/${id}`, { auth: alice })
      ).body;
      expect(sourcing).toMatchObject({
        id,
        userId: alice.userId,
        companyId: acme.companyId,
        companyName: acme.name,
        dataType: "sfdr",
        reportingPeriod: "2023",
        state: "Open",
        requestPriority: "Baseline",
        memberComment: "Scope 3 please.",
      });
      expect(community).toMatchObject({
        dataRequestId: id,
        userId: alice.userId,
        datalandCompanyId: acme.companyId,
        dataType: "sfdr",
        reportingPeriod: "2023",
        requestStatus: "Open",
        requestPriority: "Baseline",
        creationTimestamp: sourcing.creationTimestamp,
        lastModifiedDate: sourcing.lastModifiedDate,
      });
      const object = await sourcingOf(id);
      expect(object).toMatchObject({
        companyId: acme.companyId,
        dataType: "sfdr",
        reportingPeriod: "2023",
        state: "Initialized",
        associatedRequestIds: [id],
        documentIds: [],
        expectedPublicationDatesOfDocuments: [],
      });

      // The same change seen through both: an admin's priority and comment.
      const patched = await call<StoredRequest>(
        platform,
        "PATCH",
        `/data-sourcing/requests/${id}/priority?requestPriority=Urgent&adminComment=Board%20asks`,
        { auth: admin },
      );
      expect(patched.body).toMatchObject({ requestPriority: "Urgent", adminComment: "Board asks" });
      const again = (
        await call<Record<string, unknown>>(platform, "GET", `/community/requests/${id}`, { auth: admin })
      ).body;
      expect(again).toMatchObject({ requestPriority: "Urgent", adminComment: "Board asks" });
    });

    it("lets a request through /community join the same sourcing object", async () => {
      const first = await ask(alice, { reportingPeriod: "2022" });
      const res = await call<Record<string, unknown>>(platform, "POST", "/community/requests/single", {
        auth: bob,
        body: {
          companyIdentifier: acme.lei,
          dataType: "sfdr",
          reportingPeriods: ["2022"],
          notifyMeImmediately: false,
        },
      });
      expect(res.status).toBe(200);
      const object = await sourcingOf(first.body.requestId);
      expect(object.associatedRequestIds).toHaveLength(2);
      const bobs = (
        await call<StoredRequest[]>(platform, "GET", "/data-sourcing/requests?reportingPeriod=2022", {
          auth: bob,
        })
      ).body;
      expect(bobs).toHaveLength(1);
      expect(bobs[0]?.dataSourcingEntityId).toBe(object.dataSourcingId);
    });

    it("refuses a second open request for the same data, an unknown company and an unknown framework", async () => {
      const p = nextPeriod();
      expect((await ask(alice, { reportingPeriod: p })).status).toBe(200);
      const duplicate = await ask(alice, { reportingPeriod: p });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.errors[0]?.message).toMatch(/open request for this data already/);
      expect((await ask(alice, { reportingPeriod: p, companyIdentifier: "NOPE" })).status).toBe(400);
      expect((await ask(alice, { reportingPeriod: p, dataType: "gri" })).status).toBe(400);
      expect((await ask(alice, { reportingPeriod: "20x4" })).status).toBe(400);
    });

    it("asks in another user's name only for admins", async () => {
      const p = nextPeriod();
      expect((await ask(alice, { reportingPeriod: p }, `?userId=${bob.userId}`)).status).toBe(403);
      const asked = await ask(admin, { reportingPeriod: p }, `?userId=${bob.userId}`);
      expect(asked.status).toBe(200);
      expect((await request(asked.body.requestId)).userId).toBe(bob.userId);
      expect((await ask(admin, { reportingPeriod: p }, "?userId=not-a-user")).status).toBe(400);
    });

    it("sorts a bulk request into its groups", async () => {
      const p = nextPeriod();
      await storeActiveDataset(platform, { companyId: beta.companyId, dataType: "lksg", reportingPeriod: p });
      await platform.background.settle();
      await ask(bob, { reportingPeriod: p, dataType: "sfdr" });
      const res = await call<Record<string, { companyId: string; dataType: string }[]>>(
        platform,
        "POST",
        "/data-sourcing/requests/bulk",
        {
          auth: bob,
          body: {
            companyIdentifiers: [acme.lei, beta.companyId, "UNKNOWN1"],
            dataTypes: ["sfdr", "lksg"],
            reportingPeriods: [p],
          },
        },
      );
      expect(res.status).toBe(200);
      const dims = (group: string) =>
        (res.body[group] ?? []).map((d) => `${d.companyId}/${d.dataType}`).sort();
      expect(dims("acceptedDataRequests")).toEqual(
        [`${acme.companyId}/lksg`, `${beta.companyId}/sfdr`].sort(),
      );
      expect(dims("existingDataRequests")).toEqual([`${acme.companyId}/sfdr`]);
      expect(dims("existingDataSets")).toEqual([`${beta.companyId}/lksg`]);
      expect(dims("invalidDataRequests")).toEqual(["UNKNOWN1/lksg", "UNKNOWN1/sfdr"]);
      expect(res.body.nonSourceableDataRequests).toEqual([]);
      const unknownFramework = await call(platform, "POST", "/data-sourcing/requests/bulk", {
        auth: bob,
        body: { companyIdentifiers: [acme.lei], dataTypes: ["nope"], reportingPeriods: [p] },
      });
      expect(unknownFramework.status).toBe(400);
    });
  });

  describe("the request state machine", () => {
    const ALLOWED = new Set([
      "Open>Processing",
      "Processing>Processed",
      "Open>Withdrawn",
      "Processing>Withdrawn",
    ]);
    const PATHS: Record<string, string[]> = {
      Open: [],
      Processing: ["Processing"],
      Processed: ["Processing", "Processed"],
      Withdrawn: ["Withdrawn"],
    };
    const requestIn = async (state: string) => {
      const asked = await ask(alice, { reportingPeriod: nextPeriod(), companyIdentifier: beta.lei });
      for (const step of PATHS[state] ?? [])
        expect((await moveRequest(asked.body.requestId, step)).status).toBe(200);
      return asked.body.requestId;
    };

    for (const from of Object.keys(PATHS))
      for (const to of Object.keys(PATHS)) {
        if (from === to) continue;
        const allowed = ALLOWED.has(`${from}>${to}`);
        it(`${from} → ${to} is ${allowed ? "allowed" : "refused with the allowed moves named"}`, async () => {
          const id = await requestIn(from);
          const res = await moveRequest(id, to);
          if (allowed) {
            expect(res.status).toBe(200);
            expect(res.body.state).toBe(to);
          } else {
            expect(res.status).toBe(400);
            const named = [...ALLOWED].filter((t) => t.startsWith(`${from}>`)).map((t) => t.split(">")[1]);
            expect(res.body.errors[0]?.message).toContain(
              `allowed from ${from}: ${named.join(", ") || "none"}`,
            );
            expect((await request(id)).state).toBe(from);
          }
        });
      }

    it("lets the requester withdraw, and nothing else", async () => {
      const id = await requestIn("Open");
      expect((await moveRequest(id, "Processing", alice)).status).toBe(403);
      expect((await moveRequest(id, "Withdrawn", bob)).status).toBe(403);
      expect((await moveRequest(id, "Withdrawn", alice, "no longer needed")).status).toBe(403);
      const withdrawn = await moveRequest(id, "Withdrawn", alice);
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.state).toBe("Withdrawn");
      const community = await call<{ requestStatus: string }>(platform, "GET", `/community/requests/${id}`, {
        auth: alice,
      });
      expect(community.body.requestStatus).toBe("Withdrawn");
    });

    it("keeps who, when, from, to and why in the history", async () => {
      const id = await requestIn("Open");
      await moveRequest(id, "Processing", admin, "Sourcing started");
      await moveRequest(id, "Processed", admin, "Data found");
      const history = await call<Record<string, unknown>[]>(
        platform,
        "GET",
        `/data-sourcing/requests/${id}/history`,
        {
          auth: alice,
        },
      );
      expect(history.status).toBe(200);
      expect(history.body.map((e) => e.requestState)).toEqual(["Open", "Processing", "Processed"]);
      expect(history.body[0]).toMatchObject({ displayedState: "Open", changedByUserId: alice.userId });
      expect(history.body[1]).toMatchObject({
        displayedState: "Validated",
        previousRequestState: "Open",
        changedByUserId: admin.userId,
        comment: "Sourcing started",
      });
      expect(history.body[2]).toMatchObject({
        displayedState: "Done",
        previousRequestState: "Processing",
        comment: "Data found",
      });
      for (const entry of history.body) expect(typeof entry.modificationDate).toBe("number");
      const extended = await call<Record<string, unknown>[]>(
        platform,
        "GET",
        `/data-sourcing/requests/${id}/extended-history`,
        { auth: admin },
      );
      expect(extended.body.at(-1)).toMatchObject({ requestState: "Processed", adminComment: "Data found" });
      expect(
        (await call(platform, "GET", `/data-sourcing/requests/${id}/history`, { auth: bob })).status,
      ).toBe(403);
    });
  });

  describe("the sourcing state machine", () => {
    const allowedFrom = (from: DataSourcingState) =>
      DATA_SOURCING_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);

    for (const from of DATA_SOURCING_STATES) {
      it(`from ${from}: refuses every move not in the table, naming the allowed ones`, async () => {
        const { dataSourcingId } = await sourcingIn(from);
        const allowed = allowedFrom(from);
        for (const to of DATA_SOURCING_STATES) {
          if (to === from || allowed.includes(to)) continue;
          const res = await moveSourcing(dataSourcingId, to);
          expect(res.status, `${from} → ${to}`).toBe(400);
          expect(res.body.errors[0]?.message).toContain(
            `allowed from ${from}: ${allowed.join(", ") || "none"}`,
          );
        }
        const after = await call<Sourcing>(
          platform,
          "GET",
          `/data-sourcing/data-sourcing/${dataSourcingId}`,
          {
            auth: admin,
          },
        );
        expect(after.body.state).toBe(from);
      });
      for (const to of allowedFrom(from)) {
        it(`${from} → ${to} is allowed`, async () => {
          const { dataSourcingId } = await sourcingIn(from);
          const res = await moveSourcing(dataSourcingId, to, admin, `to ${to}`);
          expect(res.status).toBe(200);
          expect(res.body.state).toBe(to);
        });
      }
    }

    it("records every change with who, when, from, to and why", async () => {
      const { dataSourcingId } = await sourcingIn("DocumentSourcing");
      await moveSourcing(dataSourcingId, "DocumentSourcingDone", admin, "Annual report found");
      await call(platform, "PATCH", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
        auth: admin,
        body: { adminComment: "Check page 12", priority: 2 },
      });
      const all = await call<Record<string, unknown>[]>(
        platform,
        "GET",
        `/data-sourcing/data-sourcing/${dataSourcingId}/history`,
        { auth: admin },
      );
      expect(all.body.map((e) => e.state)).toEqual([
        "Initialized",
        "DocumentSourcing",
        "DocumentSourcingDone",
        "DocumentSourcingDone",
      ]);
      expect(all.body[0]).toMatchObject({ changedByUserId: alice.userId });
      expect(all.body[2]).toMatchObject({
        previousState: "DocumentSourcing",
        changedByUserId: admin.userId,
        comment: "Annual report found",
      });
      expect(all.body[3]).toMatchObject({ adminComment: "Check page 12", priority: 2 });
      const changes = await call<Record<string, unknown>[]>(
        platform,
        "GET",
        `/data-sourcing/data-sourcing/${dataSourcingId}/history?stateChangesOnly=true`,
        { auth: admin },
      );
      expect(changes.body).toHaveLength(3);
    });
  });

  describe("effects on the requests", () => {
    it("makes open requests Processing when sourcing starts, and new ones too", async () => {
      const { requestId, dataSourcingId } = await sourcingIn("DocumentSourcing");
      expect((await request(requestId)).state).toBe("Processing");
      const community = await call<{ requestStatus: string }>(
        platform,
        "GET",
        `/community/requests/${requestId}`,
        {
          auth: alice,
        },
      );
      expect(community.body.requestStatus).toBe("Open");
      const object = await call<Sourcing>(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
        auth: admin,
      });
      const joined = await ask(bob, { reportingPeriod: object.body.reportingPeriod });
      expect((await request(joined.body.requestId)).state).toBe("Processing");
      const history = await call<{ displayedState: string }[]>(
        platform,
        "GET",
        `/data-sourcing/requests/${requestId}/history`,
        { auth: alice },
      );
      expect(history.body.map((e) => e.displayedState)).toEqual(["Open", "DocumentSourcing"]);
    });

    it("finishes the object and processes its requests when a dataset becomes active", async () => {
      const { requestId, dataSourcingId } = await sourcingIn("DataExtraction");
      const object = (
        await call<Sourcing>(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
          auth: admin,
        })
      ).body;
      const dataId = await storeActiveDataset(platform, object);
      await platform.background.settle();
      const after = (
        await call<Sourcing>(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
          auth: admin,
        })
      ).body;
      expect(after.state).toBe("Done");
      expect((await request(requestId)).state).toBe("Processed");
      const community = await call<{
        requestStatus: string;
        dataRequestStatusHistory: { answeringDataId?: string }[];
      }>(platform, "GET", `/community/requests/${requestId}`, { auth: alice });
      expect(community.body.requestStatus).toBe("Answered");
      expect(community.body.dataRequestStatusHistory.at(-1)?.answeringDataId).toBe(dataId);
      const history = await call<Record<string, unknown>[]>(
        platform,
        "GET",
        `/data-sourcing/data-sourcing/${dataSourcingId}/history`,
        { auth: admin },
      );
      const last = history.body.at(-1);
      expect(last).toMatchObject({ state: "Done", previousState: "DataExtraction" });
      expect(last?.changedByUserId).toBeUndefined();

      // A new request for data that is there reopens the object.
      const again = await ask(bob, {
        reportingPeriod: object.reportingPeriod,
        memberComment: "Scope 3 is missing",
      });
      expect(again.status).toBe(200);
      const reopened = await sourcingOf(again.body.requestId);
      expect(reopened.state).toBe("Initialized");
      expect(reopened.associatedRequestIds).toContain(requestId);
    });

    it("records non-sourceability in the datasets module and ends the requests as such", async () => {
      const { requestId, dataSourcingId } = await sourcingIn("NonSourceableVerification");
      const object = (
        await call<Sourcing>(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
          auth: admin,
        })
      ).body;
      const res = await moveSourcing(dataSourcingId, "NonSourceable", admin, "No report published");
      expect(res.status).toBe(200);
      expect((await request(requestId)).state).toBe("Processed");
      const community = await call<{ requestStatus: string }>(
        platform,
        "GET",
        `/community/requests/${requestId}`,
        {
          auth: alice,
        },
      );
      expect(community.body.requestStatus).toBe("NonSourceable");
      const head = await platform.request(
        `/api/metadata/nonSourceable/${object.companyId}/${object.dataType}/${object.reportingPeriod}`,
        { method: "HEAD", headers: { authorization: alice.authorization } },
      );
      expect(head.status).toBe(200);
      await platform.background.settle();
      const after = (
        await call<Sourcing>(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
          auth: admin,
        })
      ).body;
      expect(after.state).toBe("NonSourceable");
      const history = await call<{ displayedState: string }[]>(
        platform,
        "GET",
        `/data-sourcing/requests/${requestId}/history`,
        { auth: alice },
      );
      expect(history.body.map((e) => e.displayedState)).toEqual([
        "Open",
        "NonSourceableVerification",
        "NonSourceable",
      ]);

      // A bulk request skips it; a single request reopens it.
      const bulk = await call<{ nonSourceableDataRequests: unknown[] }>(
        platform,
        "POST",
        "/data-sourcing/requests/bulk",
        {
          auth: bob,
          body: {
            companyIdentifiers: [acme.lei],
            dataTypes: ["sfdr"],
            reportingPeriods: [object.reportingPeriod],
          },
        },
      );
      expect(bulk.body.nonSourceableDataRequests).toHaveLength(1);
    });

    it("follows non-sourceability recorded through the datasets API", async () => {
      const { requestId, dataSourcingId } = await sourcingIn("DocumentSourcing");
      const object = (
        await call<Sourcing>(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
          auth: admin,
        })
      ).body;
      const marked = await call(platform, "POST", "/api/metadata/nonSourceable?bypassQa=true", {
        auth: admin,
        body: {
          companyId: object.companyId,
          dataType: object.dataType,
          reportingPeriod: object.reportingPeriod,
          reason: "Company stopped reporting",
        },
      });
      expect(marked.status).toBeLessThan(300);
      await platform.background.settle();
      const after = (
        await call<Sourcing>(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
          auth: admin,
        })
      ).body;
      expect(after.state).toBe("NonSourceable");
      expect((await request(requestId)).state).toBe("Processed");
    });
  });

  describe("counts, filters and pages", () => {
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
  });

  describe("permissions", () => {
    it("needs a signed-in user everywhere", async () => {
      for (const [method, path] of [
        ["GET", "/data-sourcing/requests"],
        ["GET", "/data-sourcing/requests/count"],
        ["POST", "/data-sourcing/requests"],
        ["GET", "/data-sourcing/data-sourcing"],
      ] as const)
        expect((await call(platform, method, path, {})).status).toBe(401);
    });

    it("shows users their own requests only and keeps admin operations for admins", async () => {
      const asked = await ask(alice, { reportingPeriod: nextPeriod() });
      const id = asked.body.requestId;
      expect((await call(platform, "GET", `/data-sourcing/requests/${id}`, { auth: bob })).status).toBe(403);
      expect((await call(platform, "GET", `/data-sourcing/requests/${id}`, { auth: alice })).status).toBe(
        200,
      );
      expect((await call(platform, "GET", `/data-sourcing/requests/${id}`, { auth: admin })).status).toBe(
        200,
      );
      expect(
        (
          await call(platform, "PATCH", `/data-sourcing/requests/${id}/priority?requestPriority=High`, {
            auth: alice,
          })
        ).status,
      ).toBe(403);
      const bobsView = (
        await call<StoredRequest[]>(platform, "GET", `/data-sourcing/requests?userId=${alice.userId}`, {
          auth: bob,
        })
      ).body;
      expect(bobsView).toEqual([]);
      const own = (
        await call<StoredRequest[]>(platform, "GET", "/data-sourcing/requests?chunkSize=1000", {
          auth: alice,
        })
      ).body;
      expect(own.every((r) => r.userId === alice.userId)).toBe(true);
      expect(
        (
          await call(platform, "GET", "/data-sourcing/requests/00000000-0000-4000-8000-000000000000", {
            auth: admin,
          })
        ).status,
      ).toBe(404);
      const object = await sourcingOf(id);
      expect(
        (
          await call(platform, "GET", `/data-sourcing/data-sourcing/${object.dataSourcingId}`, {
            auth: alice,
          })
        ).status,
      ).toBe(403);
      expect((await moveSourcing(object.dataSourcingId, "DocumentSourcing", alice)).status).toBe(403);
      expect(
        (
          await call(platform, "PATCH", `/data-sourcing/data-sourcing/${object.dataSourcingId}`, {
            auth: alice,
            body: { priority: 1 },
          })
        ).status,
      ).toBe(403);
      expect(
        (await call(platform, "POST", "/data-sourcing/enhanced-requests/search", { auth: alice, body: {} }))
          .status,
      ).toBe(403);
      const enhanced = await call<{ id: string; dataSourcingDetails?: { dataSourcingState: string } }[]>(
        platform,
        "GET",
        "/data-sourcing/enhanced-requests",
        { auth: alice },
      );
      expect(enhanced.body.find((r) => r.id === id)?.dataSourcingDetails?.dataSourcingState).toBe(
        "Initialized",
      );
      expect(
        (await call(platform, "GET", "/data-sourcing/data-sourcing/not-an-id", { auth: admin })).status,
      ).toBe(404);
    });

    it("lets the document collector and the data extractor do their part, and only that", async () => {
      const { dataSourcingId } = await sourcingIn("DocumentSourcing");
      const assigned = await call<Sourcing>(
        platform,
        "PATCH",
        `/data-sourcing/data-sourcing/${dataSourcingId}`,
        {
          auth: admin,
          body: {
            documentCollector: collectingCompany.companyId,
            dataExtractor: extractingCompany.companyId,
            priority: 3,
            dateOfNextDocumentSourcingAttempt: "2030-01-31",
            expectedPublicationDatesOfDocuments: [
              { documentCategory: "AnnualReport", expectedPublicationDate: "2030-03-01" },
            ],
          },
        },
      );
      expect(assigned.status).toBe(200);
      expect(assigned.body).toMatchObject({ documentCollector: collectingCompany.companyId, priority: 3 });
      const bad = await call(platform, "PATCH", `/data-sourcing/data-sourcing/${dataSourcingId}`, {
        auth: admin,
        body: { documentCollector: "00000000-0000-4000-8000-000000000000" },
      });
      expect(bad.status).toBe(400);

      // Both providers see it; a user of neither does not.
      for (const who of [collector, extractor])
        expect(
          (await call(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}`, { auth: who }))
            .status,
        ).toBe(200);
      const listed = await call<Sourcing[]>(platform, "GET", "/data-sourcing/data-sourcing", {
        auth: collector,
      });
      expect(listed.body.map((s) => s.dataSourcingId)).toEqual([dataSourcingId]);
      const provider = await call<Sourcing[]>(
        platform,
        "GET",
        `/data-sourcing/data-sourcing/provider/${collectingCompany.companyId}`,
        { auth: collector },
      );
      expect(provider.body.map((s) => s.dataSourcingId)).toEqual([dataSourcingId]);
      expect(
        (
          await call(
            platform,
            "GET",
            `/data-sourcing/data-sourcing/provider/${collectingCompany.companyId}`,
            { auth: extractor },
          )
        ).status,
      ).toBe(403);

      // Documents: the collector attaches stored documents; the extractor may not.
      const uploader: SignedInActor = {
        kind: "user",
        userId: admin.userId,
        username: "ds_admin",
        email: undefined,
        name: "ds_admin",
        roles: new Set(["ROLE_USER", "ROLE_ADMIN"]),
        via: "token",
      };
      const stored = await storeDocument(
        platform.database.db,
        uploader,
        (async function* () {
          yield samplePdf("Sourcing test report");
        })(),
        {
          documentName: "Sourcing_test_report",
          documentCategory: "AnnualReport",
          companyIds: [acme.companyId],
        },
        documentsSettings(platform.database),
      );
      const documentId = stored.document.documentId;
      const docs = (auth: TestActor, ids: string[], append = true) =>
        call<Sourcing>(
          platform,
          "PATCH",
          `/data-sourcing/data-sourcing/${dataSourcingId}/documents?appendDocuments=${append}`,
          {
            auth,
            body: ids,
          },
        );
      expect((await docs(extractor, [documentId])).status).toBe(403);
      expect((await docs(collector, ["f".repeat(64)])).status).toBe(400);
      const attached = await docs(collector, [documentId]);
      expect(attached.status).toBe(200);
      expect(attached.body.documentIds).toEqual([documentId]);
      expect((await docs(collector, [])).body.documentIds).toEqual([documentId]);
      expect((await docs(admin, [], false)).body.documentIds).toEqual([]);
      const planned = await call<Sourcing & { dateOfNextDocumentSourcingAttempt?: string }>(
        platform,
        "PATCH",
        `/data-sourcing/data-sourcing/${dataSourcingId}/document-sourcing-attempt?dateOfNextDocumentSourcingAttempt=2031-02-01`,
        { auth: collector },
      );
      expect(planned.body.dateOfNextDocumentSourcingAttempt).toBe("2031-02-01");

      // States: each provider makes its own move only.
      expect((await moveSourcing(dataSourcingId, "DocumentSourcingDone", extractor)).status).toBe(403);
      expect((await moveSourcing(dataSourcingId, "DocumentSourcingDone", collector)).status).toBe(200);
      expect((await moveSourcing(dataSourcingId, "DataExtraction", collector)).status).toBe(403);
      expect((await moveSourcing(dataSourcingId, "DataExtraction", admin)).status).toBe(200);
      expect((await moveSourcing(dataSourcingId, "DataVerification", collector)).status).toBe(403);
      expect((await moveSourcing(dataSourcingId, "DataVerification", extractor)).status).toBe(200);
      expect((await moveSourcing(dataSourcingId, "Done", extractor)).status).toBe(403);
      expect((await moveSourcing(dataSourcingId, "NonSourceable", extractor)).status).toBe(400);
      expect(
        (
          await call(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}/history`, {
            auth: collector,
          })
        ).status,
      ).toBe(200);
      expect(
        (await call(platform, "GET", `/data-sourcing/data-sourcing/${dataSourcingId}/history`, { auth: bob }))
          .status,
      ).toBe(403);
      const priorities = await call<{ priority?: number }[]>(
        platform,
        "POST",
        "/data-sourcing/data-sourcing/priorities",
        {
          auth: bob,
          body: [
            {
              companyId: assigned.body.companyId,
              dataType: "sfdr",
              reportingPeriod: assigned.body.reportingPeriod,
            },
          ],
        },
      );
      expect(priorities.body).toHaveLength(1);
      expect(priorities.body[0]?.priority).toBeUndefined();
    });
  });
});
