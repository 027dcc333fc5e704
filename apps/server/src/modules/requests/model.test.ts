import { describe, expect, it } from "vitest";
import {
  ACCESS_TRANSITIONS,
  allowedTargets,
  COMMUNITY_STATUSES,
  DATA_SOURCING_STATES,
  DATA_SOURCING_TRANSITIONS,
  displayedState,
  fromCommunityStatus,
  fromSourcingState,
  judgeTransition,
  REQUEST_STATES,
  REQUEST_TRANSITIONS,
  requesterStatusTargets,
  SOURCING_REQUEST_TRANSITIONS,
  SOURCING_STATES,
  statesOfCommunityStatus,
  statesOfSourcingState,
  systemTargetOnActivation,
  systemTargetOnNewRequest,
  systemTargetOnNonSourceable,
  toCommunityStatus,
  toSourcingState,
} from "./model";

describe("the one request model and its two vocabularies", () => {
  it("maps every stored state onto both vocabularies", () => {
    expect(REQUEST_STATES.map((state) => [state, toCommunityStatus(state), toSourcingState(state)])).toEqual([
      ["Open", "Open", "Open"],
      ["Processing", "Open", "Processing"],
      ["Answered", "Answered", "Processed"],
      ["Resolved", "Resolved", "Processed"],
      ["Closed", "Closed", "Processed"],
      ["Withdrawn", "Withdrawn", "Withdrawn"],
      ["NonSourceable", "NonSourceable", "Processed"],
    ]);
  });

  it("filters by a status exactly the stored states that show as that status", () => {
    for (const status of COMMUNITY_STATUSES)
      expect(REQUEST_STATES.filter((state) => toCommunityStatus(state) === status)).toEqual(
        statesOfCommunityStatus(status),
      );
    for (const state of SOURCING_STATES)
      expect(REQUEST_STATES.filter((stored) => toSourcingState(stored) === state)).toEqual(
        statesOfSourcingState(state),
      );
  });

  it("reads back what was written through either vocabulary", () => {
    for (const current of REQUEST_STATES) {
      for (const status of COMMUNITY_STATUSES)
        expect(toCommunityStatus(fromCommunityStatus(status, current))).toBe(status);
      for (const state of SOURCING_STATES)
        expect(toSourcingState(fromSourcingState(state, current))).toBe(state);
    }
    expect(fromCommunityStatus("Open", "Processing")).toBe("Processing");
    expect(fromSourcingState("Processed", "Open")).toBe("Answered");
    expect(fromSourcingState("Processed", "Resolved")).toBe("Resolved");
  });
});

describe("the one request table", () => {
  const moves = REQUEST_TRANSITIONS.map((t) => `${t.from}>${t.to}:${t.by.join("+")}`);

  it("lists every change people make to a request's state, once", () => {
    expect(moves).toEqual([
      "Open>Processing:admin",
      "Processing>Answered:admin",
      "Open>Withdrawn:admin+requester",
      "Processing>Withdrawn:admin+requester",
      "Answered>Closed:admin+requester",
      "Answered>Resolved:admin+requester",
    ]);
    expect(new Set(REQUEST_TRANSITIONS.map((t) => `${t.from}>${t.to}`)).size).toBe(
      REQUEST_TRANSITIONS.length,
    );
  });

  it("lets the requester withdraw a waiting request and resolve or close an answered one, nothing else", () => {
    const targets = Object.fromEntries(REQUEST_STATES.map((state) => [state, requesterStatusTargets(state)]));
    expect(targets).toEqual({
      Open: ["Withdrawn"],
      Processing: ["Withdrawn"],
      Answered: ["Closed", "Resolved"],
      Resolved: [],
      Closed: [],
      Withdrawn: [],
      NonSourceable: [],
    });
  });

  it("shows /data-sourcing the same table in its vocabulary", () => {
    expect(SOURCING_REQUEST_TRANSITIONS.map((t) => `${t.from}>${t.to}:${t.by.join("+")}`)).toEqual([
      "Open>Processing:admin",
      "Processing>Processed:admin",
      "Open>Withdrawn:admin+requester",
      "Processing>Withdrawn:admin+requester",
    ]);
  });

  it("lets the company's owners grant, decline and revoke access, never make it public", () => {
    const owner = (from: (typeof ACCESS_TRANSITIONS)[number]["from"]) =>
      allowedTargets(ACCESS_TRANSITIONS, from, ["companyOwner"]);
    expect(owner("Pending")).toEqual(["Granted", "Declined"]);
    expect(owner("Granted")).toEqual(["Revoked"]);
    expect(owner("Declined")).toEqual(["Granted"]);
    expect(owner("Revoked")).toEqual(["Granted"]);
    expect(owner("Public")).toEqual([]);
    expect(ACCESS_TRANSITIONS.some((t) => t.to === "Public")).toBe(false);
  });
});

