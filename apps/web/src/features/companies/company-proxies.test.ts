import { describe, expect, it } from "vitest";
import { type CompanyProxy, proxyApplies, standInSources } from "./company-proxies";

const proxy = (overrides: Partial<CompanyProxy>): CompanyProxy => ({
  proxyId: "p1",
  proxiedCompanyId: "subsidiary",
  proxyCompanyId: "parent",
  proxyCompanyName: "Parent AG",
  framework: null,
  reportingPeriod: null,
  ...overrides,
});

describe("company proxies in the web app", () => {
  it("applies a proxy to its framework and period, null standing for all", () => {
    expect(proxyApplies(proxy({}), "sfdr", "2024")).toBe(true);
    expect(proxyApplies(proxy({ framework: "lksg" }), "sfdr")).toBe(false);
    expect(proxyApplies(proxy({ reportingPeriod: "2023" }), "sfdr", "2024")).toBe(false);
    expect(proxyApplies(proxy({ reportingPeriod: "2023" }), "sfdr")).toBe(true);
  });

  it("stands in for the periods the proxy covers and the company has no data of its own for", () => {
    const sfdr2024 = proxy({ proxyId: "a", framework: "sfdr", reportingPeriod: "2024" });
    const lksgAll = proxy({ proxyId: "b", framework: "lksg" });
    const sources = standInSources(
      [sfdr2024, lksgAll],
      [
        { proxyCompanyId: "parent", dataType: "sfdr", reportingPeriod: "2024" },
        { proxyCompanyId: "parent", dataType: "sfdr", reportingPeriod: "2023" },
        { proxyCompanyId: "parent", dataType: "lksg", reportingPeriod: "2023" },
        { proxyCompanyId: "parent", dataType: "lksg", reportingPeriod: "2025" },
        { proxyCompanyId: "parent", dataType: "lksg", reportingPeriod: "2024" },
        { proxyCompanyId: "other", dataType: "lksg", reportingPeriod: "2022" },
      ],
      new Map([["lksg", ["2024"]]]),
    );
    expect(sources.get("sfdr")).toEqual([{ proxy: sfdr2024, periods: ["2024"] }]);
    expect(sources.get("lksg")).toEqual([{ proxy: lksgAll, periods: ["2025", "2023"] }]);
  });
});
