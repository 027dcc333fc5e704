import { describe, expect, it } from "vitest";
import { suggestionDetails } from "./company-suggestions";

describe("a company suggestion's details", () => {
  const company = {
    companyId: "821b6cf3-e46f-55cb-84b6-115ba4c52aa1",
    companyName: "Verdana Energie AG",
    headquarters: "Frankfurt am Main",
    countryCode: "DE",
    lei: "529900OVDEMO00000095",
  };

  it("tells namesakes apart by place, country and LEI", () => {
    expect(suggestionDetails(company)).toBe("Frankfurt am Main, Germany · LEI 529900OVDEMO00000095");
  });

  it("leaves out what the company does not have", () => {
    expect(suggestionDetails({ ...company, lei: null })).toBe("Frankfurt am Main, Germany");
    expect(suggestionDetails({ ...company, headquarters: "", countryCode: "" })).toBe(
      "LEI 529900OVDEMO00000095",
    );
  });
});
