import { describe, expect, it } from "vitest";
import {
  COMMUNITY_STATUSES,
  fromCommunityStatus,
  fromSourcingState,
  REQUEST_STATES,
  SOURCING_STATES,
  statesOfCommunityStatus,
  statesOfSourcingState,
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
