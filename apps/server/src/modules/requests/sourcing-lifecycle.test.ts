import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "../../testing/test-platform";
import { call, storeActiveDataset, type TestActor } from "../community/test-helpers";
import { DATA_SOURCING_STATES, DATA_SOURCING_TRANSITIONS, type DataSourcingState } from "./model";
import { type Sourcing, type SourcingWorld, sourcingCalls, startSourcingWorld } from "./test-sourcing";

type Calls = ReturnType<typeof sourcingCalls>;

describe("data sourcing: the sourcing life cycle and what it does to the requests", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let alice: TestActor;
  let bob: TestActor;
  let acme: SourcingWorld["acme"];
  let ask: Calls["ask"];
  let request: Calls["request"];
  let sourcingOf: Calls["sourcingOf"];
  let moveSourcing: Calls["moveSourcing"];
  let sourcingIn: Calls["sourcingIn"];

  beforeAll(async () => {
    const world = await startSourcingWorld();
    ({ platform, admin, alice, bob, acme } = world);
    ({ ask, request, sourcingOf, moveSourcing, sourcingIn } = sourcingCalls(world));
  });

  afterAll(async () => {
    await platform?.close();
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
});
