import { describe, expect, it } from "vitest";
import { visibleTabs } from "./platform-tabs";

const labels = (roles: string[], ownsACompany = false) =>
  visibleTabs({ roles, ownsACompany }).map((tab) => tab.label);

describe("visibleTabs", () => {
  it("shows the four common tabs and the data explorer to a reader", () => {
    expect(labels(["ROLE_USER"])).toEqual([
      "MY PORTFOLIOS",
      "COMPANIES",
      "MY DATASETS",
      "MY DATA REQUESTS",
      "DATA EXPLORER",
    ]);
  });

  it("adds QA for reviewers", () => {
    expect(labels(["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"])).toContain("QA");
  });

  it("adds the requests for owned companies for company owners", () => {
    expect(labels(["ROLE_USER"], true)).toContain("DATA REQUESTS FOR MY COMPANIES");
  });

  it("shows every tab to an admin who owns a company, in spec order, then the data explorer", () => {
    expect(labels(["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"], true)).toEqual([
      "MY PORTFOLIOS",
      "COMPANIES",
      "MY DATASETS",
      "QA",
      "MY DATA REQUESTS",
      "DATA REQUESTS FOR MY COMPANIES",
      "ALL DATA REQUESTS",
      "DATA EXPLORER",
    ]);
  });
});
