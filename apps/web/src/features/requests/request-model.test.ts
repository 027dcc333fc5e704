import { describe, expect, it } from "vitest";
import {
  type ExtendedStoredDataRequest,
  filterMyRequests,
  isValidEmail,
  ownerAccessChoices,
  parseContacts,
  relativeLink,
  requestedFramework,
  requesterActions,
  splitList,
  summariseBulk,
} from "./request-model";

describe("e-mail pattern of spec §5", () => {
  it.each([
    "jane.doe@example.com",
    "a_b!c+d-e@mail.example.co.uk",
    "SUSTAINABILITY@Verdana-Energie.example",
    "x@a.b.c.de",
  ])("accepts %s", (address) => expect(isValidEmail(address)).toBe(true));

  it.each([
    "jane",
    "jane@",
    "jane@example",
    "jane@example.c",
    "ja ne@example.com",
    "jane@a.b.c.d.example",
    "jane#x@example.com",
    "jane@example.c0m",
  ])("refuses %s", (address) => expect(isValidEmail(address)).toBe(false));
});

describe("pasted lists", () => {
  it("splits at commas, semicolons, spaces and line breaks and drops repeats", () => {
    expect(splitList(" DE0001, US0378331005;\nde0001\n\n  XS1 ")).toEqual(["DE0001", "US0378331005", "XS1"]);
  });

  it("separates valid and invalid contacts", () => {
    expect(parseContacts("a@example.com, nope; b@example.org")).toEqual({
      valid: ["a@example.com", "b@example.org"],
      invalid: ["nope"],
    });
  });
});

describe("what may be done in which state", () => {
  it("lets the requester withdraw open requests and resolve or close answered ones", () => {
    expect(requesterActions("Open")).toEqual(["withdraw"]);
    expect(requesterActions("Answered")).toEqual(["resolve", "close"]);
    expect(requesterActions("Resolved")).toEqual([]);
    expect(requesterActions("Withdrawn")).toEqual([]);
  });

  it("offers owners only the access changes the server allows", () => {
    expect(ownerAccessChoices("Pending")).toEqual(["Granted", "Declined"]);
    expect(ownerAccessChoices("Granted")).toEqual(["Revoked"]);
    expect(ownerAccessChoices("Declined")).toEqual(["Granted"]);
    expect(ownerAccessChoices("Revoked")).toEqual(["Granted"]);
    expect(ownerAccessChoices("Public")).toEqual([]);
  });
});

describe("bulk answer summary", () => {
  const item = (identifier: string, framework = "sfdr") => ({
    userProvidedIdentifier: identifier,
    companyName: `Company ${identifier}`,
    framework,
    reportingPeriod: "2024",
    resourceId: "r",
    resourceUrl: `https://openverde.example/requests/${identifier}`,
  });

  it("groups the answer, leaves out empty groups and counts", () => {
    const summary = summariseBulk({
      acceptedDataRequests: [item("A"), item("B", "lksg")],
      alreadyExistingRequests: [],
      alreadyExistingDatasets: [item("C")],
      rejectedCompanyIdentifiers: ["XS0"],
    });
    expect(summary.groups.map((group) => group.outcome)).toEqual(["accepted", "alreadyAvailable"]);
    expect(summary.groups[0]?.rows[1]).toMatchObject({ framework: "LkSG", link: "/requests/B" });
    expect(summary.total).toBe(3);
    expect(summary.rejected).toEqual(["XS0"]);
  });

  it("keeps links on this origin", () => {
    expect(relativeLink("https://elsewhere.example/companies/x?y=1#z")).toBe("/companies/x?y=1#z");
    expect(relativeLink("/requests/1")).toBe("/requests/1");
  });
});

describe("filtering one's own requests", () => {
  const request = (patch: Partial<ExtendedStoredDataRequest>): ExtendedStoredDataRequest => ({
    dataRequestId: "1",
    userId: "u",
    creationTimestamp: 1,
    dataType: "sfdr",
    reportingPeriod: "2024",
    datalandCompanyId: "c",
    companyName: "Verdana Energie AG",
    lastModifiedDate: 1,
    requestStatus: "Open",
    accessStatus: "Public",
    requestPriority: "Baseline",
    ...patch,
  });

  it("filters by company name, framework, period and status, newest change first", () => {
    const list = [
      request({ dataRequestId: "1", lastModifiedDate: 1 }),
      request({ dataRequestId: "2", lastModifiedDate: 5, companyName: "Other" }),
      request({ dataRequestId: "3", lastModifiedDate: 3, requestStatus: "Answered" }),
      request({ dataRequestId: "4", lastModifiedDate: 4, dataType: "lksg" }),
    ];
    const none = { search: "", framework: "", period: "", status: "" };
    expect(filterMyRequests(list, none).map((r) => r.dataRequestId)).toEqual(["2", "4", "3", "1"]);
    expect(
      filterMyRequests(list, { ...none, search: "verdana", framework: "sfdr" }).map((r) => r.dataRequestId),
    ).toEqual(["3", "1"]);
    expect(filterMyRequests(list, { ...none, status: "Answered" }).map((r) => r.dataRequestId)).toEqual([
      "3",
    ]);
  });
});

describe("the framework a link preselects", () => {
  it("takes a framework named in ?dataType= and nothing else", () => {
    expect(requestedFramework("sfdr")).toBe("sfdr");
    expect(requestedFramework("eutaxonomy-non-financials")).toBe("eutaxonomy-non-financials");
    expect(requestedFramework("SFDR")).toBe("");
    expect(requestedFramework("unknown")).toBe("");
    expect(requestedFramework(null)).toBe("");
  });
});
