import { describe, expect, it } from "vitest";
import {
  companyDraftProblems,
  emptyCompanyDraft,
  identifierConflicts,
  toCompanyInformation,
} from "./company-form";

describe("the company form", () => {
  it("asks for name, city and country and checks identifier formats", () => {
    const problems = companyDraftProblems({
      ...emptyCompanyDraft(),
      identifiers: [{ type: "Lei", value: "123" }],
    });
    expect(Object.keys(problems).sort()).toEqual([
      "companyName",
      "countryCode",
      "headquarters",
      "identifiers.0",
    ]);
  });

  it("builds the company information with identifiers by type", () => {
    const info = toCompanyInformation({
      ...emptyCompanyDraft(),
      companyName: " Example AG ",
      headquarters: "Berlin",
      countryCode: "DE",
      alternativeNames: "Ex, Example",
      identifiers: [
        { type: "Lei", value: "5493001kjx4bt0ihag73" },
        { type: "Isin", value: "" },
      ],
    });
    expect(info).toEqual({
      companyName: "Example AG",
      headquarters: "Berlin",
      countryCode: "DE",
      identifiers: { Lei: ["5493001KJX4BT0IHAG73"] },
      companyAlternativeNames: ["Ex", "Example"],
    });
    expect(
      companyDraftProblems({
        ...emptyCompanyDraft(),
        companyName: "x",
        headquarters: "y",
        countryCode: "DE",
        identifiers: [{ type: "Lei", value: "5493001KJX4BT0IHAG73" }],
      }),
    ).toEqual({});
  });

  it("names the company that already holds an identifier", () => {
    const draft = {
      ...emptyCompanyDraft(),
      identifiers: [
        { type: "Lei" as const, value: "5493001kjx4bt0ihag73" },
        { type: "Isin" as const, value: "DE0001" },
      ],
    };
    const conflicts = identifierConflicts(draft, [
      {
        identifier: "5493001KJX4BT0IHAG73",
        companyInformation: {
          companyId: "c1",
          companyName: "Holder AG",
          headquarters: "Bonn",
          countryCode: "DE",
        } as never,
      },
      { identifier: "DE0001", companyInformation: null },
    ]);
    expect([...conflicts]).toEqual([[0, { companyId: "c1", companyName: "Holder AG" }]]);
  });
});
