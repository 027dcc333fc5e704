import { describe, expect, it } from "vitest";
import {
  DATA_SOURCING_STATES,
  DATA_SOURCING_TRANSITIONS,
  displayedState,
  judgeTransition,
  REQUEST_STATES,
  REQUEST_TRANSITIONS,
  systemTargetOnActivation,
  systemTargetOnNewRequest,
  systemTargetOnNonSourceable,
} from "./model";

describe("the request state machine", () => {
  const allowed = new Set([
    "Open>Processing",
    "Processing>Processed",
    "Open>Withdrawn",
    "Processing>Withdrawn",
  ]);
  for (const from of REQUEST_STATES)
    for (const to of REQUEST_STATES) {
      if (from === to) continue;
      it(`${from} → ${to} is ${allowed.has(`${from}>${to}`) ? "allowed" : "refused"} for admins`, () => {
        expect(judgeTransition(REQUEST_TRANSITIONS, from, to, ["admin"]).ok).toBe(
          allowed.has(`${from}>${to}`),
        );
      });
    }

  it("lets the requester only withdraw", () => {
    expect(judgeTransition(REQUEST_TRANSITIONS, "Open", "Withdrawn", ["requester"]).ok).toBe(true);
    expect(judgeTransition(REQUEST_TRANSITIONS, "Processing", "Withdrawn", ["requester"]).ok).toBe(true);
    expect(judgeTransition(REQUEST_TRANSITIONS, "Open", "Processing", ["requester"])).toEqual({
      ok: false,
      reason: "notYours",
      allowed: ["Withdrawn"],
    });
    expect(judgeTransition(REQUEST_TRANSITIONS, "Processed", "Open", ["requester"])).toEqual({
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
