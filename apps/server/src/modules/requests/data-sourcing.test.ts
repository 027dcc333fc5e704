import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedInActor } from "../../platform/auth/actor";
import type { TestPlatform } from "../../testing/test-platform";
import { call, storeActiveDataset, type TestActor } from "../community/test-helpers";
import { documentsSettings } from "../documents/service";
import { samplePdf } from "../documents/test-files";
import { storeDocument } from "../documents/upload";
import {
  type Sourcing,
  type SourcingWorld,
  type StoredRequest,
  sourcingCalls,
  startSourcingWorld,
} from "./test-sourcing";

type Calls = ReturnType<typeof sourcingCalls>;

describe("data sourcing: requests on both surfaces, counts and permissions", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let alice: TestActor;
  let bob: TestActor;
  let collector: TestActor;
  let extractor: TestActor;
  let acme: SourcingWorld["acme"];
  let beta: SourcingWorld["beta"];
  let collectingCompany: SourcingWorld["collectingCompany"];
  let extractingCompany: SourcingWorld["extractingCompany"];
  let nextPeriod: Calls["nextPeriod"];
  let ask: Calls["ask"];
  let request: Calls["request"];
  let sourcingOf: Calls["sourcingOf"];
  let moveSourcing: Calls["moveSourcing"];
  let moveRequest: Calls["moveRequest"];
  let sourcingIn: Calls["sourcingIn"];

  beforeAll(async () => {
    const world = await startSourcingWorld();
    ({ platform, admin, alice, bob, collector, extractor, acme, beta, collectingCompany, extractingCompany } =
      world);
    ({ nextPeriod, ask, request, sourcingOf, moveSourcing, moveRequest, sourcingIn } = sourcingCalls(world));
  });

  afterAll(async () => {
    await platform?.close();
  });

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
            // Acme named twice (LEI and id) counts once.
            companyIdentifiers: [acme.lei, beta.companyId, "UNKNOWN1", acme.companyId],
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
        documentsSettings(platform.context),
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