describe("the request table as /data-sourcing shows it", () => {
  const allowed = new Set([
    "Open>Processing",
    "Processing>Processed",
    "Open>Withdrawn",
    "Processing>Withdrawn",
  ]);
  for (const from of SOURCING_STATES)
    for (const to of SOURCING_STATES) {
      if (from === to) continue;
      it(`${from} → ${to} is ${allowed.has(`${from}>${to}`) ? "allowed" : "refused"} for admins`, () => {
        expect(judgeTransition(SOURCING_REQUEST_TRANSITIONS, from, to, ["admin"]).ok).toBe(
          allowed.has(`${from}>${to}`),
        );
      });
    }

  it("lets the requester only withdraw", () => {
    expect(judgeTransition(SOURCING_REQUEST_TRANSITIONS, "Open", "Withdrawn", ["requester"]).ok).toBe(true);
    expect(judgeTransition(SOURCING_REQUEST_TRANSITIONS, "Processing", "Withdrawn", ["requester"]).ok).toBe(
      true,
    );
    expect(judgeTransition(SOURCING_REQUEST_TRANSITIONS, "Open", "Processing", ["requester"])).toEqual({
      ok: false,
      reason: "notYours",
      allowed: ["Withdrawn"],
    });
    expect(judgeTransition(SOURCING_REQUEST_TRANSITIONS, "Processed", "Open", ["requester"])).toEqual({
      ok: false,
      reason: "invalid",
      allowed: [],
    });
  });
});

describe("the sourcing state machine", () => {
  const path = [
    "Initialized",
    "DocumentSourcing",
    "DocumentSourcingDone",
    "DataExtraction",
    "DataVerification",
    "Done",
  ] as const;

  it("runs forward from Initialized to Done for admins", () => {
    path.slice(1).forEach((to, i) => {
      expect(judgeTransition(DATA_SOURCING_TRANSITIONS, path[i] ?? "Initialized", to, ["admin"]).ok).toBe(
        true,
      );
    });
  });

  it("reaches NonSourceable only through its verification", () => {
    for (const from of DATA_SOURCING_STATES) {
      const ok = judgeTransition(DATA_SOURCING_TRANSITIONS, from, "NonSourceable", ["admin"]).ok;
      expect(ok).toBe(from === "NonSourceableVerification");
    }
  });

  it("has no way out of Done and NonSourceable for people", () => {
    for (const from of ["Done", "NonSourceable"] as const)
      for (const to of DATA_SOURCING_STATES)
        expect(judgeTransition(DATA_SOURCING_TRANSITIONS, from, to, ["admin"]).ok).toBe(false);
  });

  it("names the allowed targets when refusing", () => {
    expect(judgeTransition(DATA_SOURCING_TRANSITIONS, "Initialized", "Done", ["admin"])).toEqual({
      ok: false,
      reason: "invalid",
      allowed: ["DocumentSourcing", "NonSourceableVerification"],
    });
  });

  it("gives the document collector and the data extractor one move each", () => {
    const moves = (mover: "documentCollector" | "dataExtractor") =>
      DATA_SOURCING_TRANSITIONS.filter((t) => t.by.includes(mover)).map((t) => `${t.from}>${t.to}`);
    expect(moves("documentCollector")).toEqual(["DocumentSourcing>DocumentSourcingDone"]);
    expect(moves("dataExtractor")).toEqual(["DataExtraction>DataVerification"]);
    expect(
      judgeTransition(DATA_SOURCING_TRANSITIONS, "DocumentSourcingDone", "DataExtraction", [
        "documentCollector",
      ]).ok,
    ).toBe(false);
  });

  it("lets the platform finish, end and reopen objects", () => {
    expect(systemTargetOnActivation("DataExtraction")).toBe("Done");
    expect(systemTargetOnActivation("Done")).toBeUndefined();
    expect(systemTargetOnNonSourceable("DocumentSourcing")).toBe("NonSourceable");
    expect(systemTargetOnNonSourceable("Done")).toBeUndefined();
    expect(systemTargetOnNewRequest("Done")).toBe("Initialized");
    expect(systemTargetOnNewRequest("NonSourceable")).toBe("Initialized");
    expect(systemTargetOnNewRequest("DataExtraction")).toBeUndefined();
  });
});

describe("the displayed state", () => {
  it("follows the request, and the sourcing object while the request is processed", () => {
    expect(displayedState("Open", "DataExtraction")).toBe("Open");
    expect(displayedState("Processing", "Initialized")).toBe("Validated");
    expect(displayedState("Processing", "DocumentSourcingDone")).toBe("DocumentVerification");
    expect(displayedState("Processing", "DataVerification")).toBe("DataVerification");
    expect(displayedState("Answered", "Done")).toBe("Done");
    expect(displayedState("NonSourceable", "NonSourceable")).toBe("NonSourceable");
    expect(displayedState("Withdrawn", undefined)).toBe("Withdrawn");
  });
});
