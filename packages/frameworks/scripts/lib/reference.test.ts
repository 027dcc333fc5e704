import { expect, it } from "vitest";
import { labelOfKey } from "./reference.ts";

it("labels a wire key by its words, with acronyms and a regulation's number spelt as usual", () => {
  expect(labelOfKey("capexBasedTotalGrossCarryingAmount")).toBe("CapEx based total gross carrying amount");
  expect(labelOfKey("breakdownOfTheNumeratorOfTheKpiOpexBased")).toBe(
    "Breakdown of the numerator of the KPI OpEx based",
  );
  expect(labelOfKey("oecdGuidelinesForMultinationalEnterprisesCompliancePolicy")).toBe(
    "OECD guidelines for multinational enterprises compliance policy",
  );
  expect(labelOfKey("reportsInAccordanceWithArticle79OfRegulationEu202673")).toBe(
    "Reports in accordance with article 79 of regulation EU 2026/73",
  );
  expect(labelOfKey("NoDeviation")).toBe("No deviation");
});
