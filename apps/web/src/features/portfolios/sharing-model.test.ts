import { describe, expect, it } from "vitest";
import {
  addReader,
  addressProblem,
  ownerDetail,
  type PickedReader,
  readerLabel,
  readersOf,
  sharedByLine,
  sharingChanged,
} from "./sharing-model";

const jane: PickedReader = { userId: "u-jane", email: "jane@example.com", name: "Jane Doe" };

describe("sharing a portfolio", () => {
  it("takes the readers of the access rights, leaving the owner out", () => {
    expect(
      readersOf([
        { userId: "u-owner", userEmail: "owner@example.com", portfolioAccessRole: "Owner" },
        { userId: "u-jane", userEmail: "jane@example.com", portfolioAccessRole: "Reader" },
        { userId: "u-gone", portfolioAccessRole: "Reader" },
      ]),
    ).toEqual([
      { userId: "u-jane", email: "jane@example.com" },
      { userId: "u-gone", email: "" },
    ]);
  });

  it("says what is wrong with an address before looking it up", () => {
    expect(addressProblem("  ", [], undefined)).toMatch(/Type the e-mail address/);
    expect(addressProblem("jane", [], undefined)).toBe("This is not an e-mail address.");
    expect(addressProblem("Owner@Example.com", [], "owner@example.com")).toMatch(/That is you/);
    expect(addressProblem("JANE@example.com ", [jane], "owner@example.com")).toMatch(/has access already/);
    expect(addressProblem("max@example.com", [jane], "owner@example.com")).toBeUndefined();
  });

  it("adds a user once and names them by name and address", () => {
    const found = { userId: "u-max", userEmail: "max@example.com", userName: "Max Muster" };
    const once = addReader([jane], found);
    expect(once.map((reader) => reader.userId)).toEqual(["u-jane", "u-max"]);
    expect(addReader(once, found)).toEqual(once);
    expect(readerLabel(jane)).toBe("Jane Doe (jane@example.com)");
    expect(readerLabel({ userId: "u", email: "x@example.com" })).toBe("x@example.com");
  });

  it("sees whether the readers changed, whatever their order", () => {
    expect(sharingChanged([jane], ["u-jane"])).toBe(false);
    expect(sharingChanged([], ["u-jane"])).toBe(true);
    expect(sharingChanged([jane], [])).toBe(true);
  });

  it("names the owner of a shared portfolio when known", () => {
    expect(sharedByLine("Jane Doe")).toBe("Shared with you by Jane Doe");
    expect(sharedByLine(undefined)).toBe("Shared with you");
    expect(ownerDetail("Jane Doe")).toBe("by Jane Doe");
    expect(ownerDetail(undefined)).toBeUndefined();
  });
});
