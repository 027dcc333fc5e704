import { describe, expect, it } from "vitest";
import { demoCompanies } from "./seed";

describe("the demo companies", () => {
  it("have the legal form their name ends with", () => {
    const misfits = demoCompanies()
      .filter(({ information }) => !information.companyName.endsWith(` ${information.companyLegalForm}`))
      .map(({ information }) => `${information.companyName}: ${information.companyLegalForm}`);
    expect(misfits).toEqual([]);
  });
});
